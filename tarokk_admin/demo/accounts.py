"""The demo accounts, one per role, with the password ``tarokk-demo``."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tarokk_admin.core.roles import Role
from tarokk_admin.demo.common import DemoSeedError

DEMO_PASSWORD = "tarokk-demo"


def demo_email(username: str) -> str:
    """A demo account's address: example.org is reserved for examples, so the
    notices and cup mails a demo sends (printed by the console backend by default)
    can never reach anyone."""
    return f"{username}@example.org"


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
                "email": demo_email(account.username),
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
