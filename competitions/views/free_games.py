"""The yearly free-games table (R15) naming the winner, and the season's games."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from competitions.models import Competition, Match, VariantGame
from competitions.selectors.free_games import free_games_table, free_games_winners
from competitions.selectors.matches import public_matches, with_scores
from competitions.selectors.seasons import season_current, season_or_404, season_years
from competitions.tables import FreeGamesTable
from tarokk_admin.core.roles import is_official
from tarokk_admin.core.tables import table_configure, table_export


def free_games_current(request: HttpRequest) -> HttpResponse:
    season = season_current()
    if season is None:
        return render(request, "competitions/no_season.html", {"section": "free_games"})
    return redirect("competitions:free_games_season", year=season.year)


def free_games_season(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    rows = free_games_table(season=season)
    table = FreeGamesTable(rows)
    table_configure(request, table)
    exported = table_export(request, table, f"free-games-{season.year}")
    if exported is not None:
        return exported
    royal = with_scores(
        list(
            public_matches(request.user)
            .filter(
                competition__season=season,
                competition__kind=Competition.Kind.FREE,
                status=Match.Status.COMPLETED,
            )
            .select_related("team_a", "team_b")
            .prefetch_related("results")
            .order_by("-date", "-id")[:20]
        )
    )
    variants = list(
        VariantGame.objects.filter(competition__season=season)
        .prefetch_related("scores__team")
        .order_by("-date", "-id")[:20]
    )
    return render(
        request,
        "competitions/free_games.html",
        {
            "season": season,
            "years": season_years(),
            "table": table,
            "winners": free_games_winners(rows),
            "royal": royal,
            "variants": variants,
            "is_official": is_official(request.user),
            "section": "free_games",
        },
    )
