"""Officials enter trophies made in recognised variant games (R14)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.engine import feast_name
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.roles import is_official, role_required
from trophies.forms import VariantTrophyForm
from trophies.services.awards import trophy_variant_enter


@role_required(is_official, lambda: _("Only officials enter variant-game trophies."))
def variant_trophy_new(request: HttpRequest) -> HttpResponse:
    """Officials enter a trophy made in a recognised variant game (R14)."""
    form = VariantTrophyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            award = trophy_variant_enter(
                feast=data["feast"],
                variant=data["variant"],
                date=data["date"],
                event=data["event"],
                jury_note=data["jury_note"],
                player=data["player"],
                partner=data.get("partner"),
                team=data.get("team"),
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
            return redirect("trophies:player", pk=award.player_id)
    return render(request, "trophies/variant_form.html", {"form": form})
