"""Officials' Grand Prix pages: create an event, enter its teams, pair each round,
override a pairing, count the event for the championship (R15)."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from competitions.forms.grand_prix import (
    EntriesForm,
    GrandPrixForm,
    PairingForm,
    RoundForm,
)
from competitions.models import Competition, GrandPrixEntry, Match
from competitions.services.grand_prix import (
    grand_prix_championship_flag,
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_pairing_override,
    grand_prix_round_generate,
    grand_prix_round_next,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import is_official, role_required

official_only = role_required(
    is_official, lambda: _("Only officials may manage Grand Prix and free games.")
)


def _service(form: forms.Form, action: Callable[[], object]) -> bool:
    """Run a service; its refusal goes on the field it names (or the whole form)."""
    try:
        action()
    except ServiceError as error:
        form_error_add(form, error)
        return False
    return True


@official_only
@get_or_post
def grand_prix_manage_list(request: HttpRequest) -> HttpResponse:
    form = GrandPrixForm(request.POST or None)
    created: list[Competition] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if _service(
            form,
            lambda: created.append(
                grand_prix_create(
                    season=data["season"],
                    name=data["name"],
                    starts=data["starts"],
                    ends=data["ends"],
                    counts_for_championship=data["counts_for_championship"],
                )
            ),
        ):
            messages.success(request, _("The Grand Prix is created: enter its teams."))
            return redirect("officials:grand_prix", pk=created[0].pk)
    events = Competition.objects.filter(
        kind=Competition.Kind.GRAND_PRIX
    ).select_related("season")
    return render(
        request,
        "competitions/officials/grand_prix_list.html",
        {"form": form, "events": events, "section": "grand_prix"},
    )


@official_only
@get_or_post
def grand_prix_manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(
        Competition.objects.select_related("season"),
        pk=pk,
        kind=Competition.Kind.GRAND_PRIX,
    )
    entered = list(
        GrandPrixEntry.objects.filter(competition=event).select_related("team")
    )
    action = request.POST.get("action")
    entries_form = EntriesForm(
        request.POST if action == "entries" else None,
        initial={"teams": [entry.team for entry in entered]},
    )
    round_form = RoundForm(request.POST if action == "round" else None)
    ok = False
    if action == "entries" and entries_form.is_valid():
        ok = _service(
            entries_form,
            lambda: grand_prix_entries_set(
                competition=event, teams=list(entries_form.cleaned_data["teams"])
            ),
        )
        text = _("The event's teams are saved.")
    elif action == "round" and round_form.is_valid():
        ok = _service(
            round_form,
            lambda: grand_prix_round_generate(
                competition=event,
                date=round_form.cleaned_data["date"],
                venue=round_form.cleaned_data["venue"],
            ),
        )
        text = _("The round is paired.")
    elif action == "flag":
        try:
            grand_prix_championship_flag(
                competition=event, counts=request.POST.get("counts") == "1"
            )
            ok, text = True, _("Saved: whether the event counts for the championship.")
        except ServiceError as error:
            messages.error(request, error.message)
    if ok:
        messages.success(request, text)
        return redirect("officials:grand_prix", pk=event.pk)
    matches = list(
        Match.objects.filter(competition=event)
        .select_related("team_a", "team_b")
        .order_by("round", "id")
    )
    return render(
        request,
        "competitions/officials/grand_prix.html",
        {
            "event": event,
            "entered": entered,
            "entries_form": entries_form,
            "round_form": round_form,
            "next_round": grand_prix_round_next(event),
            "matches": matches,
            "section": "grand_prix",
        },
    )


@official_only
@get_or_post
def grand_prix_pairing_edit(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("competition__season", "team_a", "team_b"),
        pk=pk,
        competition__kind=Competition.Kind.GRAND_PRIX,
    )
    form = PairingForm(
        request.POST or None,
        event=match.competition,
        initial={
            "team_a": match.team_a,
            "team_b": match.team_b,
            "referee": match.referee_id,
        },
    )
    if (
        request.method == "POST"
        and form.is_valid()
        and _service(
            form,
            lambda: grand_prix_pairing_override(
                match=match,
                team_a=form.cleaned_data["team_a"],
                team_b=form.cleaned_data["team_b"],
                referee=form.cleaned_data["referee"],
            ),
        )
    ):
        messages.success(request, _("The pairing is changed."))
        return redirect("officials:grand_prix", pk=match.competition_id)
    return render(
        request,
        "competitions/officials/grand_prix_pairing.html",
        {"match": match, "form": form, "section": "grand_prix"},
    )
