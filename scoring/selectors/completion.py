"""What the referee checks before completing a match (R3, R11): the hands, the
totals, the match points the engine gives and anything that still blocks it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from competitions.models import Match, MatchResult
from competitions.selectors.matches import match_as_record
from scoring.engine import score_match_record
from scoring.errors import ERRORS
from scoring.models import Hand
from tarokk_admin.core.problems import Problem

_HAND_PATH = re.compile(r"^/hands/(\d+)(/.*)?$")


@dataclass
class Summary:
    hands: list[Hand]
    totals: tuple[int, int]  # team_a, team_b
    points: tuple[int, int] | None  # None while something blocks the result
    problems: list[Problem] = field(default_factory=list)
    results: list[MatchResult] = field(default_factory=list)

    @property
    def can_complete(self) -> bool:
        return self.points is not None and not self.problems

    @property
    def listed(self) -> list[tuple[int | None, Problem]]:
        """Each problem with the hand it is in (from 1), as the page lists them."""
        return [(hand_of(problem), problem) for problem in self.problems]


def hand_of(problem: Problem) -> int | None:
    """The hand a problem of the match record is in, numbered from 1 as a referee
    counts (the record's path counts from 0); None for the match as a whole."""
    found = _HAND_PATH.match(problem.path or "")
    return int(found.group(1)) + 1 if found else None


def readable_problems(errors: list[dict[str, Any]]) -> list[Problem]:
    """The engine's errors as the core's problems at their paths (the path stays
    in the API; :func:`hand_of` says the hand)."""
    return [Problem.from_json(error) for error in errors]


def _problems(match: Match, hands: list[Hand]) -> tuple[list[Problem], Any]:
    numbers = {hand.number for hand in hands}
    missing = [n for n in range(1, match.hands_expected + 1) if n not in numbers]
    if missing:
        return [
            Problem.refused(ERRORS.error("hand_missing"), path=f"/hands/{n - 1}")
            for n in missing
        ], None
    if match.first_attack_id is None:
        cut = ERRORS.error("cut_missing")
        return [Problem.refused(cut, path="/first_attack")], None
    judged = score_match_record(match_as_record(match))
    if judged["valid"]:
        return [], judged
    return readable_problems(judged["errors"]), None


def match_summary(match: Match) -> Summary:
    """The summary of the match's hands as stored; the result (R11) only when every
    hand is in and valid. A completed match shows its stored results."""
    hands = list(match.hands.order_by("number"))
    totals = [0, 0]
    for hand in hands:
        attack_is_a = hand.attack_team_id == match.team_a_id
        totals[0] += hand.attack_score if attack_is_a else hand.defence_score
        totals[1] += hand.defence_score if attack_is_a else hand.attack_score
    problems, judged = _problems(match, hands)
    points = None
    if judged is not None:
        teams = judged["teams"]
        points = (
            teams[match.team_a.name]["points"],
            teams[match.team_b.name]["points"],
        )
    results = (
        list(match.results.select_related("team", "answered_by__player"))
        if match.status == Match.Status.COMPLETED
        else []
    )
    return Summary(hands, (totals[0], totals[1]), points, problems, results)
