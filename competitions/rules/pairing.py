"""Grand Prix pairing (R15): a pure module, no Django (Tabbycat ``draw/generator``).

Each team plays 3 rounds. Round 1 pairs the teams in the order given (seeding); a later
round ranks the teams by their running totals (higher first, ties by the order given)
and pairs each team, from the top, with the closest-ranked team it has not met yet,
backtracking when a choice would leave someone without an opponent it has not met:
no rematches, close totals meet.

Odd count (README "Grand Prix pairing"): the lowest-ranked team that has not yet had a
bye sits the round out; nobody has two byes. With an odd count, three teams (one per
round) therefore play 2 matches; enter an even number of teams to avoid byes.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

ROUNDS = 3
MIN_TEAMS = 3


class PairingError(ValueError):
    """No pairing satisfies the rule (too few teams, or every choice is a rematch)."""


@dataclass(frozen=True)
class RoundPairing:
    pairs: tuple[tuple[Hashable, Hashable], ...]
    bye: Hashable | None = None


def pair_round(
    teams: Sequence[Hashable],
    *,
    totals: Mapping[Hashable, int] | None = None,
    met: Iterable[tuple[Hashable, Hashable]] = (),
    byes: Iterable[Hashable] = (),
) -> RoundPairing:
    """Pair one round.

    ``teams`` in seeding order; ``totals`` the running totals (empty for round 1);
    ``met`` the pairs already played; ``byes`` the teams that already had a bye.
    """
    if len(set(teams)) != len(teams):
        raise PairingError("A team is entered twice.")
    if len(teams) < MIN_TEAMS:
        raise PairingError(
            f"A Grand Prix needs at least {MIN_TEAMS} teams; {len(teams)} entered."
        )
    totals = totals or {}
    seed = {team: index for index, team in enumerate(teams)}
    ranked = sorted(teams, key=lambda team: (-totals.get(team, 0), seed[team]))
    played = {frozenset(pair) for pair in met}
    had_bye = set(byes)
    bye = None
    if len(ranked) % 2:
        candidates = [team for team in reversed(ranked) if team not in had_bye]
        if not candidates:
            raise PairingError("Every team has had a bye already.")
        for candidate in candidates:
            rest = [team for team in ranked if team != candidate]
            pairs = _match(rest, played)
            if pairs is not None:
                return RoundPairing(tuple(pairs), bye=candidate)
        raise PairingError("Every possible pairing repeats a match already played.")
    pairs = _match(ranked, played)
    if pairs is None:
        raise PairingError("Every possible pairing repeats a match already played.")
    return RoundPairing(tuple(pairs), bye=bye)


def _match(
    ranked: list[Hashable], played: set[frozenset[Hashable]]
) -> list[tuple[Hashable, Hashable]] | None:
    """Depth-first: the top unpaired team takes the closest-ranked team it has not
    met; backtrack when the rest cannot be paired."""
    if not ranked:
        return []
    top, rest = ranked[0], ranked[1:]
    for index, other in enumerate(rest):
        if frozenset((top, other)) in played:
            continue
        tail = _match(rest[:index] + rest[index + 1 :], played)
        if tail is not None:
            return [(top, other), *tail]
    return None
