"""Parameters from URLs, query strings and forms: people (and robots) send anything.

Each parser answers a value it cannot use with :class:`BadParameter`, whose message
names the parameter and quotes what was sent; the JSON API turns it into a 400.

What a year and a record's id are is declared once (:data:`YEAR`, :data:`ID`): the
parsers accept exactly what the pattern matches, and the API's OpenAPI document
(``tarokk_admin/schema``) publishes the same pattern, so the two always agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Shape:
    """What a parameter written as text looks like: a regular expression, the same
    for the parser and the API schema."""

    pattern: str
    example: str

    def matches(self, value: object) -> bool:
        return isinstance(value, str) and re.fullmatch(self.pattern, value) is not None

    @property
    def schema(self) -> dict[str, Any]:
        """The JSON Schema of the parameter (OpenAPI 3.1)."""
        return {"type": "string", "pattern": f"^{self.pattern}$"}


# A year (a season): four digits, 1000-9999.
YEAR = Shape(r"[1-9][0-9]{3}", "2026")
# A record's id (or a page number): a positive whole number of at most 18 digits,
# which every integer column holds (PostgreSQL's bigint ends at 19 digits).
ID = Shape(r"[1-9][0-9]{0,17}", "1")


class BadParameter(Exception):
    """A query or path parameter that cannot be used; the message says why."""


def whole_number(value: object, *, max_digits: int = 9) -> int | None:
    """A non-negative whole number written in ASCII digits, else None.

    ``str.isdigit`` alone accepts characters such as "²" that ``int`` refuses, and
    a thousand digits would pass it too.
    """
    if (
        isinstance(value, str)
        and value.isascii()
        and value.isdigit()
        and len(value) <= max_digits
    ):
        return int(value)
    return None


def _shown(value: object) -> str:
    return str(value)[:40]


def id_param(value: str, *, name: str) -> int:
    """A record's id (or a page number): :data:`ID`."""
    if not ID.matches(value):
        raise BadParameter(
            _('"%(name)s" must be a positive whole number, not "%(value)s".')
            % {"name": name, "value": _shown(value)}
        )
    return int(value)


def year_param(value: str, *, name: str = "year") -> int:
    """A year (a season): :data:`YEAR`, four digits such as 2026."""
    if not YEAR.matches(value):
        raise BadParameter(
            _('"%(name)s" must be a year such as 2026, not "%(value)s".')
            % {"name": name, "value": _shown(value)}
        )
    return int(value)
