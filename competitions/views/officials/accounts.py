"""Accounts and roles in the officials' workspace (never ``/admin/``): who holds
which role (filtered by role, names in the Hungarian order), inviting a person by
e-mail, an account's roles given and withdrawn with a reason, its link to the
player's federation record, deactivation, and its history. Views stay thin: form
-> one service -> render or show the refusal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.forms.accounts import (
    AccountLinkPlayerForm,
    AccountReasonForm,
    AccountSearchForm,
    InviteForm,
    RoleForm,
)
from competitions.forms.free_games import player_label
from competitions.models import Player
from competitions.selectors.accounts import account_detail, account_name, accounts_list
from competitions.selectors.sittings import players_offered
from competitions.services.accounts import (
    account_deactivate,
    account_invitation_resend,
    account_invite,
    account_reactivate,
    account_role_grant,
    account_role_withdraw,
)
from competitions.services.claims import player_account_link, player_account_unlink
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import Role, official_only


def site_of(request: HttpRequest) -> str:
    """The site's address as the person reaches it, for the links in e-mails."""
    return request.build_absolute_uri("/").rstrip("/")


@official_only(OFFICIALS_ONLY)
@get_only
def account_list(request: HttpRequest) -> HttpResponse:
    search = AccountSearchForm(request.GET)
    role, query, inactive = "", "", False
    if search.is_valid():
        data = search.cleaned_data
        role, query, inactive = data["role"], data["q"], data["inactive"]
    return render(
        request,
        "competitions/officials/accounts.html",
        {
            "search": search,
            "rows": accounts_list(role=role, query=query, inactive=inactive),
            "role": role,
            "roles": Role.choices,
            "section": "accounts",
        },
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def account_invite_view(request: HttpRequest) -> HttpResponse:
    """Invite a person: the account, its roles and the link to their record; the
    e-mail with the link to set a password follows the commit."""
    initial = {}
    player_id = whole_number(request.GET.get("player"))
    if player_id:
        player = Player.objects.filter(pk=player_id).first()
        if player is not None:
            initial["player"] = player_label(player)
    form = InviteForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        account = service_run(
            form,
            lambda: account_invite(
                by=request.user,
                email=data["email"],
                first_name=data["first_name"],
                last_name=data["last_name"],
                username=data["username"],
                player=data["player"],
                roles=data["roles"],
                reason=data["reason"],
                language=data["language"],
                site=site_of(request),
            ),
        )
        if account is not None:
            messages.success(
                request,
                _(
                    "%(name)s is invited: an e-mail to %(email)s carries the link to "
                    "set a password (username %(user)s)."
                )
                % {
                    "name": account_name(account),
                    "email": account.email,
                    "user": account.get_username(),
                },
            )
            return redirect("officials:account", pk=account.pk)
    return render(
        request,
        "competitions/officials/account_invite.html",
        {"form": form, "players_offered": players_offered(), "section": "accounts"},
        status=400 if form.is_bound else 200,
    )


def _account_page(
    request: HttpRequest, account: object, **bound: forms.Form
) -> HttpResponse:
    detail = account_detail(account)
    held = set(detail.roles)
    context = {
        "detail": detail,
        "account": account,
        "grant_form": bound.get("grant") or RoleForm(prefix="grant"),
        "withdraw_form": bound.get("withdraw") or RoleForm(prefix="withdraw"),
        "state_form": bound.get("state") or AccountReasonForm(prefix="state"),
        "link_form": bound.get("link") or AccountLinkPlayerForm(prefix="link"),
        "can_grant": [choice for choice in Role.choices if choice[0] not in held],
        "can_withdraw": [choice for choice in Role.choices if choice[0] in held],
        "players_offered": players_offered(),
        "section": "accounts",
    }
    # No role is chosen for the official by default (an Official role given by a
    # slip of the hand would be a surprise).
    empty = [("", _("— choose a role —"))]
    context["grant_form"].fields["role"].choices = empty + context["can_grant"]
    context["withdraw_form"].fields["role"].choices = empty + context["can_withdraw"]
    return render(
        request,
        "competitions/officials/account.html",
        context,
        status=400 if bound else 200,
    )


@official_only(OFFICIALS_ONLY)
@get_only
def account_page(request: HttpRequest, pk: int) -> HttpResponse:
    account = get_object_or_404(get_user_model(), pk=pk)
    return _account_page(request, account)


def _act(
    request: HttpRequest,
    account: object,
    prefix: str,
    form: forms.Form,
    action: Callable[[], object],
    done: str,
) -> HttpResponse:
    if form.is_valid() and service_run(form, action):
        messages.success(request, done)
        return redirect("officials:account", pk=account.pk)  # type: ignore[attr-defined]
    return _account_page(request, account, **{prefix: form})


@official_only(OFFICIALS_ONLY)
@require_POST
def account_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """One act on the account: ``grant``, ``withdraw``, ``deactivate``,
    ``reactivate``, ``link``, ``unlink``, ``resend``."""
    account = get_object_or_404(get_user_model(), pk=pk)
    name = account_name(account)
    if action in ("grant", "withdraw"):
        form = RoleForm(request.POST, prefix=action)
        service = account_role_grant if action == "grant" else account_role_withdraw
        role = form.data.get(f"{action}-role", "")
        label = Role(role).label if role in Role.values else role
        return _act(
            request,
            account,
            action,
            form,
            lambda: service(
                account=account,
                role=form.cleaned_data["role"],
                by=request.user,
                reason=form.cleaned_data["reason"],
            ),
            (
                _("%(name)s has the role %(role)s now.")
                if action == "grant"
                else _("%(name)s no longer has the role %(role)s.")
            )
            % {"name": name, "role": label},
        )
    if action in ("deactivate", "reactivate"):
        form = AccountReasonForm(request.POST, prefix="state")
        service = account_deactivate if action == "deactivate" else account_reactivate
        return _act(
            request,
            account,
            "state",
            form,
            lambda: service(
                account=account, by=request.user, reason=form.cleaned_data["reason"]
            ),
            (
                _("%(name)s's account is deactivated.")
                if action == "deactivate"
                else _("%(name)s's account is active again.")
            )
            % {"name": name},
        )
    if action == "link":
        form = AccountLinkPlayerForm(request.POST, prefix="link")
        return _act(
            request,
            account,
            "link",
            form,
            lambda: player_account_link(
                player=form.cleaned_data["player"],
                username=account.get_username(),
                user=request.user,
            ),
            _("The account is linked to the federation record."),
        )
    if action not in ("unlink", "resend"):
        raise Http404("no such action")
    return _simple_action(request, account, action)


def _simple_action(request: HttpRequest, account: Any, action: str) -> HttpResponse:
    """``unlink`` and ``resend``: no form, the result as a message."""
    try:
        if action == "unlink":
            player = Player.objects.filter(user=account).first()
            if player is None:
                messages.error(request, _("The account is not linked to a player."))
            else:
                player_account_unlink(player=player, user=request.user)
                messages.success(request, _("The account is no longer linked."))
        else:
            account_invitation_resend(
                account=account, by=request.user, site=site_of(request)
            )
            messages.success(
                request,
                _("The invitation is sent again to %(email)s.")
                % {"email": account.email},
            )
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect("officials:account", pk=account.pk)
