"""Reading accounts for the officials' workspace: who holds which role (filtered by
role, names in the Hungarian order), one account's roles, captaincies, referee
seasons and history, and the accounts a picker offers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Prefetch, Q

from competitions.models import AccountEvent, SeasonReferee, TeamCaptain
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import Role
from tarokk_admin.core.text import fold

HISTORY_ROWS = 50


def account_name(account: Any) -> str:
    """How an account is named on the federation's pages (the one rule,
    ``tarokk_admin.core.people.person_name``)."""
    return person_name(account)


@dataclass
class AccountRow:
    account: Any
    name: str
    roles: list[str] = field(default_factory=list)

    @property
    def role_labels(self) -> list[str]:
        return [str(Role(name).label) for name in self.roles if name in Role.values]

    @property
    def invited(self) -> bool:
        """Invited and not signed up yet: no password set."""
        return not self.account.has_usable_password()


def accounts_list(
    *, role: str = "", query: str = "", inactive: bool = False
) -> list[AccountRow]:
    """Accounts (active ones unless ``inactive``) with their roles, optionally only
    those holding ``role`` or matching ``query`` (name, username, e-mail; accents
    aside), in the Hungarian order of their names: two queries."""
    users = (
        get_user_model()
        .objects.select_related("player")
        .prefetch_related(Prefetch("groups"))
    )
    if not inactive:
        users = users.filter(is_active=True)
    if role in Role.values:
        users = users.filter(groups__name=role)
    rows = [
        AccountRow(
            user,
            account_name(user),
            sorted(
                {group.name for group in user.groups.all()}
                | ({Role.OFFICIAL.value} if user.is_superuser else set())
            ),
        )
        for user in users.distinct()
    ]
    words = fold(query).split()
    if words:
        rows = [
            row
            for row in rows
            if all(
                word
                in fold(
                    f"{row.name} {row.account.username} {row.account.email} "
                    f"{row.account.first_name} {row.account.last_name}"
                )
                for word in words
            )
        ]
    return sorted(rows, key=lambda row: (collation_key(row.name), row.account.pk))


@dataclass
class AccountDetail:
    account: Any
    name: str
    roles: list[str]
    captaincies: list[TeamCaptain]
    referee_seasons: list[int]
    events: list[AccountEvent]

    @property
    def role_labels(self) -> list[str]:
        return [str(Role(name).label) for name in self.roles if name in Role.values]


def account_detail(account: Any) -> AccountDetail:
    """One account's page: roles, captaincies, referee seasons and its history."""
    roles = sorted(account.groups.values_list("name", flat=True))
    return AccountDetail(
        account=account,
        name=account_name(account),
        roles=roles,
        captaincies=list(
            TeamCaptain.objects.filter(user=account)
            .select_related("team", "season")
            .order_by("-season__year", "team__name")
        ),
        referee_seasons=list(
            SeasonReferee.objects.filter(user=account)
            .order_by("-season__year")
            .values_list("season__year", flat=True)
        ),
        events=list(
            AccountEvent.objects.filter(account=account).select_related("by__player")[
                :HISTORY_ROWS
            ]
        ),
    )


def accounts_with_role(role: Role) -> Any:
    """Active accounts holding ``role`` (a picker's choices)."""
    query = Q(groups__name=role.value)
    return get_user_model().objects.filter(query, is_active=True).distinct()
