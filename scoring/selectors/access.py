"""Who may see and do what with a match's hands (R15)."""

from __future__ import annotations

from typing import Any

from competitions.models import Match
from competitions.selectors.matches import match_needs_jury_approval
from competitions.selectors.teams import captain_team_ids
from tarokk_admin.core.roles import Role, is_jury, is_official, roles


def is_assigned_referee(user: Any, match: Match) -> bool:
    return Role.REFEREE.value in roles(user) and match.referee_id == user.pk


def is_match_captain(user: Any, match: Match) -> bool:
    """A captain of one of the match's teams in the match's season."""
    teams = captain_team_ids(user, match.competition.season_id)
    return bool(teams & {match.team_a_id, match.team_b_id})


def can_enter_hands(user: Any, match: Match) -> bool:
    """Officials always (corrections after completion need a reason); a referee the
    matches assigned to them until the match is completed."""
    if is_official(user):
        return match.status != match.Status.VOID
    return is_assigned_referee(user, match) and match.status in (
        match.Status.SCHEDULED,
        match.Status.IN_PLAY,
    )


def hand_editable_by(user: Any, match: Match) -> bool:
    return can_enter_hands(user, match) and (
        match.status != Match.Status.COMPLETED or is_official(user)
    )


def can_view_match(user: Any, match: Match) -> bool:
    """The match page: officials; the assigned referee; the teams' captains; the jury
    while the match waits for an approval it needs (R15)."""
    if is_official(user) or is_assigned_referee(user, match):
        return True
    if is_match_captain(user, match):
        return True
    return is_jury(user) and match_needs_jury_approval(match)


def is_public_result(match: Match) -> bool:
    """A completed match played in public: anyone may take its record away."""
    return match.status == Match.Status.COMPLETED and match.public
