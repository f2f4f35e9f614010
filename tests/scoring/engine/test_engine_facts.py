"""Rule facts the engine keeps once and other code reads: the hands in a match (R3,
R15) and the deal's fixed cards and trump minimum (R4)."""

from __future__ import annotations

import random

import pytest

import scoring.engine
from scoring.engine import MATCH_HANDS, TIEBREAK_HANDS, score_match_record
from scoring.engine import cards as c
from scoring.engine.generate import random_deal
from scoring.engine.sheet import SEATS
from tests.scoring.engine import kit as k
from tests.scoring.kit import hand, match


def test_R3_R15_hands_in_a_match_are_exported_by_the_engine():
    assert (MATCH_HANDS, TIEBREAK_HANDS) == (8, 2)
    assert {"MATCH_HANDS", "TIEBREAK_HANDS"} <= set(scoring.engine.__all__)


@pytest.mark.parametrize(
    ("tiebreak", "hands"), [(False, MATCH_HANDS), (True, TIEBREAK_HANDS)]
)
def test_R3_R15_a_match_record_has_exactly_its_hands(tiebreak, hands):
    assert score_match_record(match(*[hand()] * hands, tiebreak=tiebreak))["valid"]
    result = score_match_record(match(*[hand()] * (hands + 1), tiebreak=tiebreak))
    assert [e["code"] for e in result["errors"]] == ["wrong_hand_count"]


@pytest.mark.parametrize("seed", range(50))
def test_R4_generated_deals_follow_the_deal_facts(seed):
    deal = random_deal(random.Random(seed))
    assert list(deal) == list(SEATS)
    for card, seat in c.DEALT_TO.items():
        assert card in deal[seat]
    for cards in deal.values():
        assert len(cards) == c.HAND_SIZE
        assert c.trumps_in(cards) >= c.MIN_TRUMPS
    assert sorted(card for cards in deal.values() for card in cards) == sorted(
        c.ALL_CARDS
    )


@pytest.mark.parametrize(("card", "seat"), list(c.DEALT_TO.items()))
def test_R4_each_fixed_card_elsewhere_is_reported_where_it_lies(card, seat):
    """Every card of R4's fact is checked, with the code named after it."""
    record = k.record(k.FULL, [])
    deal = record["deal"]
    elsewhere = next(s for s in SEATS if s != seat and s[0] == "A")  # the partner
    i = next(
        i
        for i, x in enumerate(deal[elsewhere])
        if x in c.TRUMP_SET and x not in c.DEALT_TO
    )
    deal[seat][deal[seat].index(card)] = deal[elsewhere][i]
    deal[elsewhere][i] = card
    errors = scoring.engine.score_hand_record(record)["errors"]
    code = f"{card.lower()}_not_attack_{'catcher' if seat == 'AC' else 'driver'}"
    assert (code, f"/deal/{elsewhere}/{i}") in [(e["code"], e["path"]) for e in errors]
