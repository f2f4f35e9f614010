"""Which season a public page shows."""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import Season
from tarokk_admin.params import whole_number


def season_current() -> Season | None:
    """This year's season, or the latest one before it, or the earliest after it."""
    year = timezone.localdate().year
    season = Season.objects.filter(year__lte=year).order_by("-year").first()
    return season or Season.objects.order_by("year").first()


def season_from_param(year: str | None) -> Season | None:
    """The season a ``?season=`` parameter names, or the current one when it is
    empty; 404 with a sentence for anything that is not an existing season's year."""
    if not year:
        return season_current()
    number = whole_number(year, max_digits=4)
    if number is None:
        raise Http404(_("The season must be a year, such as 2026."))
    season = Season.objects.filter(year=number).first()
    if season is None:
        raise Http404(_("There is no %(year)s season.") % {"year": year})
    return season


def season_years() -> list[int]:
    return list(Season.objects.order_by("-year").values_list("year", flat=True))
