"""Seeded random deals and legal plays (scoring.engine.generate) against the checker,
and the equivalence of a play record with the score sheet built from its derived facts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scoring.engine import score_hand_record
from scoring.engine.catalogue import FEASTS
from scoring.engine.errors import Errors
from scoring.engine.generate import (
    announcement_from_json,
    random_deal,
    random_play,
    random_play_record,
)
from scoring.engine.play import analyse_play

SEEDS = range(300)


def _sheet_from_derived(
    record: dict[str, Any], result: dict[str, Any]
) -> dict[str, Any]:
    """The score-sheet record: derived facts, tricks, silent and made written in,
    deal and play removed (built here, independently of records.sheet_from_play)."""
    derived = result["derived"]
    return {
        "format": record["format"],
        "attack": derived["attack"],
        "defence": derived["defence"],
        "tricks": derived["tricks"],
        "silent": derived["silent"],
        "announcements": [
            {**a, "made": made}
            for a, made in zip(record["announcements"], derived["made"], strict=True)
        ],
    }


def test_r4_random_deals_obey_the_deal_rules() -> None:
    rng = random.Random(4)
    for _ in range(200):
        deal = random_deal(rng)
        assert sorted(len(h) for h in deal.values()) == [10, 10, 10, 10]
        assert "XX" in deal["AD"]
        assert "XIX" in deal["AC"]
        assert analyse_play(deal, random_play(rng, deal), [], Errors()) is not None


@pytest.mark.parametrize("with_made", [True, False])
def test_r2_r12_random_legal_plays_are_all_accepted(with_made: bool) -> None:
    rng = random.Random(12 + with_made)
    announced = 0
    for _ in SEEDS:
        record = random_play_record(rng, 5, with_made=with_made)
        anns = [
            announcement_from_json(i, a) for i, a in enumerate(record["announcements"])
        ]
        announced += len(anns)
        errors = Errors()
        facts = analyse_play(record["deal"], record["play"], anns, errors)
        assert not errors, (errors.as_list(), record)
        assert facts is not None
        assert len(facts.made) == len(anns)
        if with_made:
            assert [a["made"] for a in record["announcements"]] == list(facts.made)
        else:
            assert all("made" not in a for a in record["announcements"])
    assert announced > 3 * len(SEEDS)  # a plausible mix, about 5 per hand


@pytest.mark.parametrize("with_made", [True, False])
def test_play_record_scores_like_the_sheet_built_from_its_derived_facts(
    with_made: bool,
) -> None:
    rng = random.Random(2026 + with_made)
    for _ in range(150):
        record = random_play_record(rng, 5, with_made=with_made)
        result = score_hand_record(record)
        assert result["valid"], (result["errors"], record)
        sheet = _sheet_from_derived(record, result)
        sheet_result = score_hand_record(sheet)
        assert sheet_result["valid"], (sheet_result["errors"], sheet)
        assert "derived" not in sheet_result
        assert {**result, "derived": None} == {**sheet_result, "derived": None}


def test_generated_announcements_obey_r12_shapes() -> None:
    rng = random.Random(7)
    for _ in range(200):
        for a in random_play_record(rng, 6)["announcements"]:
            feast = FEASTS[a["feast"]]
            assert len(a.get("cards", ())) == feast.declared_cards
            assert ("count" in a) is feast.has_count
            if "contra" in a:
                assert feast.can_contra
                assert (a["contra"]["team"], a["contra"]["by"]) != (a["team"], a["by"])
