"""Officials' Grand Prix seeding (R15: round 1 pairs the seeds 1-2, 3-4, ...) and
counting a Grand Prix match for a cup tie (R15)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from competitions.forms.schedule import CupTieLinkForm
from competitions.models import Competition, GrandPrixEntry, Match
from competitions.services.cup.ties import grand_prix_match_cup_tie_set
from competitions.services.grand_prix import grand_prix_seed_move
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("Only officials may manage Grand Prix and free games.")


@require_POST
@official_only(OFFICIALS_ONLY)
def grand_prix_seed(request: HttpRequest, pk: int) -> HttpResponse:
    """Move a team one place up or down the seeding (buttons, no script needed)."""
    event = get_object_or_404(Competition, pk=pk, kind=Competition.Kind.GRAND_PRIX)
    entry = get_object_or_404(
        GrandPrixEntry.objects.select_related("team"),
        competition=event,
        pk=whole_number(request.POST.get("entry")) or 0,
    )
    try:
        grand_prix_seed_move(
            competition=event, team=entry.team, up=request.POST.get("move") == "up"
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The seeding is saved."))
    return redirect("officials:grand_prix", pk=event.pk)


@official_only(OFFICIALS_ONLY)
@get_or_post
def grand_prix_cup_tie(request: HttpRequest, pk: int) -> HttpResponse:
    """Count a Grand Prix match as one of a cup tie's matches (R15)."""
    match = get_object_or_404(
        Match.objects.select_related("competition__season", "team_a", "team_b", "tie"),
        pk=pk,
        competition__kind=Competition.Kind.GRAND_PRIX,
    )
    form = CupTieLinkForm(request.POST or None, match=match)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_run(
            form,
            lambda: grand_prix_match_cup_tie_set(
                match=match, tie=form.cleaned_data["tie"], user=request.user
            ),
        )
    ):
        messages.success(request, _("The match now counts for the cup tie."))
        return redirect("officials:grand_prix", pk=match.competition_id)
    return render(
        request,
        "competitions/officials/grand_prix_cup_tie.html",
        {"match": match, "form": form, "section": "grand_prix"},
        status=400 if form.errors else 200,
    )
