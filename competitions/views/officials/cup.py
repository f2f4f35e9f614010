"""The officials' cup pages (R15): the draw, withdrawals, deadlines and a tie's
matches. Views stay thin: form -> one service -> render or show the error."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.forms.accounts import WalkoverForm
from competitions.forms.cup import DeadlineForm, PlacementForm, TieMatchForm
from competitions.models import Competition, CupRegistration, CupTie
from competitions.rules import bracket
from competitions.selectors.cup import (
    cup_entrants,
    cup_is_drawn,
    cup_of_year,
    cup_view,
    tie_name,
)
from competitions.selectors.seasons import season_or_404
from competitions.services.cup.draw import cup_draw, cup_round_deadline_set
from competitions.services.cup.registration import cup_ensure, cup_withdraw
from competitions.services.cup.ties import cup_match_schedule
from competitions.services.cup.walkovers import (
    cup_tie_walkover,
    cup_tie_walkover_cancel,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("Only officials manage the cup.")
# The actions the cup page's forms send.
CUP_ACTIONS = ("create", "withdraw", "draw", "place", "deadline")


@official_only(OFFICIALS_ONLY)
@get_or_post
def cup_manage(request: HttpRequest, year: int) -> HttpResponse:
    """Officials: create the cup, withdraw teams, draw or place, round deadlines."""
    season = season_or_404(year)
    cup = cup_of_year(year)
    placement = None
    deadline_form = DeadlineForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action not in CUP_ACTIONS:
            # Our own form sends one of them: anything else is not a request of it.
            raise BadRequest("unknown action")
        problem = None
        try:
            if action == "create":
                cup_ensure(season=season)
                messages.success(
                    request, _("The %(year)s cup is open.") % {"year": year}
                )
            elif cup is None:
                problem = _("Create the cup first.")
            elif action == "withdraw":
                registration = get_object_or_404(
                    CupRegistration,
                    competition=cup,
                    pk=whole_number(request.POST.get("registration")) or 0,
                )
                done = cup_withdraw(registration=registration, user=request.user)
                replacement = getattr(done, "replacement", None)
                messages.success(
                    request,
                    _("%(team)s is withdrawn; %(reserve)s takes its place (R15).")
                    % {"team": registration.team, "reserve": replacement.team}
                    if replacement is not None
                    else _("%(team)s is withdrawn.") % {"team": registration.team},
                )
            elif action == "draw":
                cup_draw(cup=cup, user=request.user)
                messages.success(request, _("The bracket is drawn."))
            elif action == "place":
                teams = [r.team for r in cup_entrants(cup)]
                placement = PlacementForm(request.POST, teams=teams)
                if not placement.is_valid():
                    problem = _("Fix the placement below.")
                else:
                    cup_draw(cup=cup, user=request.user, order=placement.order())
                    messages.success(request, _("The bracket is placed."))
            else:
                deadline_form = DeadlineForm(request.POST)
                if not deadline_form.is_valid():
                    problem = _("Fix the deadline below.")
                else:
                    cup_round_deadline_set(cup=cup, **deadline_form.cleaned_data)
                    messages.success(request, _("The deadline is saved."))
        except ServiceError as error:
            if error.field and action == "deadline":
                form_error_add(deadline_form, error)
                problem = ""
            else:
                problem = error.message
        if problem is None:
            return redirect("officials:cup", year=year)
        if problem:
            messages.error(request, problem)
    view = cup_view(cup) if cup is not None else None
    if cup is not None and placement is None and not cup_is_drawn(cup):
        teams = [r.team for r in cup_entrants(cup)]
        placement = PlacementForm(teams=teams)
    return render(
        request,
        "competitions/cup/manage.html",
        {
            "year": year,
            "season": season,
            "cup": cup,
            "view": view,
            "placement": placement,
            "deadline_form": deadline_form,
            "active_count": len(view.active) if view else 0,
        },
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def cup_tie_view(
    request: HttpRequest, year: int, round: int, slot: int
) -> HttpResponse:
    """Officials: a tie's matches and tie-breakers, and scheduling the next one."""
    tie = get_object_or_404(
        CupTie.objects.select_related("competition__season", "team_a", "team_b"),
        competition__season__year=year,
        competition__kind=Competition.Kind.CUP,
        round=round,
        slot=slot,
    )
    form = TieMatchForm(initial={"public": True}, season=tie.competition.season)
    walkover = WalkoverForm(prefix="wo", tie=tie)
    action = request.POST.get("action", "schedule")
    if request.method == "POST" and action in ("walkover", "walkover_cancel"):
        walkover = WalkoverForm(request.POST, prefix="wo", tie=tie)
        done = _walkover(request, tie, walkover, cancel=action == "walkover_cancel")
        if done:
            return redirect("officials:cup_tie", year=year, round=round, slot=slot)
    elif request.method == "POST":
        form = TieMatchForm(request.POST, season=tie.competition.season)
        if form.is_valid():
            try:
                match = cup_match_schedule(tie=tie, **form.cleaned_data)
            except ServiceError as error:
                form_error_add(form, error)
            else:
                messages.success(
                    request,
                    _("Scheduled: %(match)s.") % {"match": match},
                )
                return redirect("officials:cup_tie", year=year, round=round, slot=slot)
    view = next(t for t in cup_view(tie.competition).ties if t.tie.pk == tie.pk)
    return render(
        request,
        "competitions/cup/tie.html",
        {
            "year": year,
            "tie": tie,
            "t": view,
            "matches": tie.matches.order_by("tiebreak", "date", "pk"),
            "form": form,
            "walkover_form": walkover,
            "month_end": bracket.round_month_end(year, tie.round),
            "history": list(
                tie.history.select_related("history_user__player").order_by(
                    "-history_date"
                )[:10]
            ),
        },
        status=400 if walkover.is_bound or form.is_bound else 200,
    )


def _walkover(
    request: HttpRequest, tie: CupTie, form: WalkoverForm, *, cancel: bool
) -> bool:
    """Record (or take back) the tie's walkover (R15); True when done."""
    try:
        if cancel:
            cup_tie_walkover_cancel(
                tie=tie, reason=request.POST.get("wo-reason", ""), user=request.user
            )
            messages.success(request, _("The walkover is taken back."))
            return True
        if not form.is_valid():
            return False
        decided = cup_tie_walkover(
            tie=tie,
            loser=form.cleaned_data["loser"],
            kind=form.cleaned_data["kind"],
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
    except ServiceError as error:
        if cancel:
            messages.error(request, error.message)
            return True
        form_error_add(form, error)
        return False
    messages.success(
        request,
        _("%(team)s wins %(tie)s by walkover and goes on.")
        % {"team": decided.winner.name, "tie": tie_name(decided)},
    )
    return True
