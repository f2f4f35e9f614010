"""Builders for score-sheet hand records (HAND_RECORD.md) used by the engine tests.

Defaults are a consistent deal (R5): attack 12 trumps, one Honour, XVI and XVIII;
defence 10 trumps, one Honour, XVII - the specification's example, scoring 75 and 90.
"""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]


def facts(trumps: int, honours: int, *middle: str) -> Record:
    return {"trumps": trumps, "honours": honours, "middle": list(middle)}


ATTACK = facts(12, 1, "XVI", "XVIII")
DEFENCE = facts(10, 1, "XVII")


def ann(
    feast: str,
    team: str = "attack",
    by: str = "driver",
    made: bool = True,
    **declared: Any,
) -> Record:
    """One announcement; ``contra=("defence", "catcher")`` adds a contra."""
    record: Record = {"feast": feast, "team": team, "by": by, "made": made}
    contra = declared.pop("contra", None)
    record.update(declared)
    if isinstance(contra, tuple):
        record["contra"] = {"team": contra[0], "by": contra[1]}
    elif contra is not None:  # a raw (possibly malformed) contra object
        record["contra"] = contra
    return record


def hand(
    *announcements: Record,
    attack: Record | None = None,
    defence: Record | None = None,
    tricks: int | None = None,
    silent_attack: tuple[str, ...] = (),
    silent_defence: tuple[str, ...] = (),
) -> Record:
    record: Record = {
        "format": "royal-tarokk-hand/1",
        "attack": dict(attack or ATTACK),
        "defence": dict(defence or DEFENCE),
        "announcements": list(announcements),
    }
    if tricks is not None:
        record["tricks"] = {"attack": tricks}
    if silent_attack or silent_defence:
        record["silent"] = {
            "attack": list(silent_attack),
            "defence": list(silent_defence),
        }
    return record


def match(*hands: Record, tiebreak: bool = False, first: str = "Kisfaludy") -> Record:
    record: Record = {
        "format": "royal-tarokk-match/1",
        "teams": ["Kisfaludy", "Dunakeszi"],
        "first_attack": first,
        "hands": list(hands),
    }
    if tiebreak:
        record["tiebreak"] = True
    return record


def codes(result: Record) -> list[tuple[str, str]]:
    """The (code, path) pairs of an engine result's errors."""
    return [(error["code"], error["path"]) for error in result["errors"]]
