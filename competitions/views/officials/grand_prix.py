"""Officials' Grand Prix pages: create an event, enter its teams, pair each round,
override a pairing, count the event for the championship (R15)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

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
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("Only officials may manage Grand Prix and free games.")


@official_only(OFFICIALS_ONLY)
@get_or_post
def grand_prix_manage_list(request: HttpRequest) -> HttpResponse:
    form = GrandPrixForm(request.POST or None)
    created: list[Competition] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if service_run(
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


@official_only(OFFICIALS_ONLY)
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
        ok = service_run(
            entries_form,
            lambda: grand_prix_entries_set(
                competition=event, teams=list(entries_form.cleaned_data["teams"])
            ),
        )
        text = _("The event's teams are saved.")
    elif action == "round" and round_form.is_valid():
        ok = service_run(
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


@official_only(OFFICIALS_ONLY)
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
        and service_run(
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
