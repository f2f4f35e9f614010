"""Completing a match (R11): a summary to check first, then one confirmation; after
it both teams may accept the result at the table on the referee's device."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.models import Match
from competitions.services.matches import match_complete
from competitions.services.results import result_table_accept
from scoring.selectors.access import hand_editable_by, is_assigned_referee
from scoring.selectors.completion import match_summary
from scoring.views.access import load_match, match_view_check
from scoring.views.match import edit_refusal
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.login import LoginForm
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import is_official, refuse


def _referee_or_official(request: HttpRequest, match: Match) -> None:
    match_view_check(request, match)
    if not (is_official(request.user) or is_assigned_referee(request.user, match)):
        refuse(request, _("Only the match's referee and the officials complete it."))


def _accept_forms(request: HttpRequest, match: Match, waiting: set, bound: dict):
    """A sign-in form for each team whose acceptance is still missing."""
    return [
        (team, bound.get(team.pk) or LoginForm(request, prefix=f"accept{team.pk}"))
        for team in match.teams
        if team.pk in waiting
    ]


@get_or_post
def match_completion(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the summary; POST: the confirmation that completes the match."""
    if request.method == "POST":
        return match_finish(request, pk)
    return match_summary_page(request, pk)


def match_summary_page(
    request: HttpRequest, pk: int, *, bound: dict | None = None
) -> HttpResponse:
    """The 8 hands, totals, match points and anything still blocking; the button
    that completes; after completion, the teams' acceptance at the table."""
    match = load_match(pk)
    _referee_or_official(request, match)
    summary = match_summary(match)
    completed = match.status == Match.Status.COMPLETED
    waiting = {
        row.team_id for row in summary.results if row.answer != row.Answer.CONFIRMED
    }
    context = {
        "match": match,
        "summary": summary,
        "completed": completed,
        "can_complete": (
            not completed
            and hand_editable_by(request.user, match)
            and summary.can_complete
        ),
        "accept_forms": _accept_forms(request, match, waiting, bound or {}),
        # Dated after today: completing needs the "complete early" box ticked.
        "early": not completed and match.date > timezone.localdate(),
    }
    return render(
        request, "scoring/match_summary.html", context, status=400 if bound else 200
    )


def match_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """The confirmation: completes once, however many times it is sent (the match
    row is locked; a second request finds it completed and says so)."""
    match = load_match(pk)
    match_view_check(request, match)
    completed = match.status == Match.Status.COMPLETED
    if not completed and not hand_editable_by(request.user, match):
        refuse(request, edit_refusal(request.user, match))
    try:
        match_complete(
            match=match, user=request.user, early=request.POST.get("early") == "yes"
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _(
                "The match is completed. Each team may now accept the result here: "
                "its captain or driver signs in below."
            ),
        )
    return redirect("referee:match_complete", pk=match.pk)


@require_POST
def match_accept(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """A team's captain or driver signs in on the referee's device to accept the
    result: the password is checked, the referee stays signed in."""
    match = load_match(pk)
    _referee_or_official(request, match)
    team = next((t for t in match.teams if t.pk == team_id), None)
    if team is None:
        refuse(request, _("This team does not play this match."))
    if match.status != Match.Status.COMPLETED:
        messages.error(request, _("Only a completed match's result can be accepted."))
        return redirect("referee:match_complete", pk=match.pk)
    form = LoginForm(request, data=request.POST, prefix=f"accept{team.pk}")
    if form.is_valid():  # authenticates; never logs in
        try:
            result_table_accept(match=match, team=team, user=form.get_user())
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(team)s accepted the result (%(user)s).")
                % {"team": team.name, "user": person_name(form.get_user())},
            )
            return redirect("referee:match_complete", pk=match.pk)
    return match_summary_page(request, match.pk, bound={team.pk: form})
