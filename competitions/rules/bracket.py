"""The Hungarian Cup bracket as pure Python (R15): the draw, slot arithmetic, tie
decisions and medals. No Django here (STYLE.md: Tabbycat's draw generators); the
services feed it plain values and store what it decides.

A bracket has 16 teams and 4 rounds: 1 the last 16 (slots 1-8), 2 the quarter-finals
(1-4), 3 the semi-finals (1-2), 4 the final (1). Slot k of round r+1 is played by the
winners of slots 2k-1 and 2k of round r, the team of the lower slot named first
(HAND_RECORD.md "Cup matches in a matches file").
"""

from __future__ import annotations

import calendar
import datetime as dt
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

CUP_TEAMS = 16  # R15
ROUNDS = 4
TIE_MATCHES = 3  # R15: a tie is 3 matches
SLOTS = {1: 8, 2: 4, 3: 2, 4: 1}
SEMI_FINAL, FINAL = 3, 4
# R15: the last 16 at the end of September, the quarter-finals in October, the
# semi-finals in November, the final in December; a tie's matches are played in
# its round's month.
ROUND_MONTHS = {1: 9, 2: 10, 3: 11, 4: 12}

T = TypeVar("T", bound=Hashable)


class BracketError(ValueError):
    """A bracket question with no answer (a slot that does not exist, a wrong draw)."""


def slots(round_number: int) -> int:
    """How many ties round ``round_number`` has."""
    if round_number not in SLOTS:
        raise BracketError(f"A cup has rounds 1 to {ROUNDS}, not {round_number}.")
    return SLOTS[round_number]


def round_month_end(year: int, round_number: int) -> dt.date:
    """R15: the last day of the round's month, by which its ties are played."""
    slots(round_number)  # a round that does not exist is a BracketError
    month = ROUND_MONTHS[round_number]
    return dt.date(year, month, calendar.monthrange(year, month)[1])


def in_round_month(year: int, round_number: int, day: dt.date) -> bool:
    """R15: whether ``day`` falls in the round's month of the season ``year``."""
    end = round_month_end(year, round_number)
    return (day.year, day.month) == (end.year, end.month)


def walkover_refusal(
    year: int, round_number: int, today: dt.date, withdrawn: bool
) -> dt.date | None:
    """R15: a team that withdraws loses its tie by walkover at once; one that does
    not play it loses it only once the round's month is over. Returns the day the
    month ends when a walkover for not playing is recorded too early, else None."""
    end = round_month_end(year, round_number)
    if withdrawn or today > end:
        return None
    return end


def positions() -> list[tuple[int, int]]:
    """Every tie of a bracket, (round, slot), by round then slot: 15 in all."""
    return [(r, s) for r in range(1, ROUNDS + 1) for s in range(1, SLOTS[r] + 1)]


def _check(round_number: int, slot: int) -> None:
    if not 1 <= slot <= slots(round_number):
        raise BracketError(
            f"Round {round_number} has slots 1 to {slots(round_number)}, not {slot}."
        )


def feeders(round_number: int, slot: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two ties whose winners play tie (round, slot): slots 2k-1 and 2k of the
    round before, the lower slot's winner named first."""
    _check(round_number, slot)
    if round_number == 1:
        raise BracketError("The last 16 is fed by the draw, not by earlier ties.")
    before = round_number - 1
    return (before, 2 * slot - 1), (before, 2 * slot)


def next_position(round_number: int, slot: int) -> tuple[int, int, int] | None:
    """Where the winner of (round, slot) plays next: (round, slot, side) with side 0
    for the first-named team (from the lower slot) and 1 for the second; None after
    the final."""
    _check(round_number, slot)
    if round_number == FINAL:
        return None
    return round_number + 1, (slot + 1) // 2, (slot + 1) % 2


def draw(teams: Sequence[T], seed: int) -> list[tuple[T, T]]:
    """R15 random draw: the last 16's pairs, slot 1 first, reproducible from ``seed``.

    The teams are sorted by their string form first, so the same seed and the same
    teams give the same bracket whatever order they were registered in."""
    pool = sorted(teams, key=str)
    if len(pool) != CUP_TEAMS or len(set(pool)) != CUP_TEAMS:
        raise BracketError(
            f"The cup draw needs exactly {CUP_TEAMS} different teams; "
            f"got {len(set(pool))}."
        )
    random.Random(seed).shuffle(pool)
    return placed(pool)


def placed(order: Sequence[T]) -> list[tuple[T, T]]:
    """An official's placement: teams 1 and 2 play slot 1, 3 and 4 slot 2, …"""
    if len(order) != CUP_TEAMS or len(set(order)) != CUP_TEAMS:
        raise BracketError(
            f"A cup bracket places exactly {CUP_TEAMS} different teams; "
            f"got {len(set(order))}."
        )
    return [(order[i], order[i + 1]) for i in range(0, CUP_TEAMS, 2)]


class Outcome(Enum):
    PENDING = "pending"  # fewer than 3 completed matches, or a tie-breaker unplayed
    LEVEL = "level"  # the totals (and every tie-breaker so far) are level
    DECIDED = "decided"
    WALKOVER = "walkover"  # R15: the other team withdrew or did not play


@dataclass(frozen=True)
class Decision:
    """A tie's state: ``points`` the sums of the 3 matches' points (first-named team
    first), ``tiebreaks`` each tie-breaker's raw totals, ``winner`` 0 or 1 (the side)
    when decided."""

    outcome: Outcome
    points: tuple[int, int]
    tiebreaks: tuple[tuple[int, int], ...] = ()
    winner: int | None = None

    @property
    def needs_tiebreak(self) -> bool:
        return self.outcome is Outcome.LEVEL

    @property
    def walkover(self) -> bool:
        return self.outcome is Outcome.WALKOVER


def walkover(side: int) -> Decision:
    """R15: the tie goes to ``side`` (0 the first-named team, 1 the second) by
    walkover: no scores count, whatever was played."""
    if side not in (0, 1):
        raise BracketError(f"A tie has sides 0 and 1, not {side}.")
    return Decision(Outcome.WALKOVER, (0, 0), (), side)


def decide(
    matches: Sequence[tuple[int, int]],
    tiebreaks: Sequence[tuple[int, int]] = (),
) -> Decision:
    """R15: the sum of the 3 matches' points, the lower total out; on equal totals
    tie-breakers of 2 hands (raw sums) in order until one is not level.

    ``matches`` the completed matches' points and ``tiebreaks`` the completed
    tie-breakers' raw totals, each as (first-named team, second-named team)."""
    if len(matches) > TIE_MATCHES:
        raise BracketError(
            f"A tie has {TIE_MATCHES} matches; {len(matches)} were given (R15)."
        )
    points = (sum(m[0] for m in matches), sum(m[1] for m in matches))
    played = tuple((a, b) for a, b in tiebreaks)
    if len(matches) < TIE_MATCHES:
        if played:
            raise BracketError("A tie-breaker before the tie's 3 matches (R15).")
        return Decision(Outcome.PENDING, points)
    if points[0] != points[1]:
        if played:
            raise BracketError("A tie-breaker while the totals differ (R15).")
        return Decision(Outcome.DECIDED, points, (), 0 if points[0] > points[1] else 1)
    for i, (a, b) in enumerate(played):
        if a != b:
            if i != len(played) - 1:
                raise BracketError(
                    f"Tie-breaker {i + 2} after tie-breaker {i + 1} decided the tie "
                    "(R15)."
                )
            return Decision(Outcome.DECIDED, points, played, 0 if a > b else 1)
    return Decision(Outcome.LEVEL, points, played)


@dataclass(frozen=True)
class Refusal:
    """Why a tie-breaker may not be played (R15); ``code`` is one of
    ``too_early`` (``a`` matches completed of 3), ``totals_differ`` and
    ``tiebreak_differs`` (``a``:``b`` the deciding numbers) or ``inconsistent``.
    ``str()`` is an English sentence; the services translate by ``code``."""

    code: str
    a: int = 0
    b: int = 0
    detail: str = ""

    def __str__(self) -> str:
        if self.code == "too_early":
            return (
                f"A tie-breaker is played only after the tie's {TIE_MATCHES} matches; "
                f"{self.a} completed so far (R15)."
            )
        if self.code == "totals_differ":
            return (
                f"No tie-breaker: the totals differ ({self.a}:{self.b}), so the tie "
                "is decided (R15)."
            )
        if self.code == "tiebreak_differs":
            return (
                f"No tie-breaker: the last tie-breaker differs ({self.a}:{self.b}), so "
                "the tie is decided (R15)."
            )
        return self.detail


def tiebreak_refusal(
    matches: Sequence[tuple[int, int]],
    tiebreaks: Sequence[tuple[int, int]] = (),
) -> Refusal | None:
    """Why another tie-breaker may not be played now (None when it may): it needs
    the 3 matches completed, their totals level and every tie-breaker so far level."""
    if len(matches) < TIE_MATCHES:
        return Refusal("too_early", len(matches))
    try:
        decision = decide(matches, tiebreaks)
    except BracketError as error:
        return Refusal("inconsistent", detail=str(error))
    if decision.outcome is Outcome.DECIDED:
        if decision.tiebreaks:
            return Refusal("tiebreak_differs", *decision.tiebreaks[-1])
        return Refusal("totals_differ", *decision.points)
    return None


@dataclass
class Tie(Generic[T]):
    """One tie of a bracket for :func:`medals`."""

    round: int
    slot: int
    teams: tuple[T | None, T | None] = (None, None)
    winner: T | None = None
    walkover: bool = False

    @property
    def loser(self) -> T | None:
        if self.winner is None:
            return None
        return self.teams[1] if self.winner == self.teams[0] else self.teams[0]


@dataclass(frozen=True)
class Medals(Generic[T]):
    """R15: the final gives winner and runner-up; both losing semi-finalists get
    bronze (by slot)."""

    winner: T | None = None
    runner_up: T | None = None
    bronze: tuple[T, ...] = field(default_factory=tuple)


def medals(ties: Mapping[tuple[int, int], Tie[T]]) -> Medals[T]:
    """R15's medals; a semi-final lost by walkover still gives its loser bronze
    (the rules name "both losing semi-finalists")."""
    bronze = tuple(
        loser
        for slot in (1, 2)
        if (tie := ties.get((SEMI_FINAL, slot))) is not None
        and (loser := tie.loser) is not None
    )
    final = ties.get((FINAL, 1))
    if final is None or final.winner is None:
        return Medals(bronze=bronze)
    return Medals(final.winner, final.loser, bronze)
