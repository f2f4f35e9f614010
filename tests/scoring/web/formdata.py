"""POST data of the score-sheet form for a hand record, as a browser would send it."""

from __future__ import annotations

from typing import Any

from scoring.forms import initial_from_record

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
