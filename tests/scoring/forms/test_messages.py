"""The engine's errors in a referee's words on the form: field labels, numbers from
1, no JSON paths; the defence's derived facts (R5) are not reported twice."""

from __future__ import annotations

from scoring.engine import score_hand_record
from scoring.forms.compare import hand_differences
from scoring.forms.messages import path_label, readable_errors
from tests.scoring.kit import SPEC_EXAMPLE, ann, hand


def test_paths_become_labels_counted_from_one():
    assert path_label("/hands/2/announcements/0/made") == (
        "Hand 3 · Announcement 1 · Outcome"
    )
    assert path_label("/announcements/1/cards/0", [0, 3]) == (
        "Announcement 4 · Declared card 1"
    )
    assert path_label("/defence/trumps") == "Attack · Trumps"
    assert path_label("/defence/trumps", facts_of_attack=False) == "Defence · Trumps"
    assert path_label("/tricks/attack") == "Tricks won by the attack"
    assert path_label("/silent/defence/0") == "Silent premiums · Defence"


def test_missing_entries_are_asked_for_in_words():
    record = hand(ann("cash"), tricks=7)
    del record["announcements"][0]["made"]
    del record["attack"]["trumps"]
    del record["defence"]["trumps"]
    errors = readable_errors(score_hand_record(record)["errors"], [0])
    messages = [(e["label"], e["message"]) for e in errors]
    assert ("Announcement 1 · Outcome", "Choose made or failed.") in messages
    assert ("Attack · Trumps", "Enter the attack's trumps (6–16).") in messages
    assert len(messages) == 2  # "defence needs trumps." is not repeated
    text = " ".join(m for _l, m in messages)
    assert "required (true or false)" not in text
    assert "needs trumps" not in text


def test_the_conflict_panel_says_what_differs_in_words():
    theirs = hand(ann("cash"), tricks=7)
    mine = dict(SPEC_EXAMPLE)
    names = {"attack": {"team": "Kisfaludy", "driver": "Anna", "catcher": "Béla"}}
    rows = {d["what"]: d for d in hand_differences(theirs, mine, names)}
    assert rows["Tricks won by the attack"] == {
        "what": "Tricks won by the attack",
        "theirs": "7",
        "mine": "6",
    }
    assert rows["Announcements"]["theirs"] == "Cash (20) · Anna · made"
    assert "contra by" in rows["Announcements"]["mine"]
    assert "Flush (10)" in rows["Announcements"]["mine"]
    assert "Attack · Trumps" not in rows  # the same 12 on both
    assert hand_differences(theirs, theirs) == []
