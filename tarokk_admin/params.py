"""Whole numbers from URLs and forms: people (and robots) send anything."""

from __future__ import annotations


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
