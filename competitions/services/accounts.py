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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from competitions.models import AccountEvent, AccountSettings, Player, TeamCaptain
from competitions.selectors.accounts import account_name
from competitions.services.claims import player_account_link
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role, is_official, official_check
from tarokk_admin.core.words import app_words

OFFICIALS_ONLY = gettext_lazy("Only officials manage accounts and roles.")

REASON_MAX = 500
NAME_MAX = 150
USERNAME = re.compile(r"^[\w.@+-]+$")


def _user_model() -> Any:
    return get_user_model()


def _reason(reason: str, what: str) -> str:
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError(what, field="reason", code="reason_missing")
    if len(reason) > REASON_MAX:
        raise ServiceError(
            _("Keep the reason under %(n)s characters.") % {"n": REASON_MAX},
            field="reason",
            code="reason_too_long",
        )
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


def _not_the_last_official(account: Any, what: str) -> None:
    if not is_official(account) or not account.is_active:
        return
    others = active_officials().exclude(pk=account.pk)
    if not others.exists():
        raise ServiceError(what, code="last_official")


def _role(value: str) -> Role:
    if value not in Role.values:
        raise ServiceError(
            _("There is no role %(role)s.") % {"role": value[:40]},
            field="role",
            code="unknown_role",
        )
    return Role(value)


def _email(email: str, exclude: Any = None) -> str:
    email = email.strip()
    try:
        validate_email(email)
    except ValidationError as error:
        raise ServiceError(
            _("“%(email)s” is not an e-mail address.") % {"email": email[:80]},
            field="email",
            code="bad_email",
        ) from error
    taken = _user_model().objects.filter(email__iexact=email)
    if exclude is not None:
        taken = taken.exclude(pk=exclude.pk)
    holder = taken.first()
    if holder is not None:
        raise ServiceError(
            _("%(email)s already has an account: %(name)s (%(user)s).")
            % {
                "email": email,
                "name": account_name(holder),
                "user": holder.get_username(),
            },
            field="email",
            code="email_taken",
        )
    return email


def _username(username: str, email: str) -> str:
    """The given username, checked; or one made from the e-mail's local part."""
    users = _user_model().objects
    if username.strip():
        username = username.strip()
        if len(username) > NAME_MAX or not USERNAME.match(username):
            raise ServiceError(
                _(
                    "A username has at most 150 letters, digits and the signs "
                    "@ . + - _ (no spaces)."
                ),
                field="username",
                code="bad_username",
            )
        if users.filter(username__iexact=username).exists():
            raise ServiceError(
                _("The username %(user)s is taken.") % {"user": username},
                field="username",
                code="username_taken",
            )
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
        raise ServiceError(
            _("Give the person's name (or choose their federation record)."),
            field="last_name",
            code="name_missing",
        )
    if len(first) > NAME_MAX or len(last) > NAME_MAX:
        raise ServiceError(
            _("A name has at most 150 characters."),
            field="last_name",
            code="name_too_long",
        )
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

    official_check(by, OFFICIALS_ONLY)
    email = _email(email)
    wanted = [_role(value) for value in dict.fromkeys(roles)]
    if wanted:
        reason = _reason(reason, _("Say why you give these roles."))
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

    official_check(by, OFFICIALS_ONLY)
    if not account.is_active:
        raise ServiceError(
            _("The account is deactivated: reactivate it first."), code="inactive"
        )
    if account.has_usable_password():
        raise ServiceError(
            _(
                "%(name)s has set a password already; if it is lost, “Forgot your "
                "password?” on the login page sends a new link."
            )
            % {"name": account_name(account)},
            code="password_set",
        )
    if not account.email:
        raise ServiceError(_("The account has no e-mail address."), code="no_email")
    account_event(account, AccountEvent.Kind.INVITATION_SENT, by)
    invitation_queue(account, site)
    return account


@transaction.atomic
def account_role_grant(*, account: Any, role: str, by: Any, reason: str) -> Any:
    """Give a role (R15's officials, jury, referees, captains are groups)."""
    official_check(by, OFFICIALS_ONLY)
    chosen = _role(role)
    if account.pk == by.pk:
        raise ServiceError(
            _("Nobody gives themselves a role: another official does."),
            code="own_rights",
        )
    if not account.is_active:
        raise ServiceError(
            _("The account is deactivated: reactivate it first."), code="inactive"
        )
    reason = _reason(reason, _("Say why you give this role."))
    if not role_add(account, chosen, by, reason):
        raise ServiceError(
            _("%(name)s already has the role %(role)s.")
            % {"name": account_name(account), "role": chosen.label},
            code="has_role",
        )
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
    official_check(by, OFFICIALS_ONLY)
    chosen = _role(role)
    reason = _reason(reason, _("Say why you withdraw this role."))
    group = Group.objects.filter(name=chosen.value).first()
    if group is None or not account.groups.filter(pk=group.pk).exists():
        raise ServiceError(
            _("%(name)s does not have the role %(role)s.")
            % {"name": account_name(account), "role": chosen.label},
            code="no_role",
        )
    if chosen == Role.OFFICIAL and not account.is_superuser:
        _not_the_last_official(
            account,
            _(
                "%(name)s is the last official: give another account the role "
                "first, so that someone can still run the federation."
            )
            % {"name": account_name(account)},
        )
    if chosen == Role.TEAM_CAPTAIN:
        held = _captaincies_now(account)
        if held:
            raise ServiceError(
                _(
                    "%(name)s captains %(teams)s: choose another captain on the "
                    "team's page first."
                )
                % {
                    "name": account_name(account),
                    "teams": ", ".join(
                        f"{c.team.name} ({c.season.year})" for c in held
                    ),
                },
                code="captain_now",
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
    official_check(by, OFFICIALS_ONLY)
    reason = _reason(reason, _("Say why the account is deactivated."))
    if not account.is_active:
        raise ServiceError(_("The account is deactivated already."), code="inactive")
    _not_the_last_official(
        account,
        _(
            "%(name)s is the last active official: the federation would have nobody "
            "to run it. Give another account the Official role first."
        )
        % {"name": account_name(account)},
    )
    account.is_active = False
    account.save(update_fields=["is_active"])
    account_event(account, AccountEvent.Kind.DEACTIVATED, by, reason=reason)
    return account


@transaction.atomic
def account_reactivate(*, account: Any, by: Any, reason: str) -> Any:
    official_check(by, OFFICIALS_ONLY)
    reason = _reason(reason, _("Say why the account is reactivated."))
    if account.is_active:
        raise ServiceError(_("The account is active already."), code="active")
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
        raise ServiceError(
            _(
                "The federation has an official already (%(user)s): officials "
                "invite the others in the workspace (Accounts and roles)."
            )
            % {"user": existing.get_username()},
            code="official_exists",
        )
    if not username.strip():
        raise ServiceError(_("Give a username."), field="username", code="no_username")
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
