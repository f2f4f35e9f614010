"""Players' free-games pages (R15), made for a phone at the table: my sittings and
those waiting for my confirmation, recording a sitting, confirming one, and claiming
my federation record so that my account may do so."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.forms.free_games import ClaimForm, SittingForm, player_label
from competitions.models import PlayerClaim, VariantSitting
from competitions.selectors.sittings import (
    game_names,
    player_of,
    players_offered,
    sittings_of_player,
    sittings_to_confirm,
)
from competitions.services.claims import player_claim_make
from competitions.services.sitting_checks import SittingProblems, sitting_problems
from competitions.services.sittings import sitting_confirm, sitting_record
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add, form_problems
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.redirects import redirect_next
from tarokk_admin.core.roles import refuse


def _signed_in(request: HttpRequest) -> None:
    if not request.user.is_authenticated:
        refuse(request, "")


def sitting_form_context(form: SittingForm) -> dict[str, object]:
    """What the sitting form's page needs besides the form: the lists it offers, and
    every problem of a refused form listed on top, the first field focused."""
    return {
        "form": form,
        "problems": form_problems([form]),
        "players_offered": players_offered(),
        "game_names": game_names(),
        "section": "free_games",
    }


def form_refusal(form: SittingForm, error: ServiceError) -> None:
    """A service's refusal (each of its problems) on its field; the players'
    problems on the first player's field, where the rows begin."""
    for problem in getattr(error, "problems", None) or [error]:
        field = "player_1" if problem.field == "results" else problem.field
        form.add_error(field if field in form.fields else None, problem.message)


def sitting_rules_check(form: SittingForm, recorder: Any = None) -> None:
    """After the form's own checks, the rules' on what passed them, so that every
    problem is reported at once (issue 20: four mistakes took three tries)."""
    data = form.cleaned_data
    rows_refused = any(key.startswith(("player_", "points_")) for key in form.errors)
    problems = sitting_problems(
        date=data.get("date"),
        # A name the form refused is not named again by the rules.
        variant=None if {"variant", "name"} & set(form.errors) else data["variant"],
        name=data.get("name") or "",
        event=data.get("event") or "",
        results=None if rows_refused else data.get("results"),
        recorder=recorder,
    )
    if problems:
        form_refusal(form, SittingProblems(problems))


@get_only
def my_free_games(request: HttpRequest) -> HttpResponse:
    _signed_in(request)
    player = player_of(request.user)
    claim = (
        PlayerClaim.objects.filter(user=request.user).select_related("player").first()
        if player is None
        else None
    )
    return render(
        request,
        "competitions/sittings/mine.html",
        {
            "player": player,
            "claim": claim,
            "to_confirm": sittings_to_confirm(player) if player else [],
            "sittings": sittings_of_player(player) if player else [],
            "section": "free_games",
        },
    )


@get_or_post
def sitting_new(request: HttpRequest) -> HttpResponse:
    """A player of the table records a sitting (R15)."""
    _signed_in(request)
    player = player_of(request.user)
    if player is None:
        messages.info(request, _("Claim your federation record first."))
        return redirect("competitions:free_games_account")
    form = SittingForm(request.POST or None, initial={"player_1": player_label(player)})
    if request.method == "POST" and not form.is_valid():
        sitting_rules_check(form, player)
    elif request.method == "POST":
        data = form.cleaned_data
        try:
            sitting = sitting_record(
                user=request.user,
                date=data["date"],
                variant=data["variant"],
                name=data["name"],
                event=data["event"],
                results=data["results"],
            )
        except ServiceError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                _(
                    "The sitting is recorded. It counts once another player of the "
                    "table (or an official) confirms it."
                ),
            )
            return redirect("sitting", pk=sitting.pk)
    return render(
        request, "competitions/sittings/form.html", sitting_form_context(form)
    )


@require_POST
def sitting_confirm_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Another player of the table, or an official, confirms the sitting (R15)."""
    _signed_in(request)
    sitting = get_object_or_404(VariantSitting, pk=pk)
    try:
        sitting_confirm(sitting=sitting, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The sitting is confirmed: it counts now."))
    return redirect_next(request, "sitting", pk=sitting.pk)


@get_or_post
def account_claim(request: HttpRequest) -> HttpResponse:
    """The signed-in user claims their federation record; an official confirms."""
    _signed_in(request)
    player = player_of(request.user)
    claims = list(
        PlayerClaim.objects.filter(user=request.user).select_related("player")[:5]
    )
    pending = next((c for c in claims if c.status == PlayerClaim.Status.PENDING), None)
    form = ClaimForm(request.POST or None)
    if request.method == "POST" and player is None and form.is_valid():
        try:
            player_claim_make(user=request.user, player=form.cleaned_data["player"])
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request, _("Your claim is sent: an official will confirm it.")
            )
            return redirect("competitions:free_games_account")
    return render(
        request,
        "competitions/sittings/claim.html",
        {
            "form": form,
            "player": player,
            "claims": claims,
            "pending": pending,
            "players_offered": players_offered() if player is None else [],
            "section": "free_games",
        },
    )
