"""Words the app itself writes into a record (a history's reason, an import's
note about a row) are kept as their English message and its values, and put in
the reader's language when a page shows them: a reason written while an English
page was open reads in Hungarian on a Hungarian page, and the other way round.

Words people typed (an official's reason, a note) are kept and shown as typed.

- ``app_words(gettext_noop("closed"))`` or
  ``app_words(gettext_noop("from the archive file %(file)s"), file=name)`` writes them;
- ``shown(value)`` (``{{ value|words }}`` in templates) reads them back in the
  active language; any other text is returned as it is.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext

from tarokk_admin.core.history import HISTORY_REASON_MAX

# An invisible character that people do not type opens words kept this way.
MARK = "\u2063"
# django-simple-history's reason column.
LIMIT = HISTORY_REASON_MAX


def app_words(message: str, limit: int | None = LIMIT, **params: Any) -> str:
    """``message`` (an English msgid marked with ``gettext_noop``) and its values,
    in at most ``limit`` characters (the longest value is shortened to fit; None:
    no limit, for JSON fields)."""
    values = {key: str(value) for key, value in params.items()}

    def packed() -> str:
        data: dict[str, Any] = {"m": message}
        if values:
            data["p"] = values
        return MARK + json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    text = packed()
    while limit is not None and len(text) > limit and values:
        key = max(values, key=lambda k: len(values[k]))
        if not values[key]:
            break
        values[key] = (
            values[key][: max(0, len(values[key]) - (len(text) - limit) - 1)] + "…"
        )
        text = packed()
    return text


def shown(value: Any) -> str:
    """``value`` in the reader's language when the app wrote it, else as it is."""
    if not isinstance(value, str) or not value.startswith(MARK):
        return "" if value is None else str(value)
    try:
        data = json.loads(value[len(MARK) :])
        message = gettext(data["m"])
        params = data.get("p")
        return message % params if params else message
    except (ValueError, KeyError, TypeError):
        return value[len(MARK) :]
