"""Keeping the standings cache fresh (R15): called by ``match_completed``."""

from __future__ import annotations

from competitions.models import Match
from competitions.selectors.standings import standings_refresh


def refresh(match: Match) -> None:
    """Recompute the tables a completed, corrected or voided match feeds."""
    standings_refresh(match=match)
