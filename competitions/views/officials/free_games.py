"""The officials' free-games desk (R15): sittings awaiting confirmation and the
year's sittings (to confirm, correct or void), players' claims of their federation
record, linking accounts to players, and closing (or reopening) a year."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from competitions.forms.free_games import (
    AccountLinkForm,
    NoteForm,
    ReopenForm,
    UnlinkForm,
)
from competitions.models import PlayerClaim, Season, Variant, VariantSitting
from competitions.selectors.free_games import free_games_closing
from competitions.selectors.seasons import season_current, season_years
from competitions.selectors.sittings import (
    players_offered,
    sittings_of_season,
    sittings_pending,
)
from competitions.services.claims import (
    player_account_link,
    player_account_unlink,
    player_claim_accept,
    player_claim_refuse,
)
from competitions.services.free_games import free_games_close, free_games_reopen
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("Only officials may manage Grand Prix and free games.")


def _year(request: HttpRequest) -> int | None:
    """The year asked for (``?year=``), None when none or not a year."""
    year = request.GET.get("year", "")
    return int(year) if year.isdigit() and len(year) == 4 else None


def _desk(request: HttpRequest, **forms_: forms.Form) -> HttpResponse:
    # The year asked for filters everything on the desk (issue 20: ?year=2027 listed
    # 2026's sittings): its season, or none at all; without one, the current season
    # and every sitting awaiting confirmation.
    year = _year(request)
    season = (
        Season.objects.filter(year=year).first() if year is not None else None
    ) or (season_current() if year is None else None)
    status = request.GET.get("status", "")
    variant = request.GET.get("variant", "")
    status = status if status in VariantSitting.Status.values else ""
    variant = variant if variant in Variant.values else ""
    closing = free_games_closing(season) if season else None
    context: dict[str, Any] = {
        "season": season,
        "missing_year": year if season is None else None,
        "years": season_years(),
        "status": status,
        "variant": variant,
        "statuses": VariantSitting.Status.choices,
        "variants": Variant.choices,
        "pending": sittings_pending(year=year),
        "sittings": sittings_of_season(season, status=status, variant=variant)
        if season
        else [],
        "claims": list(
            PlayerClaim.objects.filter(status=PlayerClaim.Status.PENDING)
            .select_related("user", "player")
            .order_by("created_at")
        ),
        "closing": closing,
        "winners": list(closing.winners.all()) if closing else [],
        "link_form": forms_.get("link_form") or AccountLinkForm(prefix="link"),
        "unlink_form": forms_.get("unlink_form") or UnlinkForm(prefix="unlink"),
        "note_form": forms_.get("note_form") or NoteForm(prefix="refuse"),
        "refused_claim": forms_.get("refused_claim"),
        "reopen_form": forms_.get("reopen_form") or ReopenForm(prefix="reopen"),
        "players_offered": players_offered(),
        "section": "free_games",
    }
    status_code = 400 if forms_ else 200
    return render(
        request, "competitions/officials/free_games.html", context, status=status_code
    )


@official_only(OFFICIALS_ONLY)
@get_only
def free_games_desk(request: HttpRequest) -> HttpResponse:
    return _desk(request)


def _back(request: HttpRequest, year: int | None = None) -> HttpResponse:
    url = reverse("officials:free_games")
    return redirect(f"{url}?year={year}" if year else url)


@official_only(OFFICIALS_ONLY)
@require_POST
def claim_accept(request: HttpRequest, pk: int) -> HttpResponse:
    claim = get_object_or_404(PlayerClaim, pk=pk)
    try:
        player_claim_accept(claim=claim, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(user)s is now linked to %(player)s.")
            % {"user": claim.user.get_username(), "player": claim.player.name},
        )
    return _back(request)


@official_only(OFFICIALS_ONLY)
@require_POST
def claim_refuse(request: HttpRequest, pk: int) -> HttpResponse:
    claim = get_object_or_404(PlayerClaim, pk=pk)
    form = NoteForm(request.POST, prefix="refuse")
    if form.is_valid():
        try:
            player_claim_refuse(
                claim=claim, user=request.user, note=form.cleaned_data["note"]
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(request, _("The claim is refused."))
            return _back(request)
    return _desk(request, note_form=form, refused_claim=claim)


@official_only(OFFICIALS_ONLY)
@require_POST
def account_link(request: HttpRequest) -> HttpResponse:
    form = AccountLinkForm(request.POST, prefix="link")
    if form.is_valid():
        try:
            player = player_account_link(
                player=form.cleaned_data["player"],
                username=form.cleaned_data["username"],
                user=request.user,
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request,
                _("%(user)s is now linked to %(player)s.")
                % {"user": player.user.get_username(), "player": player.name},
            )
            return _back(request)
    return _desk(request, link_form=form)


@official_only(OFFICIALS_ONLY)
@require_POST
def account_unlink(request: HttpRequest) -> HttpResponse:
    form = UnlinkForm(request.POST, prefix="unlink")
    if form.is_valid():
        try:
            player = player_account_unlink(
                player=form.cleaned_data["player"], user=request.user
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request,
                _("%(player)s has no linked account now.") % {"player": player.name},
            )
            return _back(request)
    return _desk(request, unlink_form=form)


@official_only(OFFICIALS_ONLY)
@require_POST
def year_close(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    try:
        free_games_close(season=season, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("The free games of %(year)s are closed; their winners are named.")
            % {"year": year},
        )
    return _back(request, year)


@official_only(OFFICIALS_ONLY)
@require_POST
def year_reopen(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    form = ReopenForm(request.POST, prefix="reopen")
    if form.is_valid():
        try:
            free_games_reopen(
                season=season, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request,
                _("The free games of %(year)s are open again.") % {"year": year},
            )
            return _back(request, year)
    return _desk(request, reopen_form=form)
