"""The officials' workspace home (``/officials/``): the season in progress in
figures, what needs attention, and the way to every officials' page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy

from competitions.selectors.seasons import season_current
from competitions.selectors.workspace import season_dashboard
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("The officials' workspace is for officials.")


@official_only(OFFICIALS_ONLY)
@get_only
def workspace_home(request: HttpRequest) -> HttpResponse:
    season = season_current()
    return render(
        request,
        "competitions/officials/home.html",
        {"board": season_dashboard(season), "season": season, "section": "officials"},
    )


@official_only(OFFICIALS_ONLY)
@get_only
def cup_current(request: HttpRequest) -> HttpResponse:
    """The menu's way to the current season's cup desk."""
    season = season_current()
    if season is None:
        return redirect("officials:seasons")
    return redirect("officials:cup", year=season.year)
