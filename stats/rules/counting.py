"""What one completed match adds to its season's statistics: plain data in, counters
out (no database here; ``refresh.py`` loads the facts and stores the sums).

Everything comes from the stored hands as the engine judged them (``Hand.record`` and
``Hand.result``; a play record's ``derived`` facts win over the record's own), the
match results (R11) and the trophy awards (R14). Nothing is re-typed.

Counter keys (all whole numbers; a missing key is 0):

=========================  ============================================================
``matches``                completed matches (cup tie-breakers left out: their points
                           are raw sums, R15)
``match_points``           match points (R11) of those matches; the federation adds
                           both teams'
``hands``                  hands played (tie-breakers included)
``hands:attack|defence``   hands played in attack / in defence (the federation counts
                           every hand once in each)
``score:attack|defence``   the sum of the hand scores (R10) in attack / in defence
``announced:<feast>``      announcements of the feast (final level, R12)
``made:<feast>``           … of them made (a message is always made, R6)
``silent:<premium>``       silent premiums scored (R7)
``contra:<feast>``         contras called on the feast (R8), counted for the caller
``contra_won:<feast>``     … of them won by the caller: the feast failed when the
                           opponents called it, was made when the partner did
``contra_points``          the engine's capped contra points of the team (R8)
``trophies``               trophies made (R9, R14), ``trophy_points`` their value,
``trophy:<feast>``         per trophy
``month:<MM>:hands``       federation only: hands per month of the season, and
``month:<MM>:score``       the sum of both teams' hand scores in them
=========================  ============================================================

A player's counters are kept per role in the match's line-up (R15): every key above
except the trophy keys is prefixed with ``driver:`` or ``catcher:`` (a substitute
plays one of the two roles in a match). ``announced``/``made``/``contra`` count the
player's own announcements and contras ("as announcer"); ``hands``, ``score`` and
``matches``/``match_points`` are the team's while the player played that role. The
trophy keys are the awards credited to the player (R14), unprefixed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.engine.catalogue import FEASTS

FEDERATION = "federation"
SIDES = ("attack", "defence")
ROLES = ("driver", "catcher")

Counts = Counter[str]

# The headline numbers a row also keeps as columns (``stats.models.SeasonStatistics``),
# the ones the lists sort by: :func:`headline` computes them, in this order.
HEADLINES: tuple[str, ...] = (
    "matches",
    "match_points",
    "hands",
    "hands_attack",
    "score_attack",
    "hands_defence",
    "score_defence",
    "announced",
    "made",
    "contras",
    "contras_won",
    "trophies",
    "trophy_points",
)


def team_key(team_id: int) -> str:
    return f"team:{team_id}"


def player_key(player_id: int) -> str:
    return f"player:{player_id}"


@dataclass(frozen=True)
class HandFacts:
    number: int
    attack_team_id: int
    record: Mapping[str, Any]
    result: Mapping[str, Any]
    attack_score: int
    defence_score: int


@dataclass(frozen=True)
class AwardFacts:
    team_id: int | None
    player_id: int
    feast: str
    value: int


@dataclass
class MatchFacts:
    """A completed match as stored: hands, line-ups, results and trophy awards."""

    month: int
    team_a_id: int
    team_b_id: int
    tiebreak: bool
    hands: list[HandFacts]
    lineups: dict[int, tuple[int, int]]  # team id -> (driver id, catcher id)
    points: dict[int, int]  # team id -> match points (R11)
    awards: list[AwardFacts] = field(default_factory=list)

    def other(self, team_id: int) -> int:
        return self.team_b_id if team_id == self.team_a_id else self.team_a_id


def made_flags(hand: HandFacts) -> list[bool]:
    """Per announcement, made or not: the engine's ``derived.made`` for a play record,
    else the score sheet's ``made`` (R6)."""
    announcements = hand.record.get("announcements") or []
    derived = (hand.result.get("derived") or {}).get("made")
    if isinstance(derived, list) and len(derived) == len(announcements):
        return [bool(flag) for flag in derived]
    return [bool(item.get("made")) for item in announcements]


def scored_silent(hand: HandFacts) -> Mapping[str, list[str]]:
    """The silent premiums that scored, per side (R7)."""
    derived = (hand.result.get("derived") or {}).get("silent")
    return derived if isinstance(derived, dict) else hand.record.get("silent") or {}


def contra_won(announcement: Mapping[str, Any], made: bool) -> bool:
    """R8: the opponents win by their contra when the feast fails; the announcer's
    partner wins by his when it is made."""
    caller_side = (announcement.get("contra") or {}).get("team")
    return made if caller_side == announcement.get("team") else not made


class _Tally:
    """The counters of one match, per subject."""

    def __init__(self, facts: MatchFacts) -> None:
        self.facts = facts
        self.subjects: dict[str, Counts] = {}

    def add(self, subject: str, key: str, value: int = 1) -> None:
        if value:  # no Counter built per call: half a million in a large import
            counts = self.subjects.get(subject)
            if counts is None:
                counts = self.subjects[subject] = Counter()
            counts[key] += value

    def team_and_role(self, team_id: int, role: str, key: str, value: int = 1) -> None:
        """``key`` for the team and, prefixed with the role, for its player."""
        self.add(team_key(team_id), key, value)
        player = self.player(team_id, role)
        if player is not None:
            self.add(player_key(player), f"{role}:{key}", value)

    def player(self, team_id: int, role: str) -> int | None:
        lineup = self.facts.lineups.get(team_id)
        if lineup is None or role not in ROLES:
            return None
        return lineup[ROLES.index(role)]

    def both_roles(self, team_id: int, key: str, value: int = 1) -> None:
        self.add(team_key(team_id), key, value)
        for role in ROLES:
            player = self.player(team_id, role)
            if player is not None:
                self.add(player_key(player), f"{role}:{key}", value)


def _count_hand(tally: _Tally, hand: HandFacts) -> None:
    facts = tally.facts
    teams = {"attack": hand.attack_team_id, "defence": facts.other(hand.attack_team_id)}
    scores = {"attack": hand.attack_score, "defence": hand.defence_score}
    tally.add(FEDERATION, "hands")
    month = f"month:{facts.month:02d}"
    tally.add(FEDERATION, f"{month}:hands")
    tally.add(FEDERATION, f"{month}:score", hand.attack_score + hand.defence_score)
    for side in SIDES:
        tally.add(FEDERATION, f"hands:{side}")
        tally.add(FEDERATION, f"score:{side}", scores[side])
        tally.both_roles(teams[side], "hands")
        tally.both_roles(teams[side], f"hands:{side}")
        tally.both_roles(teams[side], f"score:{side}", scores[side])
        contras = (hand.result.get(side) or {}).get("contras", 0)
        tally.add(team_key(teams[side]), "contra_points", contras)
    silent = scored_silent(hand)
    for side in SIDES:
        for code in silent.get(side) or []:
            tally.add(FEDERATION, f"silent:{code}")
            tally.add(team_key(teams[side]), f"silent:{code}")
    announcements = hand.record.get("announcements") or []
    for item, made in zip(announcements, made_flags(hand), strict=True):
        code = item.get("feast", "")
        if code not in FEASTS:
            continue
        team = teams.get(item.get("team", ""))
        if team is None:
            continue
        tally.add(FEDERATION, f"announced:{code}")
        tally.team_and_role(team, item.get("by", ""), f"announced:{code}")
        if made:
            tally.add(FEDERATION, f"made:{code}")
            tally.team_and_role(team, item.get("by", ""), f"made:{code}")
        contra = item.get("contra")
        caller = teams.get((contra or {}).get("team", ""))
        if caller is None:
            continue
        won = contra_won(item, made)
        by = contra.get("by", "")
        tally.add(FEDERATION, f"contra:{code}")
        tally.team_and_role(caller, by, f"contra:{code}")
        if won:
            tally.add(FEDERATION, f"contra_won:{code}")
            tally.team_and_role(caller, by, f"contra_won:{code}")


def match_counts(facts: MatchFacts) -> dict[str, Counts]:
    """The counters one completed match adds, per subject (``federation``,
    ``team:<id>``, ``player:<id>``)."""
    tally = _Tally(facts)
    for hand in facts.hands:
        _count_hand(tally, hand)
    if not facts.tiebreak:
        tally.add(FEDERATION, "matches")
        for team_id in (facts.team_a_id, facts.team_b_id):
            points = facts.points.get(team_id, 0)
            tally.add(FEDERATION, "match_points", points)
            tally.both_roles(team_id, "matches")
            tally.both_roles(team_id, "match_points", points)
    for award in facts.awards:
        for subject in (FEDERATION, player_key(award.player_id)) + (
            (team_key(award.team_id),) if award.team_id else ()
        ):
            tally.add(subject, "trophies")
            tally.add(subject, "trophy_points", award.value)
            tally.add(subject, f"trophy:{award.feast}")
    return {subject: counts for subject, counts in tally.subjects.items() if counts}


def counts_difference(
    new: Mapping[str, Mapping[str, int]], old: Mapping[str, Mapping[str, int]]
) -> dict[str, dict[str, int]]:
    """``new - old`` per subject, keeping only the keys that changed."""
    delta: dict[str, dict[str, int]] = {}
    for subject in set(new) | set(old):
        after, before = new.get(subject, {}), old.get(subject, {})
        changed = {
            key: after.get(key, 0) - before.get(key, 0)
            for key in set(after) | set(before)
            if after.get(key, 0) != before.get(key, 0)
        }
        if changed:
            delta[subject] = changed
    return delta


def counts_added(base: Mapping[str, int], delta: Mapping[str, int]) -> dict[str, int]:
    """``base + delta`` without the keys that fall to 0."""
    merged = dict(base)
    for key, value in delta.items():
        merged[key] = merged.get(key, 0) + value
    return {key: value for key, value in sorted(merged.items()) if value}


def prefixed_sum(counts: Mapping[str, int], key: str, prefixes: Iterable[str]) -> int:
    return sum(counts.get(f"{prefix}{key}", 0) for prefix in prefixes)


def headline(scope: str, counts: Mapping[str, int]) -> dict[str, int]:
    """The headline columns of a row (:data:`HEADLINES`) from its counters;
    a player's are the sums of the two roles."""
    prefixes = [f"{role}:" for role in ROLES] if scope == "player" else [""]

    def total(key: str) -> int:
        return prefixed_sum(counts, key, prefixes)

    def family(stem: str) -> int:
        return sum(
            value
            for key, value in counts.items()
            if any(key.startswith(f"{prefix}{stem}:") for prefix in prefixes)
        )

    return {
        "matches": total("matches"),
        "match_points": total("match_points"),
        "hands": total("hands"),
        "hands_attack": total("hands:attack"),
        "score_attack": total("score:attack"),
        "hands_defence": total("hands:defence"),
        "score_defence": total("score:defence"),
        "announced": family("announced"),
        "made": family("made"),
        "contras": family("contra"),
        "contras_won": family("contra_won"),
        "trophies": counts.get("trophies", 0),
        "trophy_points": counts.get("trophy_points", 0),
    }
