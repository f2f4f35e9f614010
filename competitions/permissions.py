"""Who may do what (issue roles): Official, Jury, Referee, Team captain, anonymous."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from competitions.roles import Role

if TYPE_CHECKING:
    from competitions.models import Match


def roles(user: Any) -> frozenset[str]:
    """The user's role group names, looked up once per request and kept on the user."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cached = getattr(user, "_tarokk_roles", None)
    if cached is None:
        cached = frozenset(user.groups.values_list("name", flat=True))
        if user.is_superuser:
            cached |= {Role.OFFICIAL.value}
        user._tarokk_roles = cached
    return cached


def is_official(user: Any) -> bool:
    return Role.OFFICIAL.value in roles(user)


def is_jury(user: Any) -> bool:
    return bool({Role.JURY.value, Role.OFFICIAL.value} & roles(user))


def is_referee(user: Any) -> bool:
    return bool({Role.REFEREE.value, Role.OFFICIAL.value} & roles(user))


def can_enter_hands(user: Any, match: Match) -> bool:
    """Officials always (corrections after completion need a reason); a referee the
    matches assigned to them until the match is completed."""
    if is_official(user):
        return match.status != match.Status.VOID
    return (
        Role.REFEREE.value in roles(user)
        and match.referee_id == user.pk
        and match.status in (match.Status.SCHEDULED, match.Status.IN_PLAY)
    )


def captain_team_ids(user: Any) -> set[int]:
    if Role.TEAM_CAPTAIN.value not in roles(user):
        return set()
    cached = getattr(user, "_tarokk_captain_teams", None)
    if cached is None:
        cached = set(user.captained_teams.values_list("pk", flat=True))
        user._tarokk_captain_teams = cached
    return cached
