"""A record far larger than any hand or match can be is answered at once with a few
errors, not one per element: the engine reads no more announcements than the
catalogue allows both teams (R12, R13), no more hands than a match has (R3), no
more tricks than a hand has (R2) and no more cards than a seat holds (R4)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.engine import score_hand_record, score_match_record
from scoring.engine.catalogue import (
    ANNOUNCEABLE,
    FEASTS,
    TEAM_ANNOUNCEMENTS_MOST,
    most_per_team,
)
from scoring.engine.generate import random_play_record
from scoring.engine.parse import HAND_ANNOUNCEMENTS_MOST
from tests.scoring.kit import hand, match


def codes(result: dict) -> list[str]:
    return [error["code"] for error in result["errors"]]


@pytest.mark.parametrize(
    ("code", "most"),
    [
        ("play", 1),  # the free-pass chain: one level per team (R12)
        ("kite", 8),  # magnified: once per magnifier, a King or a Bird (R12)
        ("habicht", 2),  # three declared magnifiers of eight
        ("gang", 4),  # one suit
        ("dschinn", 2),  # one black suit
        ("red_and_black", 4),  # one red and one black suit
        ("flush", 2),  # a message: once per player of the team (R6)
        ("suit_count", 8),  # a message per player and suit
    ],
)
def test_r12_r13_how_often_a_team_can_list_a_feast(code, most):
    assert most_per_team(FEASTS[code]) == most


def test_r12_no_valid_record_lists_a_feast_more_often_than_the_bound():
    """Valid records with many announcements (the engine's generator): a team
    never lists a feast more often than ``most_per_team`` allows, so the bound
    refuses no valid record."""
    rng = random.Random(7)
    for _ in range(300):
        record = random_play_record(rng, n_announcements=rng.randint(5, 30))
        assert score_hand_record(record)["valid"]
        listed = Counter((a["team"], a["feast"]) for a in record["announcements"])
        for (_team, code), count in listed.items():
            assert count <= most_per_team(FEASTS[code]), (code, count)
    assert sum(most_per_team(FEASTS[code]) for code in ANNOUNCEABLE) == (
        TEAM_ANNOUNCEMENTS_MOST
    )
    assert HAND_ANNOUNCEMENTS_MOST == 2 * TEAM_ANNOUNCEMENTS_MOST


def test_r13_thirty_thousand_announcements_are_one_error():
    """The probe's upload: 30,000 empty announcements gave 120,000 errors (a page
    of 17.6 MB); now one error says why, and none of them is judged."""
    record = {**hand(), "announcements": [{}] * 30_000}
    result = score_hand_record(record)
    assert codes(result) == ["too_many_announcements"]
    (error,) = result["errors"]
    assert error["path"] == "/announcements"
    assert f"at most {HAND_ANNOUNCEMENTS_MOST} announcements" in error["message"]
    assert "30000" in error["message"]


def test_r13_as_many_as_the_bound_are_still_judged_one_by_one():
    record = {**hand(), "announcements": [{}] * HAND_ANNOUNCEMENTS_MOST}
    assert "too_many_announcements" not in codes(score_hand_record(record))


def test_r3_a_match_of_a_hundred_thousand_hands_judges_eight():
    result = score_match_record(match(*[{"announcements": [{}] * 300}] * 100_000))
    assert codes(result)[0] == "wrong_hand_count"
    assert {e["path"].split("/")[2] for e in result["errors"][1:]} == {
        str(n) for n in range(8)
    }


def test_r2_r4_a_play_of_a_hundred_thousand_tricks_and_a_huge_hand_are_a_few_errors():
    result = score_hand_record(
        {**hand(), "deal": {"AD": ["I"] * 100_000}, "play": [["I"]] * 100_000}
    )
    assert len(result["errors"]) < 40
