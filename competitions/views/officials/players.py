"""The federation's players for officials: search (accent-blind, Hungarian order),
register, edit, deactivate or reactivate, delete one who never played."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.forms.officials import PlayerForm, PlayerSearchForm
from competitions.models import Membership, Player
from competitions.selectors.workspace import PLAYERS_PAGE, players_search
from competitions.services.players import (
    player_active_set,
    player_delete,
    player_register,
    player_update,
)
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import official_only

HISTORY_ROWS = 10


@official_only(OFFICIALS_ONLY)
@get_or_post
def player_list(request: HttpRequest) -> HttpResponse:
    search = PlayerSearchForm(request.GET)
    query, inactive = "", False
    if search.is_valid():
        query, inactive = search.cleaned_data["q"], search.cleaned_data["inactive"]
    form = PlayerForm(request.POST or None, prefix="new")
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        player = service_run(
            form,
            lambda: player_register(
                name=data["name"],
                federation_number=data["federation_number"],
                club=data["club"],
                user=request.user,
            ),
        )
        if isinstance(player, Player):
            messages.success(
                request,
                _("%(name)s (%(number)s) is registered.")
                % {"name": player.name, "number": player.federation_number},
            )
            return redirect("officials:players")
    page = Paginator(players_search(query, inactive=inactive), PLAYERS_PAGE).get_page(
        request.GET.get("page")
    )
    return render(
        request,
        "competitions/officials/players.html",
        {"search": search, "query": query, "page": page, "form": form},
        status=400 if form.is_bound else 200,
    )


def _player_page(
    request: HttpRequest, player: Player, form: forms.Form, status: int = 200
) -> HttpResponse:
    places = list(
        Membership.objects.filter(player=player)
        .select_related("season", "team")
        .order_by("-season__year")
    )
    history = list(
        player.history.select_related("history_user__player").order_by("-history_date")[
            :HISTORY_ROWS
        ]
    )
    return render(
        request,
        "competitions/officials/player.html",
        {"player": player, "form": form, "places": places, "history": history},
        status=status,
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    initial = {
        "name": player.name,
        "federation_number": player.federation_number,
        "club": player.club,
    }
    form = PlayerForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if service_run(
            form,
            lambda: player_update(
                player=player,
                name=data["name"],
                federation_number=data["federation_number"],
                club=data["club"],
                user=request.user,
            ),
        ):
            messages.success(request, _("The player is saved."))
            return redirect("officials:player", pk=pk)
        player.refresh_from_db()
    return _player_page(request, player, form, 400 if form.is_bound else 200)


@official_only(OFFICIALS_ONLY)
@require_POST
def player_active(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    active = request.POST.get("active") == "1"
    try:
        player_active_set(player=player, active=active, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            (
                _("%(name)s is active again.")
                if active
                else _("%(name)s is deactivated.")
            )
            % {"name": player.name},
        )
    return redirect("officials:player", pk=pk)


@official_only(OFFICIALS_ONLY)
@require_POST
def player_remove(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    try:
        player_delete(player=player, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("officials:player", pk=pk)
    messages.success(request, _("%(name)s is deleted.") % {"name": player.name})
    return redirect("officials:players")
