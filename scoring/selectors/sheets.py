"""The score sheet of a match, hand by hand, as the public match page shows it."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from competitions.models import Lineup, Match, MatchResult
from scoring.engine import feast_name
from scoring.engine.catalogue import FEASTS
from scoring.models import Hand


@dataclass
class HandLine:
    number: int
    attack: str
    defence: str
    attack_result: dict[str, Any]
    defence_result: dict[str, Any]
    announcements: list[dict[str, Any]]
    silent: dict[str, list[str]]
    tricks: int | None
    # The day a hand was corrected after the match was completed (None: never).
    corrected: dt.date | None = None
    # The attack's consolation facts (R5: trumps, honours, middle), as entered or
    # derived from a play record; the defence's follow from them.
    attack_facts: dict[str, Any] = field(default_factory=dict)
    attack_team_id: int | None = None

    @property
    def rows(self) -> list[tuple[str, str, dict[str, Any]]]:
        return [
            ("attack", self.attack, self.attack_result),
            ("defence", self.defence, self.defence_result),
        ]


def match_sheet(match: Match) -> dict[str, Any]:
    """The score sheet hand by hand (three queries: line-ups, hands, results)."""
    names = {match.team_a_id: match.team_a.name, match.team_b_id: match.team_b.name}
    lineups = {
        lineup.team_id: lineup
        for lineup in Lineup.objects.filter(match=match).select_related(
            "driver", "catcher", "team"
        )
    }
    hands = []
    for hand in Hand.objects.filter(match=match).order_by("number"):
        attack = names.get(hand.attack_team_id, "")
        defence = next((n for t, n in names.items() if t != hand.attack_team_id), "")
        other = next((t for t in names if t != hand.attack_team_id), None)
        sides = {
            "attack": (attack, lineups.get(hand.attack_team_id)),
            "defence": (defence, lineups.get(other)),
        }
        derived = hand.result.get("derived") or {}
        silent = derived.get("silent") or hand.record.get("silent") or {}
        made = derived.get("made")
        announcements = [
            _announcement(item, made[index] if made else item.get("made"), sides)
            for index, item in enumerate(hand.record.get("announcements", []))
        ]
        tricks = (derived.get("tricks") or hand.record.get("tricks") or {}).get(
            "attack"
        )
        hands.append(
            HandLine(
                number=hand.number,
                attack=attack,
                defence=defence,
                attack_result=hand.result.get("attack", {}),
                defence_result=hand.result.get("defence", {}),
                announcements=announcements,
                silent={
                    "attack": [feast_name(c) for c in silent.get("attack", [])],
                    "defence": [feast_name(c) for c in silent.get("defence", [])],
                },
                tricks=tricks,
                corrected=_corrected(hand, match),
                attack_facts=derived.get("attack") or hand.record.get("attack") or {},
                attack_team_id=hand.attack_team_id,
            )
        )
    results = {r.team_id: r for r in MatchResult.objects.filter(match=match)}
    return {
        "lineups": [lineups.get(match.team_a_id), lineups.get(match.team_b_id)],
        "hands": hands,
        "results": [results.get(match.team_a_id), results.get(match.team_b_id)],
    }


def _player(lineup: Lineup | None, role: str | None) -> str:
    """The name of the player who sat in ``role`` (driver, catcher), from the
    line-up; "" when the line-up is not known."""
    if lineup is None or role not in ("driver", "catcher"):
        return ""
    return lineup.driver.name if role == "driver" else lineup.catcher.name


def _announcement(
    item: dict[str, Any], made: Any, sides: dict[str, tuple[str, Lineup | None]]
) -> dict[str, Any]:
    """One announcement as the page shows it: the feast, who announced it and who
    called a contra, by name from the line-ups, and the number a message states."""
    feast = FEASTS.get(item.get("feast", ""))
    team, lineup = sides.get(item.get("team", ""), ("", None))
    contra = item.get("contra")
    if isinstance(contra, dict):
        contra_team, contra_lineup = sides.get(contra.get("team", ""), ("", None))
        contra = {
            **contra,
            "team_name": contra_team,
            "player": _player(contra_lineup, contra.get("by")),
        }
    return {
        "name": feast_name(item.get("feast", "")),
        "value": feast.value if feast else None,
        "team": team,
        "side": item.get("team"),
        "by": item.get("by"),
        "player": _player(lineup, item.get("by")),
        "made": made,
        "contra": contra,
        "cards": item.get("cards") or [],
        "suits": item.get("suits") or [],
        "count": item.get("count"),
    }


def _corrected(hand: Hand, match: Match) -> dt.date | None:
    """A hand saved after its match was completed is a correction (it needed a
    reason, kept in the hand's history): the day it was corrected."""
    if match.completed_at is None or hand.updated_at <= match.completed_at:
        return None
    return timezone.localdate(hand.updated_at)


@dataclass
class CaptainHand:
    """A hand as a captain checks it: the sheet's line, and the scores in the
    match's team order (team A, team B) with the running totals."""

    line: HandLine
    scores: tuple[int, int]
    running: tuple[int, int]


def captain_sheet(match: Match) -> dict[str, Any]:
    """:func:`match_sheet` with each hand's scores per team and running totals."""
    sheet = match_sheet(match)
    total = (0, 0)
    hands = []
    for line in sheet["hands"]:
        attack = int(line.attack_result.get("score") or 0)
        defence = int(line.defence_result.get("score") or 0)
        scores = (
            (attack, defence)
            if line.attack_team_id == match.team_a_id
            else (defence, attack)
        )
        total = (total[0] + scores[0], total[1] + scores[1])
        hands.append(CaptainHand(line, scores, total))
    return {**sheet, "hands": hands, "totals": total}
