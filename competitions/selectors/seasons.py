"""Which season a public page shows."""

from __future__ import annotations

from django.utils import timezone

from competitions.models import Season


def season_current() -> Season | None:
    """This year's season, or the latest one before it, or the earliest after it."""
    year = timezone.localdate().year
    season = Season.objects.filter(year__lte=year).order_by("-year").first()
    return season or Season.objects.order_by("year").first()


def season_years() -> list[int]:
    return list(Season.objects.order_by("-year").values_list("year", flat=True))
