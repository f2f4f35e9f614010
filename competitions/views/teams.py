"""A team's page: roster with roles and history, matches, a chart of cumulative
championship points through the season (server-side SVG), trophies of its players."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string

from competitions.models import Team
from competitions.selectors.page_cache import (
    AWARDS,
    MATCHES,
    MEMBERSHIPS,
    PLAYERS,
    RESULTS,
    TEAMS,
    page_key,
    pages_version,
    with_data_mark,
)
from competitions.selectors.pages import points_chart, team_season
from competitions.selectors.seasons import season_from_param
from competitions.views.common import cached_body

# What the page shows: its matches and results, opponents' and players' names, the
# roster, the trophies of its players (page_cache).
TEAM_MARKS = (MATCHES, RESULTS, TEAMS, PLAYERS, MEMBERSHIPS, AWARDS)


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # One query: the team and the data mark of its cached body (page_cache).
    team = get_object_or_404(with_data_mark(Team.objects.all(), TEAM_MARKS), pk=pk)
    season = season_from_param(request.GET.get("season"))

    def body() -> str:
        data = team_season(team=team, season=season, user=request.user)
        seasons = sorted(
            {m.season.year for m in data.history}
            | ({season.year} if season else set()),
            reverse=True,
        )
        return render_to_string(
            "competitions/_team_body.html",
            {
                "team": team,
                "season": season,
                "seasons": seasons,
                "data": data,
                "chart": points_chart(data.cumulative),
            },
        )

    # The body is the same for every visitor: only public or jury-approved matches
    # are listed (R15), whoever asks; the navbar stays outside, per request.
    season_id = season.pk if season else None
    key = page_key(
        "team",
        team.pk,
        season_id,
        team.page_mark,
        pages_version(),
    )
    return render(
        request,
        "competitions/team.html",
        {"team": team, "body": cached_body(key, body), "section": "championship"},
    )
