"""Which season a public page shows."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import Season
from tarokk_admin.core.params import BadParameter, year_param


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
    try:
        number = year_param(year, name="season")
    except BadParameter as error:
        raise Http404(str(error)) from error
    season = Season.objects.filter(year=number).first()
    if season is None:
        raise Http404(_("There is no %(year)s season.") % {"year": year})
    return season


def season_years() -> list[int]:
    return list(Season.objects.order_by("-year").values_list("year", flat=True))


def season_or_404(year: int) -> Season:
    return get_object_or_404(Season, year=year)
