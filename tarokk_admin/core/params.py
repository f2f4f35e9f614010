"""Parameters from URLs, query strings and forms: people (and robots) send anything.

Each parser answers a value it cannot use with :class:`BadParameter`, whose message
names the parameter and quotes what was sent; the JSON API turns it into a 400.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

MAX_ID = 2**63 - 1


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
    """A record's id: a positive whole number that fits the database."""
    number = whole_number(value.strip(), max_digits=19)
    if number is None or not 0 < number <= MAX_ID:
        raise BadParameter(
            _('"%(name)s" must be a positive whole number, not "%(value)s".')
            % {"name": name, "value": _shown(value)}
        )
    return number


def year_param(value: str, *, name: str = "year") -> int:
    """A year (a season): four digits, such as 2026."""
    number = whole_number(value.strip(), max_digits=4)
    if number is None or number < 1000:
        raise BadParameter(
            _('"%(name)s" must be a year such as 2026, not "%(value)s".')
            % {"name": name, "value": _shown(value)}
        )
    return number
