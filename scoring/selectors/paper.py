"""The paper score sheet of a match (A4): blank for a scheduled match, filled with
the hands entered so far; the catalogue of the 70 announcements (R13) with their
values, grouped as on the paper sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.models import Match
from scoring.engine.catalogue import FEASTS, Group
from scoring.selectors.sheets import HandLine, match_sheet

GROUP_LABELS = {
    Group.MESSAGE: gettext_lazy("Messages"),
    Group.MATERIAL: gettext_lazy("Material"),
    Group.SILENT: gettext_lazy("Silent premiums"),
    Group.FREE_PASS: gettext_lazy("Free passes"),
    Group.BOUND_TRICK: gettext_lazy("Bound tricks"),
    Group.MAGNIFIED: gettext_lazy("Magnified"),
    Group.FLIGHT: gettext_lazy("Flight"),
    Group.INTERCEPT: gettext_lazy("Intercept"),
    Group.EXTRA: gettext_lazy("Extras"),
    Group.TROPHY: gettext_lazy("Trophies"),
}


@dataclass
class PaperRow:
    number: int
    attack: str
    hand: HandLine | None
    scores: tuple[int, int] | None  # team_a, team_b
    running: tuple[int, int] | None
    entries: list[str] = field(default_factory=list)  # what the hand's row lists


def catalogue_groups() -> list[tuple[str, list[tuple[str, str, int]]]]:
    """(group label, [(code, name, value)]): R13's group column, each group once in
    the order it first appears, its feasts in catalogue order."""
    groups: dict[Group, list[tuple[str, str, int]]] = {}
    for code, feast in FEASTS.items():
        groups.setdefault(feast.group, []).append((code, _(feast.name), feast.value))
    return [(str(GROUP_LABELS[group]), rows) for group, rows in groups.items()]


def _entries(hand: HandLine) -> list[str]:
    """The announcements (with the announcing team and player, made ✔ or failed ✘,
    contra) and silent premiums of a hand, one short line each."""
    out = []
    for item in hand.announcements:
        detail = " ".join(
            str(part)
            for part in (
                item["name"],
                item["count"] if item["count"] is not None else "",
                ",".join(item["cards"]),
                ",".join(item["suits"]),
            )
            if part != ""
        )
        who = ", ".join(part for part in (item["team"], item["player"]) if part)
        mark = "✔" if item["made"] else "✘"
        contra = f" {_('contra')}" if item["contra"] else ""
        out.append(f"{detail} ({who}) {mark}{contra}")
    for side, label in (("attack", _("attack")), ("defence", _("defence"))):
        out.extend(f"{name} ({label})" for name in hand.silent[side])
    return out


def catalogue_columns(columns: int = 3) -> list[list[tuple[str, list]]]:
    """The groups split, in order, into ``columns`` columns of about equal height
    (a group's heading counts as a line); a group is never split."""
    groups = catalogue_groups()
    lines = sum(len(feasts) + 1 for _label, feasts in groups)
    per_column = -(-lines // columns)
    out: list[list[tuple[str, list]]] = [[]]
    height = 0
    for group in groups:
        size = len(group[1]) + 1
        if out[-1] and height + size > per_column and len(out) < columns:
            out.append([])
            height = 0
        out[-1].append(group)
        height += size
    return out


def paper_sheet(match: Match) -> dict[str, Any]:
    """Everything the A4 sheet prints: line-ups, the 8 (or tie-breaker) hand rows
    with running totals (R3: the attack alternates from the cut), results (R11)."""
    sheet = match_sheet(match)
    by_number = {hand.number: hand for hand in sheet["hands"]}
    names = {match.team_a_id: match.team_a.name, match.team_b_id: match.team_b.name}
    rows, total = [], [0, 0]
    for number in range(1, match.hands_expected + 1):
        hand = by_number.get(number)
        attack_id = match.attack_team_id(number)
        scores = running = None
        if hand is not None:
            a_attacks = hand.attack == match.team_a.name
            attack, defence = (
                hand.attack_result.get("score", 0),
                hand.defence_result.get("score", 0),
            )
            scores = (attack, defence) if a_attacks else (defence, attack)
            total = [total[0] + scores[0], total[1] + scores[1]]
            running = (total[0], total[1])
        rows.append(
            PaperRow(
                number,
                hand.attack if hand else names.get(attack_id, ""),
                hand,
                scores,
                running,
                _entries(hand) if hand else [],
            )
        )
    return {
        "lineups": sheet["lineups"],
        "results": sheet["results"],
        "rows": rows,
        "catalogue": catalogue_columns(),
        "filled": bool(sheet["hands"]),
    }
