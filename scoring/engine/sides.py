"""Which team attacks and which defends in a hand (R3), written once for the engine's
match records, the stored hands and the seeds."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def hand_sides(teams: tuple[T, T], first: T, number: int) -> tuple[T, T]:
    """R3: (attack, defence) of hand ``number`` (from 1) between ``teams``: the team
    the cut chose, ``first``, attacks in hand 1, then the attack alternates."""
    other = teams[1] if first == teams[0] else teams[0]
    return (first, other) if number % 2 == 1 else (other, first)
