"""The read-only trophy list API, exactly as HAND_RECORD.md "Trophy list API" says.

Bad parameters get a 400 with ``{"error": "..."}`` naming what is wrong; an unknown
player a 404 in the same shape; never a 500.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, JsonResponse, QueryDict
from django.utils.translation import gettext as _

from competitions.models import Player
from scoring.engine.catalogue import TROPHIES
from tarokk_admin.core.api import api_error, api_get
from tarokk_admin.core.params import ID, BadParameter, id_param, year_param
from trophies.models import TrophyAward
from trophies.selectors import (
    AwardFilters,
    awards_filtered,
    player_trophies,
    ranked,
    tally_rows,
    trophy_cup_thresholds_by_player,
    trophy_cups_of,
)

API_PAGE_SIZE = 20


def api_filters(params: QueryDict) -> AwardFilters:
    """``q``, ``trophy`` and ``year`` from the query string, checked: a parameter
    that is given must be valid (an empty one too), as the API's schema says."""
    trophy = params.get("trophy")
    if trophy is not None and trophy not in TROPHIES:
        raise BadParameter(
            _(
                'Unknown trophy "%(value)s": use a trophy code of the catalogue '
                "(R9), from spadille to royal, e.g. golgotha."
            )
            % {"value": trophy[:40]}
        )
    raw = params.get("year")
    year = year_param(raw) if raw is not None else None
    q = params.get("q", "")
    if "\x00" in q or len(q) > 200:
        raise BadParameter(_('"q" must be a name to search for (at most 200 letters).'))
    return AwardFilters(q=q, trophy=trophy or "", year=year)


def award_json(award: TrophyAward) -> dict[str, Any]:
    """HAND_RECORD.md's keys, then the keys added since (the API grows by adding):
    ``event`` (null when none) and ``source``, ``app`` or ``archive`` (R14)."""
    return {
        "player": award.player.name,
        "trophy": award.feast,
        "points": award.value,
        "date": award.date.isoformat(),
        "match": award.match_id,
        "variant": award.variant or None,
        "event": award.event or None,
        "source": award.source,
    }


@api_get
def trophy_list_api(request: HttpRequest) -> JsonResponse:
    """``GET /api/trophy-list/``: every player with trophy points, ranked (R14)."""
    cups = trophy_cup_thresholds_by_player()
    rows = [
        {
            "rank": row["rank"],
            "player": row["name"],
            "points": row["points"],
            "cups": cups.get(row["player_id"], []),
        }
        for row in ranked(tally_rows())
    ]
    return JsonResponse({"rows": rows})


@api_get
def trophies_api(request: HttpRequest) -> JsonResponse:
    """``GET /api/trophies/?q=&trophy=&year=&page=``: trophies newest first."""
    filters = api_filters(request.GET)
    raw = request.GET.get("page")
    number = id_param(raw, name="page") if raw is not None else 1
    awards = awards_filtered(filters).select_related("player")
    paginator = Paginator(awards, API_PAGE_SIZE)
    if number > max(paginator.num_pages, 1):
        return api_error(
            _("There is no page %(page)s: there are %(pages)s page(s).")
            % {"page": number, "pages": paginator.num_pages},
            404,
        )
    page = paginator.page(number)
    next_url = None
    if page.has_next():
        query = request.GET.copy()
        query["page"] = str(page.next_page_number())
        next_url = request.build_absolute_uri(f"{request.path}?{query.urlencode()}")
    return JsonResponse(
        {
            "count": paginator.count,
            "next": next_url,
            "results": [award_json(award) for award in page.object_list],
        }
    )


@api_get
def player_trophies_api(request: HttpRequest, player_id: str) -> JsonResponse:
    """``GET /api/players/<id>/trophies/``: a player's points, cups and trophies."""
    player = (
        Player.objects.filter(pk=int(player_id)).first()
        if ID.matches(player_id)
        else None
    )
    if player is None:
        return api_error(
            _('There is no player with id "%(id)s".') % {"id": player_id[:40]}, 404
        )
    awards = player_trophies(player)
    return JsonResponse(
        {
            "player": player.name,
            "points": sum(award.value for award in awards),
            "cups": [
                cup.threshold for cup in trophy_cups_of([player.pk]).get(player.pk, [])
            ],
            "trophies": [award_json(award) for award in awards],
        }
    )
