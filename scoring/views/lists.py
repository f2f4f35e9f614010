"""The role home pages: /referee/, /jury/, /captain/."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Case, IntegerField, Value, When
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.models import Match, MatchResult
from competitions.selectors.calendars import referee_calendar_token
from competitions.selectors.matches import JURY_APPROVAL_RULE, jury_approval_why
from competitions.selectors.teams import (
    captain_matches_filter,
    captain_team_ids,
    captains_anything,
)
from competitions.selectors.workspace import approvals_pending, refusals_open
from competitions.services.jury import jury_refuse
from competitions.services.matches import jury_approve
from competitions.services.results import result_answer
from scoring.forms import AnswerForm, ApprovalForm, OpenMatchFilter
from scoring.views.access import load_match
from scoring.views.captain import captain_match_page
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import (
    is_captain,
    is_jury,
    is_official,
    is_referee,
    refuse,
    role_required,
)

OPEN = (Match.Status.SCHEDULED, Match.Status.IN_PLAY)
RECENT_COMPLETED = 20
PAGE = 50


def _matches():
    return Match.objects.select_related(
        "competition__season", "team_a", "team_b", "referee__player"
    )


@role_required(is_referee, lambda: _("This page is for referees and officials."))
@get_only
def referee_home(request: HttpRequest) -> HttpResponse:
    """Referees: their matches, open ones first, then the recent completed ones.
    Officials: every open match, filtered by competition and status."""
    if is_official(request.user):
        filterset = OpenMatchFilter(
            request.GET, queryset=_matches().filter(status__in=OPEN)
        )
        matches = (
            filterset.qs.order_by("date", "time", "id")
            if filterset.is_valid()
            else _matches().none()
        )
        page = Paginator(matches, PAGE).get_page(request.GET.get("page"))
        return render(
            request,
            "scoring/referee_home.html",
            {"official": True, "filter": filterset, "open": page, "done": []},
        )
    mine = _matches().filter(referee=request.user)
    return render(
        request,
        "scoring/referee_home.html",
        {
            "official": False,
            "calendar_url": reverse(
                "competitions:calendar_referee",
                args=[request.user.pk, referee_calendar_token(request.user.pk)],
            ),
            "open": list(mine.filter(status__in=OPEN).order_by("date", "time", "id")),
            "done": list(
                mine.filter(status=Match.Status.COMPLETED).order_by(
                    "-completed_at", "-id"
                )[:RECENT_COMPLETED]
            ),
        },
    )


@role_required(is_jury, lambda: _("This page is for the jury and officials."))
@get_only
def jury_home(request: HttpRequest) -> HttpResponse:
    """Matches that need the jury's decision (R15) and have none yet; and the
    matches it refused that are still to play (it may approve them after all)."""
    related = ("competition__season", "team_a", "team_b", "referee")
    waiting = (
        approvals_pending().select_related(*related).order_by("date", "time", "id")
    )
    refused = (
        refusals_open()
        .select_related(*related, "jury_refusal__refused_by__player")
        .order_by("date", "time", "id")
    )
    page = Paginator(waiting, PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "scoring/jury_home.html",
        {
            "page": page,
            # R15's rule and, for each match, which half of it applies: the words
            # live beside the rule (competitions/selectors/matches.py).
            "rule": JURY_APPROVAL_RULE,
            "waiting": [
                (match, jury_approval_why(match, label=True)) for match in page
            ],
            "form": ApprovalForm(),
            "refused": list(refused[:PAGE]),
        },
    )


@require_POST
@role_required(is_jury, lambda: _("Only the jury records approvals."))
def jury_approve_view(request: HttpRequest, pk: int) -> HttpResponse:
    match = load_match(pk)
    form = ApprovalForm(request.POST)
    if form.is_valid():
        try:
            jury_approve(match=match, user=request.user, note=form.cleaned_data["note"])
        except ServiceError as error:
            messages.error(request, f"{match}: {error.message}")
        else:
            messages.success(request, _("Approval of %(m)s recorded.") % {"m": match})
    else:
        messages.error(request, _("The note is too long (at most 1000 characters)."))
    return redirect("jury:home")


@require_POST
@role_required(is_jury, lambda: _("Only the jury refuses a match."))
def jury_refuse_view(request: HttpRequest, pk: int) -> HttpResponse:
    """R15: the jury refuses a match with a reason (the form's note)."""
    match = load_match(pk)
    form = ApprovalForm(request.POST)
    if form.is_valid():
        try:
            jury_refuse(
                match=match, user=request.user, reason=form.cleaned_data["note"]
            )
        except ServiceError as error:
            messages.error(request, f"{match}: {error.message}")
        else:
            messages.success(request, _("Refusal of %(m)s recorded.") % {"m": match})
    else:
        messages.error(request, _("The note is too long (at most 1000 characters)."))
    return redirect("jury:home")


def _captain_or_official(user) -> bool:
    return is_captain(user) or is_official(user)


@role_required(
    _captain_or_official, lambda: _("This page is for team captains and officials.")
)
@get_only
def captain_home(request: HttpRequest) -> HttpResponse:
    """Captains: their teams' matches, completed ones to confirm or dispute.
    Officials: the disputed results."""
    if captains_anything(request.user):
        # Each team's matches of the seasons in which the user is its captain.
        matches = (
            _matches()
            .filter(captain_matches_filter(request.user))
            .exclude(status=Match.Status.VOID)
            .annotate(
                done=Case(
                    When(status=Match.Status.COMPLETED, then=Value(1)),
                    default=Value(0),
                    output_field=IntegerField(),
                )
            )
            .order_by("done", "-date", "-id")
        )
        page = Paginator(matches, PAGE).get_page(request.GET.get("page"))
        seasons = {m.pk: m.competition.season_id for m in page}
        results = MatchResult.objects.filter(match__in=list(seasons)).select_related(
            "team"
        )
        by_match: dict[int, list[MatchResult]] = {}
        for row in results:
            if row.team_id in captain_team_ids(request.user, seasons[row.match_id]):
                by_match.setdefault(row.match_id, []).append(row)
        items = [(m, by_match.get(m.pk, [])) for m in page]
        return render(
            request,
            "scoring/captain_home.html",
            {"page": page, "items": items, "disputes": None},
        )
    disputed = (
        MatchResult.objects.filter(answer=MatchResult.Answer.DISPUTED)
        .select_related("match__team_a", "match__team_b", "team", "answered_by__player")
        .order_by("-answered_at")
    )
    page = Paginator(disputed, PAGE).get_page(request.GET.get("page"))
    return render(
        request, "scoring/captain_home.html", {"page": page, "disputes": page}
    )


@require_POST
@role_required(is_captain, lambda: _("Only a team captain answers a result."))
def captain_answer(request: HttpRequest, pk: int) -> HttpResponse:
    match = load_match(pk)
    form = AnswerForm(request.POST)
    teams = captain_team_ids(request.user, match.competition.season_id) & {
        match.team_a_id,
        match.team_b_id,
    }
    if not form.is_valid() or form.cleaned_data["team"] not in teams:
        refuse(request, _("You are not the captain of a team of this match."))
    team = (
        match.team_a if form.cleaned_data["team"] == match.team_a_id else match.team_b
    )
    confirm = request.POST.get("answer") == "confirm"
    try:
        result_answer(
            match=match,
            team=team,
            user=request.user,
            confirm=confirm,
            note=form.cleaned_data["note"],
        )
    except ServiceError as error:
        if request.POST.get("back") == "match":  # at the note, on the match's page
            return captain_match_page(request, match, (team.pk, error.message))
        messages.error(request, f"{match}: {error.message}")
    else:
        messages.success(
            request,
            (
                _("You confirmed the result of %(m)s.")
                if confirm
                else _("Your dispute of %(m)s is recorded; the officials see it.")
            )
            % {"m": match},
        )
    if request.POST.get("back") == "match":  # answered on the match's own page
        return redirect("captain:match", pk=match.pk)
    return redirect("captain:home")
