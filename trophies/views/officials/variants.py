"""Officials enter trophies made in recognised variant games against their sitting
(R14): choose the sitting, then the trophy and the player of the sitting who made it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.models import VariantSitting
from scoring.engine import feast_name
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.roles import official_only
from trophies.forms import SittingTrophyForm
from trophies.selectors import sitting_trophies, sittings_for_trophies
from trophies.services.awards import trophy_variant_enter

OFFICIALS_ONLY = gettext_lazy("Only officials enter variant-game trophies.")


@official_only(OFFICIALS_ONLY)
@get_only
def variant_trophy_new(request: HttpRequest) -> HttpResponse:
    """A variant trophy is entered against its sitting (R14): choose the sitting."""
    return render(
        request,
        "trophies/variant_sittings.html",
        {"sittings": sittings_for_trophies(), "section": "free_games"},
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def sitting_trophy_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Officials enter a trophy made at this sitting (R14)."""
    sitting = get_object_or_404(VariantSitting.objects.select_related("season"), pk=pk)
    form = SittingTrophyForm(request.POST or None, sitting=sitting)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            award = trophy_variant_enter(
                sitting=sitting,
                feast=data["feast"],
                jury_note=data["jury_note"],
                player=data["player"],
                partner=data.get("partner"),
                user=request.user,
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request,
                _("%(trophy)s (%(points)s points) entered for %(player)s.")
                % {
                    "trophy": feast_name(award.feast),
                    "points": award.value,
                    "player": award.player.name,
                },
            )
            return redirect("sitting", pk=sitting.pk)
    return render(
        request,
        "trophies/variant_form.html",
        {
            "form": form,
            "sitting": sitting,
            "trophies": sitting_trophies(sitting),
            "section": "free_games",
        },
    )
