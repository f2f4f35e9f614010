"""Reading JSON that people send us (files, uploads, pasted text, stdin).

One reader for every entry point, so each answers bad input the same way: an error
in the engine's shape (code, message, path) instead of a traceback.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext as _

# A \uD800-\uDFFF escape: the only way a lone surrogate gets into parsed JSON.
SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def json_pointer(parts: list[str | int]) -> str:
    """RFC 6901: ``["a/b", 0]`` → ``/a~1b/0``."""
    return "".join(
        "/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts
    )


def shown(text: str) -> str:
    """``text`` fit to print: a lone surrogate written as its escape ``\\ud800``."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def json_parse(text: str | bytes, *, source: str) -> tuple[Any, dict[str, str] | None]:
    """The parsed value, or None and an ``unreadable_file`` / ``invalid_json`` error.

    Beyond syntax errors this refuses what ``json`` cannot hold or would hide:
    numbers with more than 4,300 digits (ValueError), nesting deeper than Python's
    recursion limit, a lone surrogate (``"\\ud800"``: not a character, no text
    can hold it) and a key written twice in one object (``json`` keeps the last
    silently); these two with the JSON Pointer path of the value.
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
    duplicates: dict[int, list[str]] = {}
    try:
        value = json.loads(text, object_pairs_hook=_pairs_hook(duplicates))
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
    else:
        if not duplicates and not SURROGATE_ESCAPE.search(text):
            return value, None
        problem = _first_problem(value, duplicates)
        if problem is None:
            return value, None
        path, reason = problem
        return None, {
            "code": "invalid_json",
            "message": _("%(file)s is not valid JSON: %(reason)s.")
            % {"file": source, "reason": reason},
            "path": path,
        }
    return None, {
        "code": "invalid_json",
        "message": _("%(file)s is not valid JSON: %(reason)s.")
        % {"file": source, "reason": reason},
        "path": "",
    }


def _pairs_hook(duplicates: dict[int, list[str]]) -> Any:
    """An ``object_pairs_hook`` that builds the dict and notes its repeated keys."""

    def hook(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) < len(pairs):
            seen: set[str] = set()
            repeated = []
            for key, _value in pairs:
                if key in seen:
                    repeated.append(key)
                seen.add(key)
            duplicates[id(result)] = repeated
        return result

    return hook


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _first_problem(
    value: Any, duplicates: dict[int, list[str]]
) -> tuple[str, str] | None:
    """The path and reason of the first repeated key or lone surrogate, in the
    order of the document (walked without recursion: the depth is unbounded)."""
    stack: list[tuple[Any, list[str | int]]] = [(value, [])]
    while stack:
        item, parts = stack.pop()
        if isinstance(item, str):
            if _has_surrogate(item):
                return json_pointer(parts), _(
                    "the text %(text)s holds a lone surrogate (a \\uD800-\\uDFFF "
                    "escape that is not half of a pair), which is not a character"
                ) % {"text": f'"{shown(item[:60])}"'}
        elif isinstance(item, dict):
            for key in duplicates.get(id(item), ()):
                if not _has_surrogate(key):
                    return json_pointer([*parts, key]), _(
                        "the key %(key)s appears more than once in the same object"
                    ) % {"key": json.dumps(key, ensure_ascii=False)}
            for key in item:
                if _has_surrogate(key):
                    return json_pointer(parts), _(
                        "the key %(key)s holds a lone surrogate (a \\uD800-\\uDFFF "
                        "escape that is not half of a pair), which is not a character"
                    ) % {"key": f'"{shown(key[:60])}"'}
            stack.extend((v, [*parts, k]) for k, v in reversed(item.items()))
        elif isinstance(item, list):
            stack.extend((v, [*parts, i]) for i, v in reversed(list(enumerate(item))))
    return None
