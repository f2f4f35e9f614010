"""A player's page: every trophy (linked to its match or sitting), every cup as badges,
and the free-games results per year and variant (R15)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from competitions.models import Player
from competitions.selectors.free_games import player_free_games
from competitions.selectors.honours import player_honours
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.tables import table_configure, table_export
from trophies.selectors import player_trophies, trophy_cup_thresholds, trophy_cups_of
from trophies.tables import CUP_ICON, TrophyAwardTable


@get_only
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's every trophy (linked to its match) and every cup as badges."""
    player = get_object_or_404(Player, pk=pk)
    awards = player_trophies(player)
    table = TrophyAwardTable(awards, exclude=("player",))
    table_configure(request, table, per_page=None)
    response = table_export(
        request,
        table,
        f"trophies-{player.pk}",
        title=f"{_('Trophies')} – {player.name}",
    )
    if response is not None:
        return response
    return render(
        request,
        "trophies/player.html",
        {
            "player": player,
            "points": sum(a.value for a in awards),
            "cups": trophy_cups_of([player.pk]).get(player.pk, []),
            "table": table,
            "count": len(awards),
            "first_threshold": trophy_cup_thresholds()[0],
            "cup_icon": mark_safe(CUP_ICON),
            "free_games": player_free_games(player),
            "past": player_honours(player),
        },
    )
