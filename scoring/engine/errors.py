"""Validation errors collected across a whole record (python-chess ``Board.status()`` style).

Every error has a stable ``code`` (a member of :class:`~scoring.engine.codes.ErrorCode`,
the one list of codes), a JSON Pointer ``path`` into the record and a message that quotes
the offending value. The engine never raises for a bad record.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from .codes import ErrorCode


def pointer(*parts: str | int) -> str:
    """A JSON Pointer (RFC 6901) from path parts: ``pointer("announcements", 2)``."""
    out = ""
    for part in parts:
        text = str(part)
        if "~" in text or "/" in text:
            text = text.replace("~", "~0").replace("/", "~1")
        out += "/" + text
    return out


def quote(value: object) -> str:
    """The offending value as it appears in JSON, shortened for a message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(frozen=True, slots=True)
class EngineError:
    code: ErrorCode
    message: str
    path: str

    def as_dict(self) -> dict[str, str]:
        """The error as JSON output shows it; the code as its plain snake_case string."""
        return {"code": str(self.code), "message": self.message, "path": self.path}


@dataclass(slots=True)
class Errors:
    """A list of errors under a path prefix (a hand inside a match: ``/hands/3``)."""

    prefix: str = ""
    items: list[EngineError] = field(default_factory=list)

    def add(self, code: ErrorCode, path: str, message: str) -> None:
        self.items.append(EngineError(code, message, self.prefix + path))

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def as_list(self) -> list[dict[str, str]]:
        return [error.as_dict() for error in self.items]
