"""The score sheet of a match, hand by hand, as the public match page shows it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
        derived = hand.result.get("derived") or {}
        silent = derived.get("silent") or hand.record.get("silent") or {}
        made = derived.get("made")
        announcements = []
        for index, item in enumerate(hand.record.get("announcements", [])):
            feast = FEASTS.get(item.get("feast", ""))
            announcements.append(
                {
                    "name": feast_name(item.get("feast", "")),
                    "value": feast.value if feast else None,
                    "team": attack if item.get("team") == "attack" else defence,
                    "side": item.get("team"),
                    "by": item.get("by"),
                    "made": made[index] if made else item.get("made"),
                    "contra": item.get("contra"),
                    "cards": item.get("cards") or [],
                    "suits": item.get("suits") or [],
                }
            )
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
            )
        )
    results = {r.team_id: r for r in MatchResult.objects.filter(match=match)}
    return {
        "lineups": [lineups.get(match.team_a_id), lineups.get(match.team_b_id)],
        "hands": hands,
        "results": [results.get(match.team_a_id), results.get(match.team_b_id)],
    }
