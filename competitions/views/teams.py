"""A team's page: roster with roles and history, matches, a chart of cumulative
championship points through the season (server-side SVG), trophies of its players."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from competitions.models import Season, Team
from competitions.selectors.pages import points_chart, team_season
from competitions.selectors.seasons import season_current


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    year = request.GET.get("season")
    if year:
        if not year.isdigit():
            raise Http404(_("The season must be a year, such as 2026."))
        season = Season.objects.filter(year=int(year)).first()
        if season is None:
            raise Http404(_("There is no %(year)s season.") % {"year": year})
    else:
        season = season_current()
    data = team_season(team=team, season=season, user=request.user)
    seasons = sorted(
        {m.season.year for m in data.history} | ({season.year} if season else set()),
        reverse=True,
    )
    return render(
        request,
        "competitions/team.html",
        {
            "team": team,
            "season": season,
            "seasons": seasons,
            "data": data,
            "chart": points_chart(data.cumulative),
            "section": "championship",
        },
    )
