"""R15's cup calendar and walkovers in the pure bracket module: each round has its
month, a withdrawal is a walkover at once, not playing only after the month."""

import datetime as dt

import pytest

from competitions.rules import bracket


@pytest.mark.parametrize(
    ("round_number", "end"),
    [
        (1, dt.date(2026, 9, 30)),
        (2, dt.date(2026, 10, 31)),
        (3, dt.date(2026, 11, 30)),
        (4, dt.date(2026, 12, 31)),
    ],
    ids=[
        "R15-last-16-september",
        "R15-quarter-october",
        "R15-semi-november",
        "R15-final-december",
    ],
)
def test_R15_each_round_ends_with_its_month(round_number, end):
    assert bracket.round_month_end(2026, round_number) == end
    assert bracket.in_round_month(2026, round_number, end)
    assert bracket.in_round_month(2026, round_number, end.replace(day=1))
    assert not bracket.in_round_month(2026, round_number, end + dt.timedelta(days=1))
    assert not bracket.in_round_month(2025, round_number, end)


def test_a_round_that_does_not_exist_is_a_bracket_error():
    with pytest.raises(bracket.BracketError, match="rounds 1 to 4"):
        bracket.round_month_end(2026, 5)


@pytest.mark.parametrize(
    ("today", "withdrawn", "refused_until"),
    [
        (dt.date(2026, 9, 2), True, None),
        (dt.date(2026, 9, 30), False, dt.date(2026, 9, 30)),
        (dt.date(2026, 10, 1), False, None),
    ],
    ids=[
        "R15-withdrawal-at-once",
        "R15-not-played-too-early",
        "R15-not-played-after-the-month",
    ],
)
def test_R15_when_a_walkover_may_be_recorded(today, withdrawn, refused_until):
    assert bracket.walkover_refusal(2026, 1, today, withdrawn) == refused_until


def test_R15_a_walkover_decides_for_the_other_side_without_scores():
    decision = bracket.walkover(1)
    assert decision.walkover
    assert (decision.winner, decision.points, decision.tiebreaks) == (1, (0, 0), ())
    with pytest.raises(bracket.BracketError):
        bracket.walkover(2)


def test_R15_a_semi_final_lost_by_walkover_still_gives_bronze():
    ties = {
        (3, 1): bracket.Tie(3, 1, ("A", "B"), "A", walkover=True),
        (3, 2): bracket.Tie(3, 2, ("C", "D"), "D"),
    }
    assert bracket.medals(ties).bronze == ("B", "C")
