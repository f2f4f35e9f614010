"""Reading teams: the teams a captain answers for, season by season.

A team answers through its captain *of the season* (``TeamCaptain``): a captain of
2025 does not confirm a 2026 result. Every captain action (confirm, dispute, accept
at the table, register for the cup, the captain's pages, notices to captains) asks
these selectors with the season of what it concerns."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from competitions.models import Membership, Player, Team, TeamCaptain
from tarokk_admin.core.roles import Role, roles


def captaincies(user: Any) -> dict[int, set[int]]:
    """Season id -> the teams the user captains in it (none unless the user has the
    Team captain role); looked up once per request and kept on the user."""
    if Role.TEAM_CAPTAIN.value not in roles(user):
        return {}
    cached = getattr(user, "_tarokk_captaincies", None)
    if cached is None:
        cached = {}
        for season_id, team_id in TeamCaptain.objects.filter(user=user).values_list(
            "season_id", "team_id"
        ):
            cached.setdefault(season_id, set()).add(team_id)
        user._tarokk_captaincies = cached
    return cached


def captain_team_ids(user: Any, season_id: int) -> set[int]:
    """The teams the user captains in that season."""
    return captaincies(user).get(season_id, set())


def is_captain_of(user: Any, team_id: int | None, season_id: int) -> bool:
    return team_id in captain_team_ids(user, season_id)


def captains_anything(user: Any) -> bool:
    """Whether the user captains a team in any season (their captain's page)."""
    return bool(captaincies(user))


def captain_matches_filter(user: Any, prefix: str = "") -> Q:
    """A filter on matches (or on rows with ``prefix`` pointing at a match) of the
    teams the user captains, each in its season; matches nothing for a user who
    captains no team."""
    query = Q(pk__in=[])
    for season_id, teams in captaincies(user).items():
        query |= Q(**{f"{prefix}competition__season_id": season_id}) & (
            Q(**{f"{prefix}team_a_id__in": teams})
            | Q(**{f"{prefix}team_b_id__in": teams})
        )
    return query


def season_captains(season_id: int) -> dict[int, TeamCaptain]:
    """Team id -> its captain's row in the season (the user selected)."""
    return {
        row.team_id: row
        for row in TeamCaptain.objects.filter(season_id=season_id).select_related(
            "user", "user__player"
        )
    }


def match_captains(match: Any) -> list[Any]:
    """The captains of the match's two teams in the match's season."""
    season_id = match.competition.season_id
    return [
        row.user
        for row in TeamCaptain.objects.filter(
            season_id=season_id, team_id__in=[match.team_a_id, match.team_b_id]
        ).select_related("user")
    ]


def team_members(season_id: int, team: Team) -> list[Player]:
    """The team's roster of the season: driver, catcher, substitute (R15)."""
    order = {value: i for i, value in enumerate(Membership.Role.values)}
    rows = Membership.objects.filter(season_id=season_id, team=team).select_related(
        "player"
    )
    return [m.player for m in sorted(rows, key=lambda m: order.get(m.role, 9))]
