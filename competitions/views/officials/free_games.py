"""An official enters a variant free game: per-team points (R15)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.forms.free_games import VariantGameForm
from competitions.services.free_games import variant_game_record
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.roles import is_official, role_required

official_only = role_required(
    is_official, lambda: _("Only officials may manage Grand Prix and free games.")
)


@official_only
def variant_game_new(request: HttpRequest) -> HttpResponse:
    form = VariantGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            variant_game_record(
                season=data["season"],
                variant=data["variant"],
                date=data["date"],
                event=data["event"],
                scores=data["scores"],
                user=request.user,
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(request, _("The variant game is recorded."))
            return redirect("competitions:free_games_season", year=data["season"].year)
    return render(
        request,
        "competitions/officials/variant_game.html",
        {"form": form, "section": "free_games"},
    )
