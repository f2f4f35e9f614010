"""The season's page for officials: create a season, change its annual-meeting and
cup registration dates (R15), and the way to close its free games."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.forms.officials import SeasonChangeForm, SeasonCreateForm
from competitions.models import Season
from competitions.selectors.closings import season_closing_lines, year_meeting
from competitions.selectors.free_games import free_games_closing
from competitions.selectors.seasons import season_or_404
from competitions.services.seasons import season_create, season_update
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import official_only

HISTORY_ROWS = 10


@official_only(OFFICIALS_ONLY)
@get_or_post
def season_list(request: HttpRequest) -> HttpResponse:
    form = SeasonCreateForm(request.POST or None, prefix="new")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        created = service_run(
            form,
            lambda: season_create(
                year=data["year"],
                annual_meeting=data["annual_meeting"],
                cup_registration_opens=data["cup_registration_opens"],
                cup_registration_closes=data["cup_registration_closes"],
                user=request.user,
            ),
        )
        if created:
            messages.success(
                request, _("The %(year)s season is created.") % {"year": data["year"]}
            )
            return redirect("officials:season", year=data["year"])
    return render(
        request,
        "competitions/officials/seasons.html",
        {"form": form, "seasons": Season.objects.order_by("-year")},
        status=400 if form.is_bound else 200,
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def season_edit(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    initial = {
        "annual_meeting": season.annual_meeting,
        "cup_registration_opens": season.cup_registration_opens,
        "cup_registration_closes": season.cup_registration_closes,
    }
    form = SeasonChangeForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if service_run(
            form,
            lambda: season_update(
                season=season,
                annual_meeting=data["annual_meeting"],
                cup_registration_opens=data["cup_registration_opens"],
                cup_registration_closes=data["cup_registration_closes"],
                user=request.user,
                reason=data["reason"],
            ),
        ):
            messages.success(request, _("The season's dates are saved."))
            return redirect("officials:season", year=year)
    history = list(
        season.history.select_related("history_user__player").order_by("-history_date")[
            :HISTORY_ROWS
        ]
    )
    return render(
        request,
        "competitions/officials/season.html",
        {
            "season": season,
            "form": form,
            "history": history,
            "closing": free_games_closing(season),
            "lines": season_closing_lines(season),
            "meeting": year_meeting(season.year),
            "refused": request.GET.get("refused", ""),
        },
        status=400 if form.is_bound else 200,
    )
