"""One place decides how a number or a date is written: for a machine or for a person.

- **Machines** read SVG attributes, the ``value`` of inputs, ``data-*`` attributes,
  JSON and addresses. What they read is never localised: :func:`machine` writes
  ``210.5``, ``2027-02-06``, ``14:30`` in every language (Hungarian would write
  ``210,5`` and ``2027.02.06.``, which an SVG or a date input cannot read).
  :func:`machine_attrs` writes a whole set of attributes that way (the charts'
  geometry), and the form widgets here (:class:`DateInput`, :class:`TimeInput`,
  :class:`NumberInput`) give every form the same machine values.
- **People** read numbers and dates in their language, always: :func:`human_number`
  writes ``74,4`` in Hungarian and ``74.4`` in English (exports use it too, see
  ``core/tables.py``); :func:`human_date` writes ``2027.02.06.`` in Hungarian and
  ``2027-02-06`` in English (the formats of ``tarokk_admin/formats/``, which
  templates reach with ``|date:"SHORT_DATE_FORMAT"``).

In templates, ``{% load l10n_tags %}`` gives the same two: ``{{ x|machine }}`` and
``{{ x|human:1 }}``.
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

from django import forms
from django.utils import formats, timezone
from django.utils.dateformat import format as date_pattern
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

# A machine's number: at most this many decimals, trailing zeros dropped ("210").
MACHINE_DECIMALS = 2


def machine(value: Any) -> str:
    """``value`` written for a machine, the same in every language: numbers with a
    dot and no grouping, dates and times in ISO 8601 (a date input's value), an
    aware date-time in the site's time zone; ``None`` is empty, text is unchanged."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Decimal):
        text = f"{value:.{MACHINE_DECIMALS}f}".rstrip("0").rstrip(".")
        return "0" if text in ("-0", "") else text
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return value.strftime("%Y-%m-%dT%H:%M")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M:%S" if value.second else "%H:%M")
    return str(value)


def machine_attrs(**attrs: Any) -> SafeString:
    """SVG or HTML attributes written for a machine: ``x="200" width="210.5"``
    (escaped; a trailing underscore is dropped and ``_`` becomes ``-``, so
    ``class_="bar"`` and ``text_anchor="end"`` work)."""
    return format_html_join(
        " ",
        '{}="{}"',
        (
            (name.rstrip("_").replace("_", "-"), machine(value))
            for name, value in attrs.items()
        ),
    )


def human_number(value: Any, decimals: int | None = None) -> str:
    """A number as people of the active language read it: ``74,4`` in Hungarian,
    ``74.4`` in English (``decimals`` fixed places, else as the value has them);
    ``None`` is empty."""
    if value is None:
        return ""
    if decimals is not None:
        value = round(value, decimals)
    return formats.number_format(value, decimal_pos=decimals, use_l10n=True)


def human_date(value: datetime.date | None) -> str:
    """A date (or a date-time, in the site's time zone) as people of the active
    language write it: ``2027.02.06.`` (``2027.02.06. 14:30``) in Hungarian,
    ``2027-02-06`` in English; ``None`` is empty."""
    if value is None:
        return ""
    if isinstance(value, datetime.datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return date_pattern(value, formats.get_format("SHORT_DATETIME_FORMAT"))
    return date_pattern(value, formats.get_format("SHORT_DATE_FORMAT"))


class DateInput(forms.DateInput):
    """The browser's date picker with its value in ISO 8601, whatever the language
    (a Hungarian ``2027.02.06.`` leaves ``<input type=date>`` empty)."""

    input_type = "date"

    def format_value(self, value: Any) -> str | None:
        if value in (None, ""):
            return None
        return machine(value) if isinstance(value, datetime.date) else str(value)


class TimeInput(forms.TimeInput):
    """The browser's time picker with its value as ``HH:MM``."""

    input_type = "time"

    def format_value(self, value: Any) -> str | None:
        if value in (None, ""):
            return None
        return machine(value) if isinstance(value, datetime.time) else str(value)


class NumberInput(forms.NumberInput):
    """A number input whose value is never localised, even for a field with
    ``localize=True``."""

    def format_value(self, value: Any) -> str | None:
        if value in (None, ""):
            return None
        return machine(value)
