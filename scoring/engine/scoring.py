"""Scoring of a valid hand (R5, R6, R7, R8, R10) and of a match (R11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypedDict

from . import cards as c
from .catalogue import FEASTS
from .sheet import SIDES, Announcement, Side, TeamFacts

CONSOLATION_CAP: Final[dict[Side, int]] = {"attack": 100, "defence": 90}  # R5
CONTRA_CAP: Final = 20  # R8
LIMIT: Final = 100  # R10
MATCH_HANDS: Final = 8  # R3: a match is 8 hands; R11 averages over them
TIEBREAK_HANDS: Final = 2  # R15: a cup tie-breaker is 2 hands, summed


class TeamScore(TypedDict):
    consolation: int
    feasts: int
    silent: int
    contras: int
    raw: int
    limit: int
    score: int


def consolation(facts: TeamFacts, side: Side) -> int:
    """R5: points from the two partners' hands together, capped 100 / 90."""
    if facts.trumps >= 13:
        points = 40
    elif facts.trumps >= 11:
        points = 50
    else:
        points = 60
    points += {0: 30, 1: 20, 2: 0}[facts.honours]
    points += 5 * (len(c.MIDDLE) - len(facts.middle))
    if side == "defence":
        points += 20
    return min(points, CONSOLATION_CAP[side])


def feast_points(announcements: Sequence[Announcement], side: Side) -> int:
    """R6: a team scores its own announcements, +value made, -value failed."""
    return sum(
        a.feast.value if a.made else -a.feast.value
        for a in announcements
        if a.team == side
    )


def contra_points(announcements: Sequence[Announcement], side: Side) -> int:
    """R8: only the contra-calling team wins or loses by a contra; capped to ±20."""
    total = 0
    for a in announcements:
        if a.contra is None or a.contra.team != side:
            continue
        value = a.feast.value
        by_partner = a.contra.team == a.team
        total += value if a.made == by_partner else -value
    return max(-CONTRA_CAP, min(CONTRA_CAP, total))


def limit(announcements: Sequence[Announcement], side: Side) -> int:
    """R10: 100, changed by the team's own trophy (at most one, R9)."""
    for a in announcements:
        if a.team == side and a.feast.is_trophy:
            value = a.feast.value
            if value < LIMIT:
                return LIMIT + 10 if a.made else LIMIT - value
            return value if a.made else 0
    return LIMIT


def score_team(
    facts: TeamFacts,
    side: Side,
    announcements: Sequence[Announcement],
    silent: Sequence[str],
) -> TeamScore:
    """R10: raw = consolation + feasts + silent + contras; score = clamp(raw, 0, limit)."""
    base = consolation(facts, side)
    feasts = feast_points(announcements, side)
    premiums = sum(FEASTS[code].value for code in silent)
    contras = contra_points(announcements, side)
    raw = base + feasts + premiums + contras
    cap = limit(announcements, side)
    return TeamScore(
        consolation=base,
        feasts=feasts,
        silent=premiums,
        contras=contras,
        raw=raw,
        limit=cap,
        score=min(max(raw, 0), cap),
    )


def score_hand(
    facts: dict[Side, TeamFacts],
    announcements: Sequence[Announcement],
    silent: dict[Side, tuple[str, ...]],
) -> dict[Side, TeamScore]:
    return {
        side: score_team(facts[side], side, announcements, silent.get(side, ()))
        for side in SIDES
    }


def match_points(total: int, hands: int = MATCH_HANDS) -> int:
    """R11: floor(sum of the hand scores / 8); 760 : 759 becomes 95 : 94."""
    return total // hands
