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
        ("/defence/honours", "attack_honours"),  # R5: follows from the attack's
        ("/announcements/1/team", "announcements-1-announcer"),
        ("/announcements/1/by", "announcements-1-announcer"),
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
    # The defence's 2 trumps (22 - 20, R5) are not a second problem.
    assert [e["path"] for e in result["errors"]].count("/defence/trumps") == 1
    assert sum(map(len, placed.fields.values())) + len(placed.top) == (
        len(result["errors"]) - 1
    )
    assert len(placed.all) == len(result["errors"]) - 1
    assert placed.first_field == "attack_trumps"


def test_the_defences_facts_follow_from_the_attacks_R5():
    data = hand_post(SPEC_EXAMPLE)
    for key in ("defence_trumps", "defence_honours", "defence_middle"):
        data.pop(key, None)
    data["attack_trumps"] = "13"
    data["attack_honours"] = "2"
    data["attack_middle"] = ["XVII"]
    record, _rows = record_from_forms(*_bound(data))
    assert record["attack"] == {"trumps": 13, "honours": 2, "middle": ["XVII"]}
    assert record["defence"] == {"trumps": 9, "honours": 0, "middle": ["XVI", "XVIII"]}


def test_typed_defence_facts_are_ignored_they_cannot_disagree_R5():
    data = hand_post(SPEC_EXAMPLE)
    data["defence_trumps"] = "3"  # not a field any more
    record, _rows = record_from_forms(*_bound(data))
    assert record["defence"]["trumps"] == 10
    assert not score_hand_record(record)["errors"]


def test_a_message_is_always_made_and_never_contrad_R6():
    data = hand_post(SPEC_EXAMPLE)
    data["announcements-3-made"] = "no"  # the flush row: a message
    data["announcements-3-contra"] = "attack:driver"
    record, _rows = record_from_forms(*_bound(data))
    assert record["announcements"][3] == {
        "feast": "flush",
        "team": "defence",
        "by": "driver",
        "made": True,
    }


def test_the_announcer_buttons_carry_the_players_names():
    names = {
        "attack": {"team": "Kisfaludy", "driver": "Anna", "catcher": "Béla"},
        "defence": {"team": "Dunakeszi", "driver": "", "catcher": "Cili"},
    }
    _hand, formset = hand_forms(record=SPEC_EXAMPLE, names=names)
    choices = dict(formset.forms[0].fields["announcer"].choices)
    assert choices == {
        "attack:driver": "Anna",
        "attack:catcher": "Béla",
        "defence:driver": "Dunakeszi's driver",
        "defence:catcher": "Cili",
    }
    contra = dict(formset.forms[0].fields["contra"].choices)
    assert contra["defence:catcher"] == "contra by Cili"
