"""The paper score sheet of a match (A4): blank for a scheduled match, filled with
the hands entered so far; the catalogue of the 70 announcements (R13) with their
values, grouped as on the paper sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from competitions.models import Match
from scoring.engine.cards import MIDDLE
from scoring.engine.catalogue import FEASTS, Group
from scoring.engine.made import group_name
from scoring.selectors.sheets import HandLine, match_sheet


@dataclass
class PaperRow:
    number: int
    attack: str
    hand: HandLine | None
    scores: tuple[int, int] | None  # team_a, team_b
    running: tuple[int, int] | None
    # The attack's facts as the sheet prints them (R5): trumps, Honours, and a mark
    # for each of XVI, XVII, XVIII (held or not); empty for a hand not entered.
    facts: list[str] = field(default_factory=list)
    announcements: list[str] = field(default_factory=list)
    silent: list[str] = field(default_factory=list)


def catalogue_groups() -> list[tuple[str, list[tuple[str, str, int]]]]:
    """(group label, [(code, name, value)]): R13's group column, each group once in
    the order it first appears, its feasts in catalogue order."""
    groups: dict[Group, list[tuple[str, str, int]]] = {}
    for code, feast in FEASTS.items():
        groups.setdefault(feast.group, []).append((code, _(feast.name), feast.value))
    return [(group_name(group), rows) for group, rows in groups.items()]


def _facts(hand: HandLine) -> list[str]:
    """The attack's trumps, Honours and XVI, XVII, XVIII held (✔) or not (–)."""
    facts = hand.attack_facts
    held = set(facts.get("middle") or [])
    numbers = [str(facts.get(key, "")) for key in ("trumps", "honours")]
    return numbers + ["✔" if card in held else "–" for card in MIDDLE]


def _who(team: str, player: str) -> str:
    """The player by name (the line-ups above say their team), else the team."""
    return player or team


def _announcements(hand: HandLine) -> list[str]:
    """Each announcement as one line with every fact the hand form asks (R6, R8,
    R12): the feast with its declared count, cards and suits, who announced it,
    made ✔ or failed ✘, and who called a contra."""
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
        line = f"{detail} — {_who(item['team'], item['player'])} "
        line += "✔" if item["made"] else "✘"
        contra = item["contra"]
        if isinstance(contra, dict):
            who = _who(contra.get("team_name", ""), contra.get("player", ""))
            line += f" · {_('contra')}: {who}"
        out.append(line)
    return out


def _silent(hand: HandLine) -> list[str]:
    sides = (("attack", _("attack")), ("defence", _("defence")))
    return [f"{name} ({label})" for side, label in sides for name in hand.silent[side]]


def catalogue_columns(columns: int = 5) -> list[list[tuple[str, list]]]:
    """The groups, in order, in ``columns`` columns of about equal height (a
    group's heading counts as a line): the lowest height they fit in. A group goes
    longer than half a column (the 25 trophies) goes on in the next column under
    its heading again ("continued"), at least two of its feasts in each part, so
    it does not make one column twice as tall as the others."""
    groups = catalogue_groups()
    lines = sum(len(feasts) + 1 for _label, feasts in groups)
    height = -(-lines // columns)
    while True:
        packed = _packed(groups, height)
        if len(packed) <= columns:
            return packed
        height += 1


def _packed(groups: list, height: int) -> list[list[tuple[str, list]]]:
    out: list[list[tuple[str, list]]] = [[]]
    used = 0
    for label, feasts in groups:
        rest = list(feasts)
        # Only a long group is split (the trophies): a short one starts a column.
        least = 2 if len(feasts) > height // 2 else len(feasts)
        while rest:
            room = height - used - 1
            if room < min(len(rest), least):
                out.append([])
                used = 0
                continue
            take = rest[:room]
            if 0 < len(rest) - len(take) < 2:  # never one feast alone on
                take = rest[: len(rest) - 2]
            heading = label
            if len(rest) < len(feasts):
                heading = _("%(group)s (continued)") % {"group": label}
            out[-1].append((heading, take))
            used += len(take) + 1
            rest = rest[len(take) :]
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
                _facts(hand) if hand else [],
                _announcements(hand) if hand else [],
                _silent(hand) if hand else [],
            )
        )
    return {
        "lineups": sheet["lineups"],
        "results": sheet["results"],
        "rows": rows,
        "catalogue": catalogue_columns(),
        "filled": bool(sheet["hands"]),
    }
