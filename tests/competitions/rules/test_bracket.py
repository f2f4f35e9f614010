"""The pure cup bracket (R15): no database, no Django."""

import ast
from pathlib import Path

import pytest

from competitions.rules import bracket
from competitions.rules.bracket import BracketError, Outcome, Tie

TEAMS = [f"Team {i:02d}" for i in range(1, 17)]


def test_bracket_module_does_not_import_django():
    tree = ast.parse(Path(bracket.__file__).read_text())
    names = [
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in getattr(node, "names", [])
    ] + [
        node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    ]
    assert not [n for n in names if n.startswith("django")]


def test_R15_seeded_draw_is_reproducible_whatever_the_registration_order():
    first = bracket.draw(TEAMS, seed=2025)
    again = bracket.draw(list(reversed(TEAMS)), seed=2025)
    assert first == again
    assert sorted(t for pair in first for t in pair) == TEAMS
    assert len(first) == 8


def test_R15_another_seed_gives_another_draw():
    assert bracket.draw(TEAMS, seed=1) != bracket.draw(TEAMS, seed=2)


@pytest.mark.parametrize("teams", [TEAMS[:15], TEAMS[:15] + TEAMS[:1]])
def test_R15_draw_needs_exactly_16_different_teams(teams):
    with pytest.raises(BracketError, match="exactly 16"):
        bracket.draw(teams, seed=1)


def test_placed_bracket_pairs_neighbours():
    assert bracket.placed(TEAMS)[0] == ("Team 01", "Team 02")
    assert bracket.placed(TEAMS)[7] == ("Team 15", "Team 16")


def test_fifteen_ties_by_round_then_slot():
    positions = bracket.positions()
    assert len(positions) == 15
    assert positions[:2] == [(1, 1), (1, 2)]
    assert positions[-1] == (4, 1)


@pytest.mark.parametrize(
    ("round_", "slot", "expected"),
    [(2, 1, ((1, 1), (1, 2))), (2, 4, ((1, 7), (1, 8))), (4, 1, ((3, 1), (3, 2)))],
)
def test_slot_k_is_fed_by_slots_2k_minus_1_and_2k(round_, slot, expected):
    assert bracket.feeders(round_, slot) == expected


@pytest.mark.parametrize(
    ("round_", "slot", "expected"),
    [(1, 1, (2, 1, 0)), (1, 2, (2, 1, 1)), (1, 7, (2, 4, 0)), (3, 2, (4, 1, 1))],
)
def test_winner_of_the_lower_slot_is_named_first(round_, slot, expected):
    assert bracket.next_position(round_, slot) == expected


def test_final_feeds_nothing_and_bad_slots_are_refused():
    assert bracket.next_position(4, 1) is None
    with pytest.raises(BracketError, match="slots 1 to 4"):
        bracket.next_position(2, 5)
    with pytest.raises(BracketError, match="rounds 1 to 4"):
        bracket.feeders(5, 1)


@pytest.mark.parametrize(
    ("matches", "tiebreaks", "outcome", "winner"),
    [
        ([(95, 94), (90, 91)], [], Outcome.PENDING, None),
        ([(95, 94), (90, 91), (93, 90)], [], Outcome.DECIDED, 0),
        ([(90, 94), (90, 91), (93, 90)], [], Outcome.DECIDED, 1),
        ([(95, 94), (90, 91), (90, 90)], [], Outcome.LEVEL, None),
        ([(95, 94), (90, 91), (90, 90)], [(190, 190)], Outcome.LEVEL, None),
        ([(95, 94), (90, 91), (90, 90)], [(190, 190), (170, 181)], Outcome.DECIDED, 1),
    ],
    ids=[
        "two-matches-pending",
        "R15-higher-total-wins",
        "R15-lower-total-out",
        "R15-level-needs-tiebreak",
        "R15-level-tiebreak-again",
        "R15-second-tiebreak-decides",
    ],
)
def test_R15_tie_decision(matches, tiebreaks, outcome, winner):
    decision = bracket.decide(matches, tiebreaks)
    assert decision.outcome is outcome
    assert decision.winner == winner
    assert decision.points == (sum(m[0] for m in matches), sum(m[1] for m in matches))


def test_R15_tiebreak_refused_while_totals_differ():
    reason = bracket.tiebreak_refusal([(95, 94), (90, 91), (93, 90)])
    assert reason
    assert "totals differ (278:275)" in str(reason)


def test_R15_tiebreak_refused_after_a_deciding_tiebreak():
    level = [(90, 90)] * 3
    assert bracket.tiebreak_refusal(level, [(190, 190)]) is None
    reason = bracket.tiebreak_refusal(level, [(190, 190), (181, 170)])
    assert reason
    assert "last tie-breaker differs (181:170)" in str(reason)


def test_R15_tiebreak_refused_before_three_matches():
    reason = bracket.tiebreak_refusal([(90, 90)] * 2)
    assert reason is not None
    assert reason.code == "too_early"
    assert "3 matches" in str(reason)


def test_R15_decide_refuses_a_fourth_match():
    with pytest.raises(BracketError, match="3 matches"):
        bracket.decide([(1, 0)] * 4)


def test_R15_bronze_for_both_losing_semi_finalists_and_final_medals():
    ties = {
        (3, 1): Tie(3, 1, ("A", "B"), "B"),
        (3, 2): Tie(3, 2, ("C", "D"), "C"),
    }
    medals = bracket.medals(ties)
    assert medals.bronze == ("A", "D")
    assert medals.winner is None
    assert medals.runner_up is None
    ties[(4, 1)] = Tie(4, 1, ("B", "C"), "C")
    medals = bracket.medals(ties)
    assert (medals.winner, medals.runner_up, medals.bronze) == ("C", "B", ("A", "D"))
