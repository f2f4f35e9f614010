"""The engine's errors as a referee reads them on the form.

The engine speaks of its record: ``/announcements/0/made``, "made is required (true or
false)", paths counted from 0. The form shows each problem under the field's label and
the numbers a referee sees (hands and announcements counted from 1); the JSON path
stays in the API and the commands. The defence's consolation facts follow from the
attack's (R5), so their errors are the attack field's errors and are not repeated.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SIDE_NAMES = {"attack": gettext_lazy("Attack"), "defence": gettext_lazy("Defence")}
FIELD_NAMES = {
    "trumps": gettext_lazy("Trumps"),
    "honours": gettext_lazy("Honours"),
    "middle": gettext_lazy("Holds"),
    "tricks": gettext_lazy("Tricks won by the attack"),
    "silent": gettext_lazy("Silent premiums"),
    "feast": gettext_lazy("Feast"),
    "team": gettext_lazy("Announced by"),
    "by": gettext_lazy("Announced by"),
    "made": gettext_lazy("Outcome"),
    "contra": gettext_lazy("Contra"),
    "count": gettext_lazy("Count announced"),
    "cards": gettext_lazy("Declared card"),
    "suits": gettext_lazy("Suit"),
}
FACTS = ("trumps", "honours", "middle")
_TOTALS = {"trumps_total", "honours_total", "middle_split"}


def _missing(key: str) -> str | None:
    """A referee's words for a missing entry (the engine's ``missing_key``)."""
    texts = {
        "made": _("Choose made or failed."),
        "team": _("Choose who announced it."),
        "by": _("Choose who announced it."),
        "feast": _("Choose the feast."),
        "trumps": _("Enter the attack's trumps (6–16)."),
        "honours": _("Enter the attack's Honours (0–2)."),
        "middle": _("Tick which of XVI, XVII, XVIII the attack holds."),
    }
    return texts.get(key)


def _parts(path: str) -> list[str]:
    if not path.startswith("/"):
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def path_label(
    path: str, rows: list[int] | None = None, *, facts_of_attack: bool = True
) -> str:
    """Where a path points, in the form's words, counted from 1:
    ``/hands/2/announcements/0/made`` -> "Hand 3 · Announcement 1 · Outcome".
    ``rows`` maps a record's announcements to the form's rows (blank rows left out)."""
    parts = _parts(path)
    words: list[str] = []
    if len(parts) >= 2 and parts[0] == "hands" and parts[1].isdigit():
        words.append(_("Hand %(n)s") % {"n": int(parts[1]) + 1})
        parts = parts[2:]
    if not parts:
        return " · ".join(words)
    head = parts[0]
    if head in SIDE_NAMES and len(parts) >= 2 and parts[1] in FACTS:
        side = "attack" if facts_of_attack else head
        words += [str(SIDE_NAMES[side]), str(FIELD_NAMES[parts[1]])]
    elif head == "silent":
        words.append(str(FIELD_NAMES["silent"]))
        if len(parts) >= 2 and parts[1] in SIDE_NAMES:
            words.append(str(SIDE_NAMES[parts[1]]))
    elif head == "tricks":
        words.append(str(FIELD_NAMES["tricks"]))
    elif head == "announcements" and len(parts) >= 2 and parts[1].isdigit():
        index = int(parts[1])
        row = rows[index] if rows is not None and index < len(rows) else index
        words.append(_("Announcement %(n)s") % {"n": row + 1})
        if len(parts) >= 3 and parts[2] in FIELD_NAMES:
            label = str(FIELD_NAMES[parts[2]])
            if parts[2] in ("cards", "suits") and len(parts) >= 4:
                label += f" {int(parts[3]) + 1}" if parts[3].isdigit() else ""
            words.append(label)
    return " · ".join(words)


def readable_message(error: dict[str, str]) -> str:
    """The error's message in a referee's words (the engine's where it reads well)."""
    parts = _parts(error.get("path", ""))
    if error.get("code") == "missing_key" and parts:
        text = _missing(parts[-1])
        if text:
            return text
    return re.sub(r"\s+", " ", error.get("message", "")).strip()


def _is_derived(parts: list[str]) -> bool:
    return (
        len(parts) >= 1
        and parts[0] == "defence"
        and (len(parts) == 1 or parts[1] in FACTS)
    )


def readable_errors(
    errors: list[dict[str, str]],
    rows: list[int] | None = None,
    *,
    derived: bool = True,
) -> list[dict[str, Any]]:
    """The errors as the form shows them: each with ``label`` and a readable
    ``message``. With ``derived`` (the form, where the defence's facts follow from
    the attack's) errors of the defence's facts are folded into the attack's."""
    if not derived:
        return [
            {**e, "label": path_label(e.get("path", ""), rows, facts_of_attack=False)}
            for e in errors
        ]
    attack_faults = {
        tuple(_parts(e.get("path", ""))[:2])
        for e in errors
        if _parts(e.get("path", ""))[:1] == ["attack"]
    }
    shown: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for error in errors:
        parts = _parts(error.get("path", ""))
        if _is_derived(parts) and (
            len(parts) < 2 or ("attack", parts[1]) in attack_faults
        ):
            continue
        if error.get("code") in _TOTALS and attack_faults:
            continue
        item = {
            **error,
            "message": readable_message(error),
            "label": path_label(error.get("path", ""), rows),
        }
        key = (item["label"], item["message"])
        if key in seen:
            continue
        seen.add(key)
        shown.append(item)
    return shown
