"""Reading teams: the teams a captain answers for."""

from __future__ import annotations

from typing import Any

from tarokk_admin.core.roles import Role, roles


def captain_team_ids(user: Any) -> set[int]:
    """The teams a team captain captains (none for other users); looked up once per
    request and kept on the user."""
    if Role.TEAM_CAPTAIN.value not in roles(user):
        return set()
    cached = getattr(user, "_tarokk_captain_teams", None)
    if cached is None:
        cached = set(user.captained_teams.values_list("pk", flat=True))
        user._tarokk_captain_teams = cached
    return cached
