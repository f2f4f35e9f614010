"""The Standings API (HAND_RECORD.md "Standings API"): the same numbers and order as
the pages; a bad parameter gets a clear 400 or 404 in JSON, never a 500."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from competitions.models import Competition, Season
from competitions.selectors.standings import (
    championship_table,
    grand_prix_table,
    standings_as_api,
)
from tarokk_admin.api import api_get
from tarokk_admin.params import whole_number

MAX_ID = 2**63 - 1


def _error(message: str, status: int) -> JsonResponse:
    return JsonResponse({"error": message}, status=status)


def _positive_int(value: str) -> int | None:
    number = whole_number(value, max_digits=18)
    if number is None:
        return None
    return number if 0 < number <= MAX_ID else None


@api_get
def championship_api(request: HttpRequest, year: str) -> JsonResponse:
    number = _positive_int(year)
    if number is None or number > 9999:
        return _error(
            _("The season must be a year such as 2026, not %(value)s.")
            % {"value": year},
            400,
        )
    season = Season.objects.filter(year=number).first()
    if season is None:
        return _error(_("There is no %(year)s season.") % {"year": number}, 404)
    rows = championship_table(season=season)
    return JsonResponse(
        {"season": season.year, "rows": standings_as_api(rows, score_key="points")}
    )


@api_get
def grand_prix_list_api(request: HttpRequest) -> JsonResponse:
    value = request.GET.get("season")
    if value is None or value == "":
        return _error(_("Say which season: ?season=2026."), 400)
    number = _positive_int(value)
    if number is None or number > 9999:
        return _error(
            _("The season must be a year such as 2026, not %(value)s.")
            % {"value": value},
            400,
        )
    season = Season.objects.filter(year=number).first()
    if season is None:
        return _error(_("There is no %(year)s season.") % {"year": number}, 404)
    events = Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX
    ).order_by("starts", "id")
    return JsonResponse(
        {"events": [{"id": event.pk, "name": event.name} for event in events]}
    )


@api_get
def grand_prix_api(request: HttpRequest, pk: str) -> JsonResponse:
    number = _positive_int(pk)
    if number is None:
        return _error(
            _("A Grand Prix is named by its number, not %(value)s.") % {"value": pk},
            400,
        )
    event = (
        Competition.objects.select_related("season")
        .filter(pk=number, kind=Competition.Kind.GRAND_PRIX)
        .first()
    )
    if event is None:
        return _error(_("There is no Grand Prix %(id)s.") % {"id": number}, 404)
    rows = grand_prix_table(competition=event)
    return JsonResponse(
        {
            "id": event.pk,
            "name": event.name,
            "season": event.season.year,
            "rows": standings_as_api(rows, score_key="total"),
        }
    )
