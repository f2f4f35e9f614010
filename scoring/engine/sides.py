"""Which team attacks and which defends in a hand (R3), and what each team of a match
totals (R11; a tie-breaker, R15), written once for the engine's match records, the
stored hands, the stored results and the seeds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from .scoring import match_points

T = TypeVar("T")


def hand_sides(teams: tuple[T, T], first: T, number: int) -> tuple[T, T]:
    """R3: (attack, defence) of hand ``number`` (from 1) between ``teams``: the team
    the cut chose, ``first``, attacks in hand 1, then the attack alternates."""
    other = teams[1] if first == teams[0] else teams[0]
    return (first, other) if number % 2 == 1 else (other, first)


def match_totals(
    teams: tuple[T, T],
    first: T,
    scores: Sequence[tuple[int, int]],
    tiebreak: bool = False,
) -> dict[T, dict[str, int]]:
    """Each team's ``total`` of the hands' ``(attack, defence)`` scores (R3: the
    sides alternate from ``first``) and its match ``points`` (R11: floor(total /
    8); a tie-breaker's are its raw total, R15)."""
    totals = dict.fromkeys(teams, 0)
    for number, (attack_score, defence_score) in enumerate(scores, start=1):
        attack, defence = hand_sides(teams, first, number)
        totals[attack] += attack_score
        totals[defence] += defence_score
    return {
        team: {"total": total, "points": total if tiebreak else match_points(total)}
        for team, total in totals.items()
    }
