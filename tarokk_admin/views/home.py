"""Pages of the project itself: the home page (the season at a glance) and
placeholders for coming sections."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tarokk_admin.core.methods import get_only


@get_only
def home(request: HttpRequest) -> HttpResponse:
    """The season at a glance: leaders, latest results, next matches (a fixed number
    of queries: the tables are cached, the lists are limited)."""
    from competitions.selectors.matches import latest_results, next_matches
    from competitions.selectors.seasons import season_current
    from competitions.selectors.standings import championship_table

    season = season_current()
    context = {"season": season}
    if season is not None:
        context.update(
            leaders=championship_table(season=season)[:5],
            latest=latest_results(season=season, user=request.user),
            upcoming=next_matches(season=season, user=request.user),
        )
    return render(request, "home.html", context)
