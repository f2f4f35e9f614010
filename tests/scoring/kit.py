"""The scoring tests' kit: score-sheet hand and match records (HAND_RECORD.md) and the
score-sheet form's POST data for them, as a browser would send it.

Record defaults are a consistent deal (R5): attack 12 trumps, one Honour, XVI and
XVIII; defence 10 trumps, one Honour, XVII - the specification's example, scoring 75
and 90.
"""

from __future__ import annotations

from typing import Any

from scoring.forms import initial_from_record

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


SPEC_EXAMPLE = {
    "format": "royal-tarokk-hand/1",
    "attack": {"trumps": 12, "honours": 1, "middle": ["XVI", "XVIII"]},
    "defence": {"trumps": 10, "honours": 1, "middle": ["XVII"]},
    "tricks": {"attack": 6},
    "announcements": [
        {
            "feast": "cash",
            "team": "attack",
            "by": "driver",
            "made": True,
            "contra": {"team": "defence", "by": "catcher"},
        },
        {
            "feast": "pheasant",
            "team": "defence",
            "by": "catcher",
            "cards": ["I"],
            "made": False,
        },
        {
            "feast": "red_and_black",
            "team": "attack",
            "by": "catcher",
            "suits": ["H", "C"],
            "made": False,
        },
        {"feast": "flush", "team": "defence", "by": "driver", "made": True},
    ],
    "silent": {"attack": ["four_kings"], "defence": []},
}

PREFIX = "announcements"


def hand_post(
    record: dict[str, Any],
    *,
    version: int = 0,
    action: str = "save",
    blank_rows: int = 1,
    **extra: Any,
) -> dict[str, Any]:
    initial, rows = initial_from_record(record)
    data: dict[str, Any] = {"action": action, "version": str(version), **extra}
    for key, value in initial.items():
        if value is None:
            continue
        data[key] = value if isinstance(value, list) else str(value)
    for i, row in enumerate(rows):
        for key, value in row.items():
            data[f"{PREFIX}-{i}-{key}"] = str(value)
    data[f"{PREFIX}-TOTAL_FORMS"] = str(len(rows) + blank_rows)
    data[f"{PREFIX}-INITIAL_FORMS"] = "0"
    return data


ROLES = (
    "anonymous",
    "official",
    "jury",
    "referee",
    "other_referee",
    "captain",
    "other_captain",
    "nobody",
)
