"""Invariants of the engine over many hands (hypothesis): R10's bounds and limits, the
monotony of outcomes, and that no input of any shape makes the engine raise."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import score_hand_record, score_match_record, sheet_from_play
from scoring.engine.catalogue import FEASTS
from scoring.engine.generate import random_play_record

SIDES = ("attack", "defence")
# Trophies over 100 that declare nothing, bind no card and stand in no chain (R10, R12).
BIG_FREE_TROPHIES = [
    f.code
    for f in FEASTS.values()
    if f.is_trophy
    and f.value > 100
    and not (f.binds or f.declared_cards or f.chain)
    and f.suits == "none"
]


def valid_sheet(seed: int) -> dict:
    """A realistic, valid score sheet: a random legal hand's derived facts."""
    rng = random.Random(seed)
    record = random_play_record(rng, n_announcements=rng.randint(0, 8))
    result = score_hand_record(record)
    assert result["valid"], result["errors"]
    return sheet_from_play(record, result)


seeds = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_R10_valid_hand_scores_within_zero_and_the_limit(seed):
    result = score_hand_record(valid_sheet(seed))
    for side in SIDES:
        team = result[side]
        assert 0 <= team["score"] <= team["limit"]
        assert team["score"] == min(max(team["raw"], 0), team["limit"])
        assert -20 <= team["contras"] <= 20  # R8 cap


@settings(max_examples=100, deadline=None)
@given(seeds, st.sampled_from(SIDES), st.sampled_from(BIG_FREE_TROPHIES))
def test_R10_failed_trophy_over_100_scores_zero(seed, side, trophy):
    sheet = valid_sheet(seed)
    sheet["announcements"] = [
        a
        for a in sheet["announcements"]
        if not (a["team"] == side and FEASTS[a["feast"]].is_trophy)
    ]
    sheet["announcements"].append(
        {"feast": trophy, "team": side, "by": "driver", "made": False}
    )
    sheet["silent"][side] = [
        code
        for code in sheet["silent"][side]
        if trophy not in FEASTS[code].suppressed_by
    ]
    result = score_hand_record(sheet)
    assert result["valid"], result["errors"]
    assert (result[side]["limit"], result[side]["score"]) == (0, 0)


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_made_instead_of_failed_never_lowers_the_teams_score(seed):
    """R6, R8, R10: turning one announcement from failed to made, where the record
    stays valid, never lowers its team's score."""
    sheet = valid_sheet(seed)
    before = score_hand_record(sheet)
    for i, announcement in enumerate(sheet["announcements"]):
        if announcement["made"]:
            continue
        flipped = copy.deepcopy(sheet)
        flipped["announcements"][i]["made"] = True
        after = score_hand_record(flipped)
        if after["valid"]:
            side = announcement["team"]
            assert after[side]["score"] >= before[side]["score"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


def _assert_well_formed(result):
    assert isinstance(result["valid"], bool)
    for error in result["errors"]:
        assert set(error) == {"code", "message", "path"}
        assert all(isinstance(value, str) for value in error.values())
    if not result["valid"]:
        assert result["errors"]


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_arbitrary_json_never_raises(value):
    _assert_well_formed(score_hand_record(value))
    _assert_well_formed(score_match_record(value))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


@settings(max_examples=300, deadline=None)
@given(seeds, st.data(), json_values)
def test_any_part_of_a_valid_record_replaced_never_raises(seed, data, replacement):
    """Play records and score sheets with one part replaced by any JSON value."""
    rng = random.Random(seed)
    record = random_play_record(rng, n_announcements=rng.randint(0, 8))
    if data.draw(st.booleans()):
        record = sheet_from_play(record, score_hand_record(record))
    path = data.draw(st.sampled_from(list(_paths(record))[1:]))
    target = record
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = replacement
    _assert_well_formed(score_hand_record(record))
