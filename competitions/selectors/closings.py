"""STAND-IN (helper B3) until helper B1's closings land: the placings of the years
the app closed itself (R15). Same signatures as B1's module; the merge takes B1's.

The roll of honour (``competitions.selectors.honours``) reads the app's own years
only through these two functions."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass


@dataclass(frozen=True)
class Placing:
    competition: str  # "championship" | "cup" | "grand_prix" | "free_games"
    event: str
    place: int
    team: str
    players: tuple[str, ...]
    points: int | None
    closed_at: dt.datetime


def year_placings(year: int) -> list[Placing]:
    """The placings of every competition of ``year`` the app has closed."""
    return []


def closed_years() -> list[int]:
    """The years whose competitions the app has closed."""
    return []
