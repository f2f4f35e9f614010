"""History rows (django-simple-history): who made a change and why, written with
:func:`history_mark` (the reason cut to ``HISTORY_REASON_MAX``), and what changed
between two rows, as people read it:
the field's name and its values in the reader's language ("Állapot: kiírva →
folyamatban"), never the column's name and stored codes ("status: scheduled →
in_play")."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from simple_history.models import HistoricalRecords

from tarokk_admin.core.l10n import human_date, human_number

EMPTY = "—"
# django-simple-history's change-reason column holds this many characters.
HISTORY_REASON_MAX = 100
# django-simple-history's change-reason column holds this many characters.


def history_mark(obj: Any, user: Any, reason: str | None = None) -> Any:
    """Who makes the next change of ``obj`` and why, for the history row its next
    ``save()`` or ``delete()`` writes (None: the request's user, no reason); a
    reason longer than the column is cut to fit (``app_words`` keeps the app's own
    words within it). Returns ``obj``."""
    if user is not None:
        obj._history_user = user
    if reason is not None:
        obj._change_reason = reason[:HISTORY_REASON_MAX]
    return obj


def history_user() -> Any:
    """Who ``save()`` records as the author of a history row: the signed-in user
    of the request making the change (django-simple-history's middleware), or
    nobody (the worker, the command line). What is written in bulk, without
    ``save()``, records the same author (``core.bulk.history_copy``)."""
    request = getattr(HistoricalRecords.context, "request", None)
    user = getattr(request, "user", None)
    return user if getattr(user, "is_authenticated", False) else None


def field_value(field: models.Field, value: Any) -> str:
    """A stored value of ``field`` as people read it: a choice's label, yes or no,
    a date or a number in the reader's language; nothing is a dash."""
    if value is None or value == "":
        return EMPTY
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, datetime.time):
        return value.strftime("%H:%M")
    if isinstance(value, datetime.date):
        return human_date(value)
    if isinstance(value, int | float):
        return human_number(value)
    return str(value)


def change_line(
    model: type[models.Model],
    name: str,
    before: Any,
    after: Any,
    shown: Callable[[Any], str] | None = None,
) -> str:
    """``Label: before → after`` for the field ``name`` of ``model`` (``name`` may be
    a foreign key's ``…_id``; ``shown`` writes its values)."""
    field = model._meta.get_field(name.removesuffix("_id"))
    show = shown or (lambda value: field_value(field, value))
    return f"{capfirst(field.verbose_name)}: {show(before)} → {show(after)}"
