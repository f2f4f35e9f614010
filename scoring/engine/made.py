"""What a judged hand says was made, for the callers that credit it: the trophy
list (R9, R14) and the championship's tie-break by the best trophy (R15).

Pure Python like the rest of the engine; ``record`` is a valid hand record and
``result`` the engine's result for it (``score_hand_record``), as stored with a hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .catalogue import FEASTS, GROUP_NAMES, Group
from .i18n import _


def feast_name(code: str) -> str:
    """A feast's name in the active language (the installed translator); an unknown
    code is shown as it is."""
    feast = FEASTS.get(code)
    return _(feast.name) if feast is not None else code


def group_name(group: Group) -> str:
    """A paper-sheet section's name in the active language (the installed
    translator)."""
    return _(GROUP_NAMES[group])


def announcements_made(
    record: Mapping[str, Any], result: Mapping[str, Any]
) -> list[bool]:
    """Whether each announcement of the record was made: decided by the engine from
    the play for a play record (``derived.made``), else the score sheet's ``made``."""
    announcements = record.get("announcements") or []
    derived = result.get("derived") or {}
    flags = derived.get("made")
    made = []
    for index, announcement in enumerate(announcements):
        if flags is not None and index < len(flags):
            made.append(bool(flags[index]))
        else:
            made.append(bool(announcement.get("made")))
    return made


def trophies_made(
    record: Mapping[str, Any], result: Mapping[str, Any]
) -> list[tuple[int, Mapping[str, Any]]]:
    """The made trophies of a hand as (index in ``announcements``, announcement): at
    most one per team (R9); only the final level is recorded (R12), so its ``by`` is
    the player who announced that level."""
    announcements = record.get("announcements") or []
    return [
        (index, announcement)
        for index, (announcement, made) in enumerate(
            zip(announcements, announcements_made(record, result), strict=True)
        )
        if made
        and (feast := FEASTS.get(announcement.get("feast", ""))) is not None
        and feast.is_trophy
    ]
