"""Parsers of cells that many spreadsheets share: free text of a bounded length,
yes/no (igen/nem), a date in the past (``YYYY-MM-DD`` or the Hungarian
``YYYY.MM.DD.``), a whole number. Each returns the value or raises
:class:`~tarokk_admin.core.sheets.columns.CellProblem` quoting what was written."""

from __future__ import annotations

import datetime as dt
import re
import time
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from tarokk_admin.core.sheets.columns import CellProblem, Parser
from tarokk_admin.core.text import fold

YES = frozenset({"yes", "igen"})
NO = frozenset({"no", "nem"})
ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
HUNGARIAN_DATE = re.compile(r"^(\d{4})\.\s?(\d{2})\.\s?(\d{2})\.?$")
EARLIEST_YEAR = 1900


def text(max_length: int) -> Parser:
    """Free text (inner runs of spaces made one), at most ``max_length`` characters."""

    def parse(raw: str, context: Any) -> str:
        value = " ".join(raw.split())
        if len(value) > max_length:
            raise CellProblem(
                "too_long",
                _("%(value)s… is %(length)s characters long; at most %(n)s fit.")
                % {"value": value[:30], "length": len(value), "n": max_length},
            )
        return value

    return parse


def yes_no(raw: str, context: Any) -> bool:
    """yes or no, igen or nem (any case)."""
    word = fold(raw)
    if word in YES:
        return True
    if word in NO:
        return False
    raise CellProblem(
        "not_yes_no", _("%(value)s: write yes or no (igen or nem).") % {"value": raw}
    )


_today: tuple[float, dt.date] | None = None


def today() -> dt.date:
    """Today's date in the site's time zone, read at most once a second (a file of
    20,000 dates asks for it 20,000 times)."""
    global _today
    now = time.monotonic()
    if _today is None or now - _today[0] > 1:
        _today = (now, timezone.localdate())
    return _today[1]


def past_date(raw: str, context: Any) -> dt.date:
    """A date written ``YYYY-MM-DD`` or ``YYYY.MM.DD.``, not after today."""
    match = ISO_DATE.match(raw) or HUNGARIAN_DATE.match(raw)
    try:
        if match is None:
            raise ValueError(raw)
        day = dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        raise CellProblem(
            "not_a_date",
            _("%(value)s is not a date written YYYY-MM-DD or YYYY.MM.DD.")
            % {"value": raw},
        ) from None
    if day > today():
        raise CellProblem(
            "future_date",
            _("%(value)s is in the future; the archive holds what happened.")
            % {"value": raw},
        )
    if day.year < EARLIEST_YEAR:
        raise CellProblem(
            "not_a_date",
            _("%(value)s is before %(year)s: check the year.")
            % {"value": raw, "year": EARLIEST_YEAR},
        )
    return day


def whole(raw: str, context: Any) -> int:
    """A whole number, 0 or more, written in digits."""
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise CellProblem(
            "not_a_number",
            _("%(value)s is not a whole number.") % {"value": raw},
        )
    return int(raw)
