"""Closing the season's competitions and recording the annual meeting (R15), in the
officials' workspace: the season page lists each competition with what is still
open and its close button; the meeting page approves a year's closings."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.forms.closings import AnnualMeetingForm
from competitions.models import Competition, FreeGamesClosing
from competitions.selectors.closings import season_closing_lines, year_meeting
from competitions.selectors.seasons import season_or_404
from competitions.services.closings import (
    ClosingRefused,
    annual_meeting_record,
    competition_close,
)
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post, post_only
from tarokk_admin.core.roles import official_only


@official_only(OFFICIALS_ONLY)
@post_only
def competition_close_view(request: HttpRequest, pk: int) -> HttpResponse:
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    try:
        competition_close(competition=competition, user=request.user)
    except ClosingRefused as refused:
        messages.error(request, refused.message)
        return redirect(
            f"{_season_url(competition)}?refused={competition.pk}#closings-title"
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(competition)s is closed; its final table is kept.")
            % {"competition": competition.title},
        )
    return redirect(f"{_season_url(competition)}#closings-title")


def _season_url(competition: Competition) -> str:
    return reverse("officials:season", kwargs={"year": competition.season.year})


@official_only(OFFICIALS_ONLY)
@get_or_post
def annual_meeting(request: HttpRequest, year: int) -> HttpResponse:
    """The meeting approving ``year`` (R15): its record, or the form to enter it
    with the closings it approves."""
    season = season_or_404(year)
    meeting = year_meeting(year)
    form = AnnualMeetingForm(request.POST or None, prefix="meeting")
    if request.method == "POST" and meeting is None and form.is_valid():
        data = form.cleaned_data
        if service_run(
            form,
            lambda: annual_meeting_record(
                year=year, date=data["date"], note=data["note"], user=request.user
            ),
        ):
            messages.success(
                request,
                _("The annual meeting is recorded: the records of %(year)s are final.")
                % {"year": year},
            )
            return redirect("officials:annual_meeting", year=year)
    lines = season_closing_lines(season)
    return render(
        request,
        "competitions/officials/annual_meeting.html",
        {
            "season": season,
            "meeting": meeting,
            "form": form,
            "lines": lines,
            "free_games": FreeGamesClosing.objects.filter(season=season).first(),
            "approved": (
                {closing.pk for closing in meeting.closings.all()} if meeting else set()
            ),
        },
        status=400 if form.is_bound else 200,
    )
