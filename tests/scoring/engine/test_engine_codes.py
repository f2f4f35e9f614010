"""The engine's error codes: one enumeration (``ErrorCode``), every code the engine
reports is a member of it, every member is reported by some invalid record, and the
JSON output carries the members' plain snake_case strings (HAND_RECORD.md)."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.engine
from scoring.engine import ErrorCode, score_hand_record, score_match_record
from scoring.engine.errors import Errors
from scoring.engine.generate import random_play_record
from tests.scoring.engine import kit as k
from tests.scoring.kit import hand, match

from .test_engine_properties import json_values, seeds
from .test_engine_validation import INVALID

SNAKE_CASE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")


@contextmanager
def codes_passed() -> Iterator[list[object]]:
    """Every ``code`` the engine hands to ``Errors.add`` while the block runs."""
    passed: list[object] = []
    original = Errors.add

    def add(self: Errors, code: ErrorCode, path: str, message: str) -> None:
        passed.append(code)
        original(self, code, path, message)

    Errors.add = add  # type: ignore[method-assign]
    try:
        yield passed
    finally:
        Errors.add = original  # type: ignore[method-assign]


def test_codes_are_unique_snake_case_named_after_their_member():
    values = [code.value for code in ErrorCode]
    assert len(values) == len(set(values))
    for code in ErrorCode:
        assert SNAKE_CASE.fullmatch(code.value), code
        assert code.name == code.value.upper()


def test_the_enumeration_is_exported_by_the_engine():
    assert scoring.engine.ErrorCode is ErrorCode
    assert "ErrorCode" in scoring.engine.__all__


# --- records that break the play and match rules the score-sheet fixtures do not -------


def _play_record(play: k.Tricks, *announcements: dict[str, Any]) -> dict[str, Any]:
    return k.record(play, list(announcements))


def _full() -> dict[str, Any]:
    return _play_record(k.FULL)


def _swap(record: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """Exchange two dealt cards between the hands."""
    deal = record["deal"]
    sa = next(s for s, h in deal.items() if a in h)
    sb = next(s for s, h in deal.items() if b in h)
    deal[sa][deal[sa].index(a)] = b
    deal[sb][deal[sb].index(b)] = a
    return record


def _changed(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**record, **changes}


def _deal_changed(seat: str, cards: list[str]) -> dict[str, Any]:
    record = _full()
    record["deal"][seat] = cards
    return record


def _twice_dealt() -> dict[str, Any]:
    record = _full()
    record["deal"]["DC"][9] = record["deal"]["AD"][0]
    return record


def _played_twice() -> dict[str, Any]:
    record = _full()
    record["play"][1][0] = "XV"  # AD's XV again in trick 2
    return record


def _not_in_hand() -> dict[str, Any]:
    record = _full()
    trick = record["play"][0]
    trick[1], trick[2] = trick[2], trick[1]  # DC and DD swapped in trick 1
    return record


def _revoke() -> dict[str, Any]:
    # Hearts led in trick 7; DC plays D-Q (kept for trick 10) while holding H-Q.
    record = _play_record(k.kings_at(H=7))
    play = record["play"]
    play[6][1], play[9][1] = play[9][1], play[6][1]
    return record


def _void_discard() -> dict[str, Any]:
    # AC, void in hearts after the swap, discards S-10 to trick 1 holding trumps.
    record = _swap(_play_record(k.kings_at(H=1)), "H-V", "S-10")
    record["play"][0][3] = "S-10"
    next(t for t in record["play"][1:] if t[1] == "S-10")[1] = "H-V"
    return record


def _declared(feast: str, *cards: str) -> dict[str, Any]:
    return {"feast": feast, "team": "attack", "by": "driver", "cards": list(cards)}


def _falcon_led_early() -> dict[str, Any]:
    # Falcon binds H-K to trick 2; AD leads it to trick 1 holding other cards.
    return _play_record(k.kings_at(H=1), _declared("falcon", "H-K"))


def _pheasant_withheld() -> dict[str, Any]:
    # Pheasant binds H-K to trick 1; AD leads a trump to it.
    return _play_record(k.kings_at(H=2), _declared("pheasant", "H-K"))


def _untrue_flush() -> dict[str, Any]:
    return _play_record(k.FULL, {"feast": "flush", "team": "defence", "by": "driver"})


PLAY_CASES: list[tuple[str, Callable[[], Any], ErrorCode]] = [
    ("R4-deal-keys", lambda: _changed(_full(), deal=["AD"]), ErrorCode.DEAL_KEYS),
    ("R4-deal-size", lambda: _deal_changed("DD", []), ErrorCode.DEAL_SIZE),
    ("R4-missing-card", _twice_dealt, ErrorCode.MISSING_CARD),
    ("R4-too-few-trumps", lambda: _swap(_swap(_full(), "V", "H-K"), "VI", "D-K"),
     ErrorCode.TOO_FEW_TRUMPS),
    ("R4-xix", lambda: _swap(_full(), "XIX", "XV"), ErrorCode.XIX_NOT_ATTACK_CATCHER),
    ("R4-xx", lambda: _swap(_full(), "XX", "XVII"), ErrorCode.XX_NOT_ATTACK_DRIVER),
    ("R2-play-shape", lambda: _changed(_full(), play="tricks"), ErrorCode.PLAY_SHAPE),
    ("R2-not-in-hand", _not_in_hand, ErrorCode.CARD_NOT_IN_HAND),
    ("R2-played-twice", _played_twice, ErrorCode.CARD_PLAYED_TWICE),
    ("R2-revoke", _revoke, ErrorCode.REVOKE),
    ("R2-must-trump", _void_discard, ErrorCode.MUST_TRUMP),
    ("R12-bound-card-early", _falcon_led_early, ErrorCode.BOUND_CARD_EARLY),
    ("R12-bound-card-withheld", _pheasant_withheld, ErrorCode.BOUND_CARD_WITHHELD),
    ("R6-message-untrue", _untrue_flush, ErrorCode.MESSAGE_UNTRUE),
    ("R2-fact-disagrees", lambda: _changed(_full(), tricks={"attack": 3}),
     ErrorCode.FACT_DISAGREES),
]  # fmt: skip

MATCH_CASES: list[tuple[str, Any, ErrorCode]] = [
    ("R3-eight-hands", match(*[hand()] * 7), ErrorCode.WRONG_HAND_COUNT),
    ("R3-first-attack", match(*[hand()] * 8, first="Tata"), ErrorCode.UNKNOWN_TEAM_NAME),
    ("same-team", {**match(*[hand()] * 8), "teams": ["A", "A"]}, ErrorCode.SAME_TEAM),
]  # fmt: skip


@pytest.mark.parametrize(
    ("build", "code"),
    [pytest.param(build, code, id=name) for name, build, code in PLAY_CASES],
)
def test_play_rule_broken_reports_its_code(build, code):
    with codes_passed() as passed:
        result = score_hand_record(build())
    assert code in passed
    assert code.value in [error["code"] for error in result["errors"]]


def _reported(record: Any, *, is_match: bool = False) -> list[object]:
    with codes_passed() as passed:
        (score_match_record if is_match else score_hand_record)(copy.deepcopy(record))
    return passed


def _every_fixture_code() -> list[object]:
    passed = []
    for param in INVALID:
        passed += _reported(param.values[0])
    for _name, build, _code in PLAY_CASES:
        passed += _reported(build())
    for _name, record, _code in MATCH_CASES:
        passed += _reported(record, is_match=True)
    return passed


def test_every_code_reported_is_a_member_of_the_enumeration():
    """The producers pass ``ErrorCode`` members, never bare strings."""
    passed = _every_fixture_code()
    assert passed
    strays = [code for code in passed if not isinstance(code, ErrorCode)]
    assert strays == []


def test_every_member_is_reported_by_some_invalid_record():
    """No code in the enumeration that the engine cannot report."""
    assert set(ErrorCode) - set(_every_fixture_code()) == set()


def test_json_output_carries_the_plain_snake_case_string():
    result = score_match_record({**match(*[hand()] * 8), "teams": ["A", "A"]})
    assert result["errors"]
    for error in result["errors"]:
        assert type(error["code"]) is str
        assert error["code"] == ErrorCode(error["code"]).value


def _broken(rng: random.Random, record: Any) -> Any:
    """``record`` with one value somewhere in it replaced by a random wrong one."""
    record = copy.deepcopy(record)
    node = record
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        key = rng.choice(keys)
        child = node[key]
        if not isinstance(child, dict | list) or not child or rng.random() < 0.3:
            node[key] = rng.choice([None, True, 0, 11, "x", "XXI", [], {}, ["H"]])
            return record
        node = child


@pytest.mark.parametrize("seed", range(40))
def test_random_broken_play_records_report_members_only(seed):
    rng = random.Random(seed)
    record = random_play_record(rng, n_announcements=rng.randint(1, 8))
    for _n in range(5):
        passed = _reported(_broken(rng, record))
        assert all(isinstance(code, ErrorCode) for code in passed), passed


@settings(max_examples=150, deadline=None)
@given(seeds, json_values, st.booleans())
def test_any_json_reports_members_only(seed, value, is_match):
    """Arbitrary JSON, as a hand or a match, or as a valid hand's declared cards:
    whatever is reported carries an ``ErrorCode``."""
    record = random_play_record(random.Random(seed), n_announcements=0)
    record["announcements"] = [_declared("kite", "I") | {"cards": value}]
    for data in (value, record):
        passed = _reported(data, is_match=is_match)
        assert all(isinstance(code, ErrorCode) for code in passed), passed
