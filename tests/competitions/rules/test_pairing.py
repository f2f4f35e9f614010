"""Grand Prix pairing (R15), a pure module: nobody meets twice, everyone plays 3 (an
odd count gives one bye a round, never two to a team), close totals meet."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from competitions.rules.pairing import ROUNDS, PairingError, RoundPairing, pair_round


def pair_event(
    teams: Sequence[Hashable], results: Sequence[Mapping[Hashable, int]]
) -> list[RoundPairing]:
    """All 3 rounds as the service pairs them, one after the other, given each
    round's scores per team: ``results[r]`` the points each team scored in round
    r+1."""
    rounds: list[RoundPairing] = []
    totals: dict[Hashable, int] = {}
    met: list[tuple[Hashable, Hashable]] = []
    byes: list[Hashable] = []
    for number in range(ROUNDS):
        pairing = pair_round(teams, totals=totals, met=met, byes=byes)
        rounds.append(pairing)
        met.extend(pairing.pairs)
        if pairing.bye is not None:
            byes.append(pairing.bye)
        scored = results[number] if number < len(results) else {}
        for team in teams:
            totals[team] = totals.get(team, 0) + scored.get(team, 0)
    return rounds


def _results(draw, teams):
    return [{team: draw(st.integers(0, 1200)) for team in teams} for _ in range(3)]


@st.composite
def events(draw):
    n = draw(st.integers(min_value=3, max_value=40))
    teams = [f"T{i}" for i in range(n)]
    return teams, _results(draw, teams)


@settings(max_examples=150, deadline=None)
@given(events())
def test_r15_nobody_meets_twice_and_everyone_plays_three(event):
    teams, results = event
    rounds = pair_event(teams, results)
    assert len(rounds) == 3
    met = [frozenset(pair) for pairing in rounds for pair in pairing.pairs]
    assert len(met) == len(set(met)), "a rematch"
    played = dict.fromkeys(teams, 0)
    for pairing in rounds:
        in_round = [team for pair in pairing.pairs for team in pair]
        assert len(in_round) == len(set(in_round)), "a team twice in one round"
        assert set(in_round) | ({pairing.bye} - {None}) == set(teams)
        for team in in_round:
            played[team] += 1
    byes = [pairing.bye for pairing in rounds if pairing.bye is not None]
    if len(teams) % 2 == 0:
        assert byes == []
        assert set(played.values()) == {3}
    else:
        assert len(byes) == 3, "one bye a round"
        assert len(set(byes)) == 3, "never two byes for a team"
        assert all(played[team] == (2 if team in byes else 3) for team in teams)


def test_r15_round_one_pairs_in_seeding_order():
    assert pair_round(["A", "B", "C", "D"]).pairs == (("A", "B"), ("C", "D"))


def test_r15_later_rounds_pair_close_totals_without_rematches():
    totals = {"A": 900, "B": 100, "C": 850, "D": 200, "E": 880, "F": 120}
    met = [("A", "B"), ("C", "D"), ("E", "F")]
    pairing = pair_round(list("ABCDEF"), totals=totals, met=met)
    # By totals: A 900, E 880, C 850, D 200, F 120, B 100; C met D, so C takes F.
    assert pairing.pairs == (("A", "E"), ("C", "F"), ("D", "B"))


def test_r15_backtracks_rather_than_repeat_a_match():
    # A-B and C-D met; ranked A, C, B, D: A takes C, then B-D is new.
    totals = {"A": 4, "B": 2, "C": 3, "D": 1}
    pairing = pair_round(list("ABCD"), totals=totals, met=[("A", "B"), ("C", "D")])
    assert pairing.pairs == (("A", "C"), ("B", "D"))
    # Round 3: only A-D and B-C are left.
    third = pair_round(
        list("ABCD"),
        totals=totals,
        met=[("A", "B"), ("C", "D"), ("A", "C"), ("B", "D")],
    )
    assert set(map(frozenset, third.pairs)) == {frozenset("AD"), frozenset("BC")}


def test_r15_odd_count_gives_the_bye_to_the_lowest_ranked_team_without_one():
    totals = {"A": 30, "B": 20, "C": 10, "D": 5, "E": 0}
    assert pair_round(list("ABCDE"), totals=totals).bye == "E"
    assert pair_round(list("ABCDE"), totals=totals, byes=["E"]).bye == "D"


@pytest.mark.parametrize(
    ("teams", "message"),
    [(["A", "B"], "at least 3"), (["A", "A", "B"], "twice")],
    ids=["too-few-teams", "team-entered-twice"],
)
def test_r15_impossible_events_are_refused_with_a_reason(teams, message):
    with pytest.raises(PairingError, match=message):
        pair_round(teams)


def test_pairing_module_imports_no_django():
    import ast
    from pathlib import Path

    import competitions.rules.pairing as module

    tree = ast.parse(Path(module.__file__).read_text())
    names = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ] + [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ]
    assert not [name for name in names if name.startswith("django")]
