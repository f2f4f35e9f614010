"""The score-sheet form builds the hand record exactly (HAND_RECORD.md) and every
engine error lands on the field its JSON Pointer names. No database needed."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from scoring.engine import score_hand_record
from scoring.forms import error_field, hand_forms, place_errors, record_from_forms
from tests.factories import sheet
from tests.scoring.kit import SPEC_EXAMPLE, hand_post


def _bound(data: dict) -> tuple:
    query = QueryDict(mutable=True)
    for key, value in data.items():
        if isinstance(value, list):
            query.setlist(key, value)
        else:
            query[key] = value
    hand_form, formset = hand_forms(query)
    assert hand_form.is_valid(), hand_form.errors
    assert formset.is_valid(), formset.errors
    return hand_form, formset


def test_form_builds_the_spec_example_record_exactly():
    record, rows = record_from_forms(*_bound(hand_post(SPEC_EXAMPLE)))
    assert record == SPEC_EXAMPLE
    assert rows == [0, 1, 2, 3]
    result = score_hand_record(record)
    assert (result["attack"]["score"], result["defence"]["score"]) == (90, 60)


@pytest.mark.parametrize("seed", range(12))
def test_form_round_trips_generated_score_sheets(seed):
    record = sheet(seed, announcements=5)
    built, _rows = record_from_forms(*_bound(hand_post(record)))
    assert score_hand_record(built) == score_hand_record(record)


def test_declared_cards_of_a_feast_that_takes_none_are_left_out():
    data = hand_post(SPEC_EXAMPLE)
    data["announcements-0-card0"] = "I"  # cash declares no card (R12)
    data["announcements-0-suit0"] = "H"
    record, _rows = record_from_forms(*_bound(data))
    assert "cards" not in record["announcements"][0]
    assert "suits" not in record["announcements"][0]


def test_blank_and_removed_rows_are_not_announcements_and_paths_follow_rows():
    data = hand_post(SPEC_EXAMPLE, blank_rows=2)
    data["announcements-1-DELETE"] = "on"
    record, rows = record_from_forms(*_bound(data))
    assert [a["feast"] for a in record["announcements"]] == [
        "cash",
        "red_and_black",
        "flush",
    ]
    assert rows == [0, 2, 3]
    assert error_field("/announcements/1/suits/1", rows) == "announcements-2-suit1"


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/attack/trumps", "attack_trumps"),
        ("/defence/honours", "defence_honours"),
        ("/attack/middle/1", "attack_middle"),
        ("/tricks/attack", "tricks"),
        ("/tricks", "tricks"),
        ("/silent/defence/0", "defence_silent"),
        ("/announcements/2/cards/0", "announcements-2-card0"),
        ("/announcements/2/cards", "announcements-2-card0"),
        ("/announcements/0/suits/1", "announcements-0-suit1"),
        ("/announcements/1/made", "announcements-1-made"),
        ("/announcements/1/contra", "announcements-1-contra"),
        ("/announcements/1/contra/by", "announcements-1-contra"),
        ("/announcements/3/count", "announcements-3-count"),
        ("/announcements/3", "announcements-3-feast"),
        ("/announcements", None),
        ("/announcements/9/made", None),
        ("", None),
        ("/format", None),
        ("/deal/AD", None),
    ],
)
def test_engine_error_paths_map_to_their_field(path, field):
    assert error_field(path, [0, 1, 2, 3]) == field


def test_every_engine_error_is_placed_on_a_field_or_on_top():
    data = hand_post(SPEC_EXAMPLE)
    data["attack_trumps"] = "20"  # R5: 6-16
    data["announcements-1-card0"] = ""  # pheasant needs its card
    data["announcements-0-contra"] = "attack:driver"  # R8: not by the announcer
    record, rows = record_from_forms(*_bound(data))
    result = score_hand_record(record)
    placed = place_errors(result["errors"], rows)
    assert "attack_trumps" in placed.fields
    assert "announcements-1-card0" in placed.fields
    assert "announcements-0-contra" in placed.fields
    assert sum(map(len, placed.fields.values())) + len(placed.top) == len(
        result["errors"]
    )
