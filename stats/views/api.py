"""The statistics JSON API, read-only, no login; shapes in the README.

``GET /api/statistics/`` — one line per season; ``/api/statistics/<year>/`` — the
federation's season; ``…/teams/`` and ``…/players/`` — the lists;
``…/teams/<id>/`` and ``…/players/<id>/`` — one subject's season. Codes, never
names, for feasts and trophies (the catalogue's, R13). A malformed year or id is a
400, a missing season, team or player a 404, both as JSON with one sentence.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _

from competitions.models import Player, Season, Team
from stats.selectors import season as selectors
from tarokk_admin.core.api import api_error, api_get
from tarokk_admin.core.params import id_param, year_param


def _json(data: dict) -> JsonResponse:
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


class _Missing(Exception):
    pass


def _season(year: str) -> Season:
    season = Season.objects.filter(year=year_param(year)).first()
    if season is None:
        raise _Missing(_("There is no %(year)s season.") % {"year": year})
    return season


def _answer(build) -> JsonResponse:
    try:
        return _json(build())
    except _Missing as missing:
        return api_error(str(missing), 404)


@api_get
def seasons_api(request: HttpRequest) -> JsonResponse:
    return _json({"seasons": selectors.seasons_overview()})


@api_get
def season_api(request: HttpRequest, year: str) -> JsonResponse:
    return _answer(lambda: selectors.federation_season(_season(year)))


@api_get
def teams_api(request: HttpRequest, year: str) -> JsonResponse:
    def build() -> dict:
        season = _season(year)
        return {"season": season.year, "rows": selectors.team_rows(season)}

    return _answer(build)


@api_get
def players_api(request: HttpRequest, year: str) -> JsonResponse:
    def build() -> dict:
        season = _season(year)
        return {"season": season.year, "rows": selectors.player_rows(season)}

    return _answer(build)


@api_get
def team_api(request: HttpRequest, year: str, pk: str) -> JsonResponse:
    def build() -> dict:
        season = _season(year)
        team = Team.objects.filter(pk=id_param(pk, name="team")).first()
        if team is None:
            raise _Missing(_("There is no team with id %(id)s.") % {"id": pk})
        return selectors.team_season(season, team)

    return _answer(build)


@api_get
def player_api(request: HttpRequest, year: str, pk: str) -> JsonResponse:
    def build() -> dict:
        season = _season(year)
        player = Player.objects.filter(pk=id_param(pk, name="player")).first()
        if player is None:
            raise _Missing(_("There is no player with id %(id)s.") % {"id": pk})
        return selectors.player_season(season, player)

    return _answer(build)
