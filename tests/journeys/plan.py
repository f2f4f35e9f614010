"""What the referee enters in the journey's 8 hands (tests/journeys/referee.py), and
the hand record each must be stored as: 0–5 announcements a hand, feasts tapped or
chosen with the keyboard, declared cards, suits and counts, contras, messages,
silent premiums, a row added and removed again, and a mistake first on three
hands. Every plan is a hand the engine accepts (``expected_record``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine.cards import MIDDLE
from scoring.engine.catalogue import SILENT

PLAYERS = ("attack:driver", "attack:catcher", "defence:driver", "defence:catcher")
OFFLINE = (5, 6)  # saved without a connection, a reload between them


@dataclass(frozen=True)
class Row:
    """One announcement as the referee enters it (R6, R8, R12)."""

    feast: str
    typed: str  # what is typed in the picker
    by: str  # who announced it: "attack:driver" …
    made: bool | None = True  # None: a message, always made (R6)
    keys: bool = False  # chosen with ArrowDown and Enter, else tapped
    cards: tuple[str, ...] = ()
    suits: tuple[str, ...] = ()
    count: int | None = None
    contra: str | None = None  # who called it, by name on the page


@dataclass(frozen=True)
class Plan:
    """One hand: the attack's facts (R5), tricks, announcements, silent premiums,
    and the mistake made first (its Save is refused): "trumps", "outcome" (of the
    first row) or "silent" (a premium the announcements suppress, R7)."""

    trumps: int
    honours: int
    middle: tuple[str, ...]
    tricks: int | None
    rows: tuple[Row, ...] = ()
    silent: tuple[tuple[str, str], ...] = ()
    mistake: str = ""
    removed: Row | None = None  # added after the first row and removed again


HANDS = (
    Plan(
        12,
        1,
        ("XVI",),
        6,
        (Row("cash", "kassza", "attack:driver", contra="defence:catcher"),),
        mistake="trumps",
    ),
    Plan(
        11,
        1,
        ("XVII", "XVIII"),
        4,
        (
            Row("pheasant", "fácán", "defence:catcher", False, True, cards=("I",)),
            Row("flush", "flush", "attack:driver", None),
        ),
        silent=(("defence", "four_kings"),),
    ),
    Plan(
        13,
        2,
        ("XVI", "XVIII"),
        7,
        (
            Row("bridge", "bridge", "attack:catcher"),
            Row(
                "red_and_black",
                "vörös",
                "attack:driver",
                False,
                suits=("H", "C"),
                contra="defence:driver",
            ),
        ),
        mistake="outcome",
    ),
    Plan(
        11,
        1,
        ("XVI", "XVII"),
        5,
        (
            Row("play", "play", "attack:driver"),
            Row("gang", "gang", "defence:driver", False, True, suits=("S",)),
            Row("visi", "visi", "attack:catcher"),
        ),
        removed=Row("angel", "angyal", "attack:catcher"),
    ),
    Plan(
        10,
        1,
        ("XVII",),
        5,
        (
            Row("last_day_of_month", "ultimo", "attack:driver", cards=("C-K",)),
            Row("trumps_count", "trumps", "defence:driver", None, count=9),
        ),
    ),
    Plan(
        12,
        0,
        MIDDLE,
        8,
        (
            Row("octave", "oktáv", "attack:driver", contra="defence:driver"),
            Row(
                "dschinn",
                "dschinn",
                "defence:catcher",
                False,
                True,
                suits=("C",),
                contra="attack:catcher",
            ),
        ),
        silent=(("defence", "lie_in_wait"),),
    ),
    Plan(
        14,
        1,
        ("XVI", "XVII"),
        6,
        (
            Row("pagat_capture", "pagát", "attack:driver", contra="defence:driver"),
            Row(
                "suit_count",
                "number of",
                "defence:catcher",
                None,
                suits=("H",),
                count=3,
            ),
            Row("cash", "cash", "attack:catcher"),
            Row("honour", "honour", "attack:driver"),
            Row("amazon", "amazon", "defence:driver", False, True),
        ),
        mistake="silent",
    ),
    Plan(9, 1, (), 3),
)


def expected_record(plan: Plan) -> dict[str, Any]:
    """The hand record (HAND_RECORD.md) of what the referee typed: the defence's
    facts are the rest of the 22 trumps, 2 Honours and XVI–XVIII (R5)."""
    middle = [card for card in MIDDLE if card in plan.middle]
    record: dict[str, Any] = {
        "format": "royal-tarokk-hand/1",
        "attack": {"trumps": plan.trumps, "honours": plan.honours, "middle": middle},
        "defence": {
            "trumps": 22 - plan.trumps,
            "honours": 2 - plan.honours,
            "middle": [card for card in MIDDLE if card not in middle],
        },
        "announcements": [_announcement(row) for row in plan.rows],
    }
    if plan.tricks is not None:
        record["tricks"] = {"attack": plan.tricks}
    silent = {
        side: [code for code in SILENT if (side, code) in plan.silent]
        for side in ("attack", "defence")
    }
    if any(silent.values()):
        record["silent"] = silent
    return record


def _announcement(row: Row) -> dict[str, Any]:
    team, by = row.by.split(":")
    item: dict[str, Any] = {"feast": row.feast, "team": team, "by": by}
    if row.cards:
        item["cards"] = list(row.cards)
    if row.suits:
        item["suits"] = list(row.suits)
    if row.count is not None:
        item["count"] = row.count
    item["made"] = True if row.made is None else row.made
    if row.contra:
        side, role = row.contra.split(":")
        item["contra"] = {"team": side, "by": role}
    return item
