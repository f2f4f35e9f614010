"""The demo federation that ``manage.py seed_demo`` loads: idempotent parts.

Each part is a function that creates what is missing and returns the lines worth
printing (empty when it changed nothing). Add a part by writing another such function
and listing it in ``DEMO_PARTS``; ``demo_seed`` runs them in order in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from competitions.roles import Role

DEMO_PASSWORD = "tarokk-demo"


class DemoSeedError(Exception):
    """The demo data cannot be loaded; the message is one sentence for the user."""


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: Role
    first_name: str
    last_name: str
    is_staff: bool = False


DEMO_ACCOUNTS = (
    DemoAccount("official", Role.OFFICIAL, "Olga", "Official", is_staff=True),
    DemoAccount("jury", Role.JURY, "János", "Jury"),
    DemoAccount("referee", Role.REFEREE, "Rezső", "Referee"),
    DemoAccount("captain", Role.TEAM_CAPTAIN, "Kata", "Captain"),
)


def demo_accounts_seed() -> list[str]:
    """Create the demo accounts that are missing, one per role, in their groups."""
    user_model = get_user_model()
    groups = {group.name: group for group in Group.objects.filter(name__in=Role.values)}
    missing = sorted(set(Role.values) - set(groups))
    if missing:
        raise DemoSeedError(
            f"The role groups {', '.join(missing)} are missing: "
            f"run `manage.py migrate` first."
        )
    lines = []
    for account in DEMO_ACCOUNTS:
        user, created = user_model.objects.get_or_create(
            username=account.username,
            defaults={
                "first_name": account.first_name,
                "last_name": account.last_name,
                "is_staff": account.is_staff,
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            user.groups.add(groups[account.role.value])
            lines.append(
                f"  {account.role.label:<13} username {account.username:<9} "
                f"password {DEMO_PASSWORD}"
            )
    if lines:
        lines.insert(0, "Demo logins (created now; shown only this once):")
    return lines


DEMO_PARTS: list[Callable[[], list[str]]] = [
    demo_accounts_seed,
]


def demo_seed() -> list[str]:
    """Run every demo part; return what they created, for printing."""
    lines: list[str] = []
    with transaction.atomic():
        for part in DEMO_PARTS:
            lines.extend(part())
    return lines
