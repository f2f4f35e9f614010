"""Trophy cups (R14) as a rule: a cup when a player's cumulative trophy points first
reach each threshold, dated by the award that crossed it. Pure Python, no Django."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Crossing:
    threshold: int
    award_id: int
    date: dt.date


def trophy_cup_crossings(
    awards: Iterable[tuple[int, dt.date, int]], thresholds: Sequence[int]
) -> tuple[int, list[Crossing]]:
    """Walk ``(award id, date, value)`` in date order (then id) and return the total
    and the award crossing each reached threshold. One award may cross several."""
    total = 0
    crossings: list[Crossing] = []
    pending = sorted(thresholds)
    for award_id, date, value in sorted(awards, key=lambda a: (a[1], a[0])):
        total += value
        while pending and total >= pending[0]:
            crossings.append(Crossing(pending.pop(0), award_id, date))
    return total, crossings
