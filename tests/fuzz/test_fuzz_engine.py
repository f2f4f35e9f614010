"""The rules engine (scoring/engine) takes any JSON text: read by the project's JSON
reader (repeated keys and lone surrogates refused with their path) and judged, it
never raises and every error names its path (R13)."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import score_hand_record, score_match_record
from tarokk_admin.core.jsonio import json_parse
from tests.factories import sheet
from tests.fuzz.kit import FUZZ, JSON, part_replaced


def _judged_well(result: dict) -> None:
    assert isinstance(result["valid"], bool)
    assert result["valid"] or result["errors"]
    for error in result["errors"]:
        assert {"code", "message", "path"} <= set(error)


def match_record() -> dict:
    return {
        "format": "royal-tarokk-match/1",
        "teams": ["A", "B"],
        "first_attack": "A",
        "hands": [sheet(700 + i) for i in range(8)],
    }


@FUZZ
@given(st.text(max_size=200) | JSON.map(json.dumps))
def test_any_text_is_read_or_refused_and_judged_without_raising(text):
    value, error = json_parse(text, source="the record")
    if error is not None:
        assert error["message"]
        return
    _judged_well(score_hand_record(value))
    _judged_well(score_match_record(value))


@FUZZ
@given(part_replaced(match_record()))
def test_a_match_record_with_any_part_replaced_is_judged_without_raising(record):
    _judged_well(score_match_record(record))


@FUZZ
@given(st.data())
def test_repeated_keys_anywhere_are_refused_with_their_path(data):
    text = json.dumps(match_record())
    at = data.draw(
        st.sampled_from([i for i, c in enumerate(text) if text[i : i + 2] == '{"'])
    )
    text = text[: at + 1] + '"teams": 1, ' + text[at + 1 :]
    value, error = json_parse(text, source="the record")
    if error is None:  # the object had no "teams" key: not repeated
        assert value is not None
        return
    assert "teams" in error["message"] or error["path"].endswith("teams")
