"""What differs between two score sheets of one hand, in words (the conflict panel
when two people saved the same hand): tricks, the attack's facts (the defence's follow,
R5), silent premiums, and the announcements with their cards, suits and outcomes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.forms.hand import feast_label, player_labels
from scoring.forms.messages import FIELD_NAMES, SIDE_NAMES


def _none(value: Any) -> str:
    if value in (None, "", []):
        return "—"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def announcement_text(item: dict[str, Any], labels: dict[str, str]) -> str:
    """One announcement as a sentence: "Cash (20) · Anna · made · contra by Béla"."""
    feast = str(item.get("feast") or "")
    try:
        words = [feast_label(feast)]
    except KeyError:
        words = [feast or "?"]
    player = f"{item.get('team')}:{item.get('by')}"
    if player in labels:
        words.append(labels[player])
    declared = list(item.get("cards") or []) + list(item.get("suits") or [])
    if declared:
        words.append(" ".join(str(x) for x in declared))
    if "count" in item:
        words.append(str(item["count"]))
    words.append(_("made") if item.get("made") else _("failed"))
    contra = item.get("contra") or {}
    key = f"{contra.get('team')}:{contra.get('by')}"
    if key in labels:
        words.append(_("contra by %(player)s") % {"player": labels[key]})
    return " · ".join(words)


def hand_differences(
    theirs: dict[str, Any], mine: dict[str, Any], names: dict[str, Any] | None = None
) -> list[dict[str, str]]:
    """Each difference as ``{"what", "theirs", "mine"}`` in the referee's words."""
    out: list[dict[str, str]] = []

    def add(what: str, a: Any, b: Any) -> None:
        if a != b:
            out.append({"what": what, "theirs": _none(a), "mine": _none(b)})

    add(
        str(FIELD_NAMES["tricks"]),
        (theirs.get("tricks") or {}).get("attack"),
        (mine.get("tricks") or {}).get("attack"),
    )
    for key in ("trumps", "honours", "middle"):
        add(
            f"{SIDE_NAMES['attack']} · {FIELD_NAMES[key]}",
            (theirs.get("attack") or {}).get(key),
            (mine.get("attack") or {}).get(key),
        )
    for side in ("attack", "defence"):
        add(
            f"{FIELD_NAMES['silent']} · {SIDE_NAMES[side]}",
            sorted((theirs.get("silent") or {}).get(side) or []),
            sorted((mine.get("silent") or {}).get(side) or []),
        )
    labels = player_labels(names)
    a = [announcement_text(x, labels) for x in theirs.get("announcements") or []]
    b = [announcement_text(x, labels) for x in mine.get("announcements") or []]
    only_theirs = [x for x in a if x not in b]
    only_mine = [x for x in b if x not in a]
    if only_theirs or only_mine:
        out.append(
            {
                "what": _("Announcements"),
                "theirs": "; ".join(only_theirs) or "—",
                "mine": "; ".join(only_mine) or "—",
            }
        )
    return out
