"""The Standings API, the Cup API (HAND_RECORD.md) and the free-games API (R15): the
same numbers and order as the pages; a bad parameter gets a clear 400 or 404 in JSON,
never a 500."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from competitions.models import Competition, Season
from competitions.selectors.cup import cup_api_data
from competitions.selectors.free_games import free_games_closing, free_games_tables
from competitions.selectors.standings import (
    championship_table,
    grand_prix_table,
    standings_as_api,
)
from tarokk_admin.core.api import api_error, api_get
from tarokk_admin.core.params import BadParameter, id_param, year_param


def _season(value: str, *, name: str) -> Season | JsonResponse:
    year = year_param(value, name=name)
    season = Season.objects.filter(year=year).first()
    if season is None:
        return api_error(_("There is no %(year)s season.") % {"year": year}, 404)
    return season


@api_get
def championship_api(request: HttpRequest, year: str) -> JsonResponse:
    season = _season(year, name="year")
    if isinstance(season, JsonResponse):
        return season
    rows = championship_table(season=season)
    return JsonResponse(
        {"season": season.year, "rows": standings_as_api(rows, score_key="points")}
    )


@api_get
def grand_prix_list_api(request: HttpRequest) -> JsonResponse:
    value = request.GET.get("season", "")
    if not value:
        raise BadParameter(_("Say which season: ?season=2026."))
    season = _season(value, name="season")
    if isinstance(season, JsonResponse):
        return season
    events = Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX
    ).order_by("starts", "id")
    return JsonResponse(
        {"events": [{"id": event.pk, "name": event.name} for event in events]}
    )


@api_get
def grand_prix_api(request: HttpRequest, pk: str) -> JsonResponse:
    number = id_param(pk, name="id")
    event = (
        Competition.objects.select_related("season")
        .filter(pk=number, kind=Competition.Kind.GRAND_PRIX)
        .first()
    )
    if event is None:
        return api_error(_("There is no Grand Prix %(id)s.") % {"id": number}, 404)
    rows = grand_prix_table(competition=event)
    return JsonResponse(
        {
            "id": event.pk,
            "name": event.name,
            "season": event.season.year,
            "rows": standings_as_api(rows, score_key="total"),
        }
    )


@api_get
def cup_api(request: HttpRequest, year: str) -> JsonResponse:
    """GET /api/cup/<year>/ (HAND_RECORD.md "Cup API"); not a year: 400 JSON; no cup
    that year: 404 JSON."""
    number = year_param(year, name="year")
    data = cup_api_data(number)
    if data is None:
        return api_error(_("There is no cup in %(year)s.") % {"year": number}, 404)
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


@api_get
def free_games_api(request: HttpRequest, year: str) -> JsonResponse:
    """GET /api/free-games/<year>/: the year's free-games tables as on the page
    (R15), with each table's winners once the year is closed."""
    season = _season(year, name="year")
    if isinstance(season, JsonResponse):
        return season
    closing = free_games_closing(season)
    winners: dict[str, list[dict[str, Any]]] = {}
    for winner in closing.winners.all() if closing else []:
        winners.setdefault(winner.table, []).append(
            {
                "entrant": "player" if winner.player_id else "team",
                "id": winner.player_id or winner.team_id,
                "name": winner.name,
                "points": winner.points,
            }
        )
    tables = [
        {
            "key": table.key,
            "title": table.title,
            "variant": table.variant or None,
            "name": table.name or None,
            "unit": "match_points" if not table.variant else "variant_points",
            "rows": [row.as_api() for row in table.rows],
            "winners": winners.get(table.key, []),
        }
        for table in free_games_tables(season=season)
    ]
    return JsonResponse(
        {
            "season": season.year,
            "closed": closing.closed_at.date().isoformat() if closing else None,
            "tables": tables,
        },
        json_dumps_params={"ensure_ascii": False},
    )
