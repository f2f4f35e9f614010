"""The match as a score sheet (R3, R11, R15): line-ups, the cut, the hands with
running totals, completion, captains' answers, corrections and history."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.models import JuryApproval, Match, Player, Team
from competitions.selectors.matches import (
    jury_approval_why,
    lineup_candidates,
    match_needs_jury_approval,
)
from competitions.services.lineups import lineup_set
from competitions.services.matches import (
    match_check_playable,
    match_cut_set,
)
from scoring.forms import CutForm, LineupForm, RecordUploadForm, RefereeForm
from scoring.models import Hand
from scoring.selectors.access import (
    hand_editable_by,
    is_assigned_referee,
    is_match_captain,
    is_public_result,
)
from scoring.selectors.completion import hand_of, readable_problems
from scoring.selectors.history import match_history
from scoring.services.hands import HandRejected
from scoring.services.uploads import match_hands_upload
from scoring.views.access import load_match, match_view_check
from scoring.views.public import match_record_response
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import FormProblem, form_problems
from tarokk_admin.core.listing import problems_listed
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import is_official, refuse


@dataclass
class SheetRow:
    number: int
    attack: Team | None
    hand: Hand | None
    scores: tuple[int, int] | None  # team_a, team_b
    running: tuple[int, int]


def team_scores(match: Match, hand: Any) -> tuple[int, int]:
    """(team_a, team_b) of a stored hand."""
    if hand.attack_team_id == match.team_a_id:
        return hand.attack_score, hand.defence_score
    return hand.defence_score, hand.attack_score


def score_sheet(match: Match, hands: list[Hand]) -> tuple[list[SheetRow], list[int]]:
    """One row per hand with its attacking team (R3) and running totals."""
    by_number = {hand.number: hand for hand in hands}
    teams = {match.team_a_id: match.team_a, match.team_b_id: match.team_b}
    rows, total = [], [0, 0]
    for number in range(1, match.hands_expected + 1):
        hand = by_number.get(number)
        scores = team_scores(match, hand) if hand else None
        if scores:
            total = [total[0] + scores[0], total[1] + scores[1]]
        attack_id = hand.attack_team_id if hand else match.attack_team_id(number)
        rows.append(
            SheetRow(number, teams.get(attack_id), hand, scores, (total[0], total[1]))
        )
    return rows, total


def _lineup_forms(match: Match, data: Any = None, team_id: int | None = None) -> list:
    lineups = {lu.team_id: lu for lu in match.lineups.all()}
    eligible = {team.pk: lineup_candidates(match, team) for team in match.teams}
    players = Player.objects.in_bulk({pk for ids in eligible.values() for pk in ids})
    forms = []
    for team in match.teams:
        current = lineups.get(team.pk)
        initial = (
            {"driver": current.driver_id, "catcher": current.catcher_id}
            if current
            else {}
        )
        form = LineupForm(
            data if team.pk == team_id else None,
            players=sorted(
                (players[pk] for pk in eligible[team.pk]),
                key=lambda p: collation_key(p.name),
            ),
            initial=initial,
            prefix=f"lineup{team.pk}",
        )
        forms.append((team, form))
    return forms


def _setup_context(match: Match, forms: dict[str, Any], setup: bool, hands: int):
    """Set-up first: while a line-up or the cut is missing, or a set-up form was
    refused, the page starts with the line-ups and the cut."""
    lineup_forms = (forms.get("lineup") or _lineup_forms(match)) if setup else []
    cut_form = forms.get("cut") or CutForm(
        match=match, initial={"first_attack": match.first_attack_id}
    )
    upload_form = forms.get("upload") or RecordUploadForm()
    upload_errors = forms.get("upload_errors", [])
    problems = form_problems(
        [form for _team, form in lineup_forms]
        + [cut_form, None if upload_errors else upload_form]
    )
    if upload_errors:
        upload_form.fields["file"].widget.attrs["autofocus"] = True
    upload_file = upload_form["file"].auto_id
    problems += [
        FormProblem(
            upload_file,
            _("Hand %(n)s") % {"n": hand_of(problem)} if hand_of(problem) else "",
            problem.message,
        )
        for problem in readable_problems(problems_listed(upload_errors))
    ]
    # What goes first: the line-ups still missing or refused, the cut while missing
    # or refused; the rest stays beside the sheet.
    first_teams = {
        team.pk
        for team, form in lineup_forms
        if team.pk not in match.lineup_teams or form.errors
    }
    cut_first = setup and (match.first_attack_id is None or "cut" in forms)
    return {
        "first_teams": first_teams,
        "cut_first": cut_first,
        "lineup_forms": lineup_forms,
        "cut_form": cut_form,
        "cut_locked": bool(hands),
        "forms_lineup": "lineup" in forms,
        "setup_first": bool(first_teams) or cut_first,
        "upload_first": "upload" in forms,
        "upload_form": upload_form,
        "problems": problems,
    }


def _captain_only(user: Any, match: Match) -> bool:
    """A captain of the match's teams who is neither an official nor its referee."""
    return (
        not is_official(user)
        and not is_assigned_referee(user, match)
        and is_match_captain(user, match)
    )


@get_only
def match_detail(
    request: HttpRequest, pk: int, *, forms: dict[str, Any] | None = None
) -> HttpResponse:
    match = load_match(pk)
    match_view_check(request, match)
    user = request.user
    official = is_official(user)
    if not forms and _captain_only(user, match):  # the captain's own page (issue 20)
        return redirect("captain:match", pk=match.pk)
    editable = hand_editable_by(user, match)
    open_ = match.status in (Match.Status.SCHEDULED, Match.Status.IN_PLAY)
    hands = list(match.hands.defer("record", "result").order_by("number"))
    rows, totals = score_sheet(match, hands)
    lineups = {
        lu.team_id: lu for lu in match.lineups.select_related("driver", "catcher")
    }
    match.lineup_teams = set(lineups)  # type: ignore[attr-defined]
    approval = (
        JuryApproval.objects.select_related("approved_by__player")
        .filter(match=match)
        .first()
    )
    blocker = None
    if match.status != Match.Status.COMPLETED:
        try:
            match_check_playable(match)
        except ServiceError as error:
            blocker = error.message
    forms = forms or {}
    setup = editable and open_
    context = {
        "match": match,
        "rows": rows,
        "totals": totals,
        "hands_in": len(hands),
        "lineups": [(team, lineups.get(team.pk)) for team in match.teams],
        "needs_approval": match_needs_jury_approval(match),
        "approval_why": jury_approval_why(match),
        "approval": approval,
        "blocker": blocker,
        "editable": editable,
        "setup": setup,
        "official": official,
        "can_complete": editable and open_ and len(hands) == match.hands_expected,
        "results": list(match.results.select_related("team", "answered_by__player")),
        "referee_form": forms.get("referee")
        or RefereeForm(
            initial={"referee": match.referee_id},
            season=match.competition.season_id,
        ),
        "history": match_history(match) if official else [],
        **_setup_context(match, forms, setup, len(hands)),
    }
    return render(request, "scoring/match_detail.html", context)


def _editable_or_refuse(request: HttpRequest, match: Match) -> None:
    match_view_check(request, match)
    if not hand_editable_by(request.user, match):
        refuse(request, edit_refusal(request.user, match))


def edit_refusal(user: Any, match: Match) -> str:
    if match.status == Match.Status.VOID:
        return _("This match is void.")
    if match.status == Match.Status.COMPLETED:
        return _(
            "This match is completed and its hands are locked; only an official can "
            "correct a hand."
        )
    return _("Only the match's referee and the officials enter its hands.")


@require_POST
def match_lineup(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    match = load_match(pk)
    _editable_or_refuse(request, match)
    forms = _lineup_forms(match, request.POST, team_id)
    team, form = next(((t, f) for t, f in forms if t.pk == team_id), (None, None))
    if team is None or form is None:
        refuse(request, _("This team does not play this match."))
    if form.is_valid():
        try:
            lineup_set(
                match=match,
                team=team,
                driver=form.cleaned_data["driver"],
                catcher=form.cleaned_data["catcher"],
            )
        except ServiceError as error:
            form.add_error(
                error.field if error.field in form.fields else None, error.message
            )
        else:
            messages.success(
                request, _("Line-up of %(team)s saved.") % {"team": team.name}
            )
            return redirect("referee:match", pk=match.pk)
    return match_detail(request, match.pk, forms={"lineup": forms})


@require_POST
def match_cut(request: HttpRequest, pk: int) -> HttpResponse:
    match = load_match(pk)
    _editable_or_refuse(request, match)
    form = CutForm(request.POST, match=match)
    if form.is_valid():
        team = next(
            t for t in match.teams if str(t.pk) == form.cleaned_data["first_attack"]
        )
        try:
            match_cut_set(match=match, first_attack=team)
        except ServiceError as error:
            form.add_error("first_attack", error.message)
        else:
            messages.success(
                request, _("%(team)s attacks in hand 1.") % {"team": team.name}
            )
            return redirect("referee:match", pk=match.pk)
    return match_detail(request, match.pk, forms={"cut": form})


@require_POST
def match_referee(request: HttpRequest, pk: int) -> HttpResponse:
    from competitions.services.matches import match_referee_set

    match = load_match(pk)
    match_view_check(request, match)
    if not is_official(request.user):
        refuse(request, _("Only an official assigns the referee."))
    form = RefereeForm(request.POST, season=match.competition.season_id)
    if not form.is_valid():
        return match_detail(request, match.pk, forms={"referee": form})
    match_referee_set(match=match, referee=form.cleaned_data["referee"])
    messages.success(request, _("Referee saved."))
    return redirect("referee:match", pk=match.pk)


@get_only
def match_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The match as a match record (royal-tarokk-match/1) file."""
    match = load_match(pk)
    if not is_public_result(match):
        match_view_check(request, match)
    if match.first_attack_id is None:
        messages.error(request, _("The cut is not entered yet: nothing to download."))
        return redirect("referee:match", pk=match.pk)
    return match_record_response(match)


@require_POST
def match_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """A whole match record into the match's hands: all or nothing."""
    match = load_match(pk)
    _editable_or_refuse(request, match)
    form = RecordUploadForm(request.POST, request.FILES)
    errors: list[dict[str, str]] = []
    if form.is_valid():
        try:
            hands = match_hands_upload(
                match=match,
                record=form.cleaned_data["record"],
                user=request.user,
                reason=request.POST.get("reason", ""),
            )
        except HandRejected as error:
            errors = error.errors
            form.add_error(
                None,
                _("Nothing was stored: %(n)s problem(s) in the match record.")
                % {"n": len(errors)},
            )
        except ServiceError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                _("%(n)s hands stored from the match record.") % {"n": len(hands)},
            )
            return redirect("referee:match", pk=match.pk)
    return match_detail(
        request, match.pk, forms={"upload": form, "upload_errors": errors}
    )
