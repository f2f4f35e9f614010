"""Accounts and roles in the officials' workspace: nobody needs a superuser.

An official invites a person by e-mail (the account gets no password; the
invitation carries a one-time link to set one, ``invitations``), links the account
to the player's federation record, gives and withdraws the roles (the Django groups
of ``tarokk_admin.core.roles``) with a reason, deactivates and reactivates accounts.
Every act is an :class:`~competitions.models.AccountEvent`: who, when, why.

Guards: only officials act; an official never changes their own roles (nobody
raises their own rights); the last active official is never withdrawn nor
deactivated, so the federation always keeps someone who can invite the others. The
first official of an empty federation comes from ``manage.py create_official``
(:func:`official_create`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import AccountEvent, AccountSettings, Player, TeamCaptain
from competitions.selectors.accounts import account_name
from competitions.services.claims import player_account_link
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role, is_official, official_check
from tarokk_admin.core.words import app_words

REASON_MAX = 500
NAME_MAX = 150
USERNAME = re.compile(r"^[\w.@+-]+$")


def _user_model() -> Any:
    return get_user_model()


def _reason(reason: str, missing: ServiceError) -> str:
    """The reason, tidied; ``missing`` is the refusal of a blank one."""
    reason = " ".join(reason.split())
    if not reason:
        raise missing
    if len(reason) > REASON_MAX:
        ERRORS.refuse("reason_too_long", field="reason", n=REASON_MAX)
    return reason


def account_event(
    account: Any, kind: str, by: Any, *, reason: str = "", role: str = ""
) -> AccountEvent:
    return AccountEvent.objects.create(
        account=account, kind=kind, by=by, reason=reason, role=role
    )


def _forget_roles(account: Any) -> None:
    """The roles kept on the user object for the request are stale now."""
    for name in ("_tarokk_roles", "_tarokk_captaincies"):
        if hasattr(account, name):
            delattr(account, name)


def role_add(account: Any, role: Role, by: Any, reason: str) -> bool:
    """Put the account in the role's group (no rights checked: the callers do);
    False when it was there already."""
    group, _created = Group.objects.get_or_create(name=role.value)
    if account.groups.filter(pk=group.pk).exists():
        return False
    account.groups.add(group)
    if role == Role.OFFICIAL and not account.is_staff:
        # Officials may look at the (read-only) admin.
        account.is_staff = True
        account.save(update_fields=["is_staff"])
    account_event(
        account, AccountEvent.Kind.ROLE_GRANTED, by, reason=reason, role=role.value
    )
    _forget_roles(account)
    return True


def active_officials() -> Any:
    """Active accounts that are officials (the Official group; superusers count)."""
    return (
        _user_model()
        .objects.filter(is_active=True)
        .filter(Q(groups__name=Role.OFFICIAL.value) | Q(is_superuser=True))
        .distinct()
    )


def _the_last_official(account: Any) -> bool:
    """Whether ``account`` is the only active official left."""
    if not is_official(account) or not account.is_active:
        return False
    return not active_officials().exclude(pk=account.pk).exists()


def _role(value: str) -> Role:
    if value not in Role.values:
        ERRORS.refuse("unknown_role", field="role", role=value[:40])
    return Role(value)


def _email(email: str, exclude: Any = None) -> str:
    email = email.strip()
    try:
        validate_email(email)
    except ValidationError as error:
        raise ERRORS.error("bad_email", field="email", email=email[:80]) from error
    taken = _user_model().objects.filter(email__iexact=email)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    holder = taken.first()
    if holder is not None:
        ERRORS.refuse(
            "email_taken",
            field="email",
            email=email,
            name=account_name(holder),
            user=holder.get_username(),
        )
    return email


def _username(username: str, email: str) -> str:
    """The given username, checked; or one made from the e-mail's local part."""
    users = _user_model().objects
    if username.strip():
        username = username.strip()
        if len(username) > NAME_MAX or not USERNAME.match(username):
            ERRORS.refuse("bad_username", field="username")
        if users.filter(username__iexact=username).exists():
            ERRORS.refuse("username_taken", field="username", user=username)
        return username
    base = re.sub(r"[^\w.+-]", "", email.split("@")[0])[:140] or "user"
    candidate, number = base, 1
    while users.filter(username__iexact=candidate).exists():
        number += 1
        candidate = f"{base}{number}"
    return candidate


def _names(first: str, last: str, player: Player | None) -> tuple[str, str]:
    first, last = " ".join(first.split()), " ".join(last.split())
    if not (first or last) and player is not None:
        # A Hungarian name is written family name first: "Kovács Éva".
        last, _space, first = player.name.partition(" ")
    if not (first or last):
        ERRORS.refuse("name_missing", field="last_name")
    if len(first) > NAME_MAX or len(last) > NAME_MAX:
        ERRORS.refuse("name_too_long", field="last_name")
    return first, last


@transaction.atomic
def account_invite(
    *,
    by: Any,
    email: str,
    first_name: str = "",
    last_name: str = "",
    username: str = "",
    player: Player | None = None,
    roles: Iterable[str] = (),
    reason: str = "",
    language: str = "",
    site: str = "",
) -> Any:
    """Create an account without a password for a person and e-mail them a one-time
    link to set one (sent after the commit, through the outbox); link it to their
    federation record and give the roles, with the reason kept."""
    from competitions.services.invitations import invitation_queue

    official_check(by, ERRORS.error("not_an_official__accounts"))
    email = _email(email)
    wanted = [_role(value) for value in dict.fromkeys(roles)]
    if wanted:
        reason = _reason(reason, ERRORS.error("reason_missing", field="reason"))
    first, last = _names(first_name, last_name, player)
    account = _user_model()(
        username=_username(username, email),
        email=email,
        first_name=first,
        last_name=last,
        is_active=True,
    )
    account.set_unusable_password()
    account.save()
    account_event(account, AccountEvent.Kind.INVITED, by, reason=reason)
    if player is not None:
        player_account_link(player=player, username=account.username, user=by)
    for role in wanted:
        role_add(account, role, by, reason)
    if language:
        AccountSettings.objects.update_or_create(
            user=account, defaults={"language": language}
        )
    invitation_queue(account, site)
    return account


@transaction.atomic
def account_invitation_resend(*, account: Any, by: Any, site: str = "") -> Any:
    """Send the invitation again (a lost e-mail, an expired link); only while the
    person has not set a password (then the login page's reset is theirs)."""
    from competitions.services.invitations import invitation_queue

    official_check(by, ERRORS.error("not_an_official__accounts"))
    if not account.is_active:
        ERRORS.refuse("inactive")
    if account.has_usable_password():
        ERRORS.refuse("password_set", name=account_name(account))
    if not account.email:
        ERRORS.refuse("no_email")
    account_event(account, AccountEvent.Kind.INVITATION_SENT, by)
    invitation_queue(account, site)
    return account


@transaction.atomic
def account_role_grant(*, account: Any, role: str, by: Any, reason: str) -> Any:
    """Give a role (R15's officials, jury, referees, captains are groups)."""
    official_check(by, ERRORS.error("not_an_official__accounts"))
    chosen = _role(role)
    if account.pk == by.pk:
        ERRORS.refuse("own_rights")
    if not account.is_active:
        ERRORS.refuse("inactive")
    reason = _reason(reason, ERRORS.error("grant_reason_missing", field="reason"))
    if not role_add(account, chosen, by, reason):
        ERRORS.refuse("has_role", name=account_name(account), role=chosen.label)
    return account


def _captaincies_now(account: Any) -> list[TeamCaptain]:
    year = timezone.localdate().year
    return list(
        TeamCaptain.objects.filter(user=account, season__year__gte=year)
        .select_related("team", "season")
        .order_by("season__year", "team__name")
    )


@transaction.atomic
def account_role_withdraw(*, account: Any, role: str, by: Any, reason: str) -> Any:
    """Withdraw a role, with the reason kept; never the last official's, and not a
    captain's while they captain a team this season or a later one."""
    official_check(by, ERRORS.error("not_an_official__accounts"))
    chosen = _role(role)
    reason = _reason(reason, ERRORS.error("withdraw_reason_missing", field="reason"))
    group = Group.objects.filter(name=chosen.value).first()
    if group is None or not account.groups.filter(pk=group.pk).exists():
        ERRORS.refuse("no_role", name=account_name(account), role=chosen.label)
    official = chosen == Role.OFFICIAL and not account.is_superuser
    if official and _the_last_official(account):
        ERRORS.refuse("last_official", name=account_name(account))
    if chosen == Role.TEAM_CAPTAIN:
        held = _captaincies_now(account)
        if held:
            ERRORS.refuse(
                "captain_now",
                name=account_name(account),
                teams=", ".join(f"{c.team.name} ({c.season.year})" for c in held),
            )
    account.groups.remove(group)
    if chosen == Role.OFFICIAL and account.is_staff and not account.is_superuser:
        account.is_staff = False
        account.save(update_fields=["is_staff"])
    account_event(
        account, AccountEvent.Kind.ROLE_WITHDRAWN, by, reason=reason, role=chosen.value
    )
    _forget_roles(account)
    return account


@transaction.atomic
def account_deactivate(*, account: Any, by: Any, reason: str) -> Any:
    """The account can no longer sign in (kept, with its history); never the last
    official's."""
    official_check(by, ERRORS.error("not_an_official__accounts"))
    reason = _reason(reason, ERRORS.error("deactivate_reason_missing", field="reason"))
    if not account.is_active:
        ERRORS.refuse("inactive_already")
    if _the_last_official(account):
        ERRORS.refuse("last_active_official", name=account_name(account))
    account.is_active = False
    account.save(update_fields=["is_active"])
    account_event(account, AccountEvent.Kind.DEACTIVATED, by, reason=reason)
    return account


@transaction.atomic
def account_reactivate(*, account: Any, by: Any, reason: str) -> Any:
    official_check(by, ERRORS.error("not_an_official__accounts"))
    reason = _reason(reason, ERRORS.error("reactivate_reason_missing", field="reason"))
    if account.is_active:
        ERRORS.refuse("active")
    account.is_active = True
    account.save(update_fields=["is_active"])
    account_event(account, AccountEvent.Kind.REACTIVATED, by, reason=reason)
    return account


@transaction.atomic
def official_create(
    *, username: str, email: str, first_name: str = "", last_name: str = ""
) -> Any:
    """The first official of an empty federation (``manage.py create_official``):
    refused once an active official exists (they invite the others)."""
    existing = active_officials().order_by("pk").first()
    if existing is not None:
        ERRORS.refuse("official_exists", user=existing.get_username())
    if not username.strip():
        ERRORS.refuse("no_username", field="username")
    email = _email(email)
    account = _user_model()(
        username=_username(username, email),
        email=email,
        first_name=" ".join(first_name.split())[:NAME_MAX],
        last_name=" ".join(last_name.split())[:NAME_MAX],
        is_active=True,
    )
    account.set_unusable_password()
    account.save()
    reason = app_words(
        gettext_noop("the federation's first official (manage.py create_official)")
    )
    account_event(account, AccountEvent.Kind.CREATED, None, reason=reason)
    role_add(account, Role.OFFICIAL, None, reason)
    return account
