"""Reading JSON that people send us (files, uploads, pasted text, stdin).

One reader for every entry point, so each answers bad input the same way: an error
in the engine's shape (code, message, path) instead of a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from django.utils.translation import gettext as _


def json_parse(text: str | bytes, *, source: str) -> tuple[Any, dict[str, str] | None]:
    """The parsed value, or None and an ``unreadable_file`` / ``invalid_json`` error.

    Beyond syntax errors this refuses what ``json`` cannot hold: numbers with more
    than 4,300 digits (ValueError) and nesting deeper than Python's recursion limit.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
    except UnicodeDecodeError:
        return None, {
            "code": "unreadable_file",
            "message": _("%(file)s is not UTF-8 text.") % {"file": source},
            "path": "",
        }
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        reason = _("%(reason)s (line %(line)s, column %(col)s)") % {
            "reason": exc.msg,
            "line": exc.lineno,
            "col": exc.colno,
        }
    except RecursionError:
        reason = _("it is nested too deeply")
    except ValueError as exc:  # e.g. an integer with more than 4,300 digits
        reason = str(exc)
    return None, {
        "code": "invalid_json",
        "message": _("%(file)s is not valid JSON: %(reason)s.")
        % {"file": source, "reason": reason},
        "path": "",
    }
