"""The rows of one plain match of a bulk import (``bulk``): what the services'
match_create, jury_approve, lineup_set, hand_save and match_results_store write for
it, built in memory to be written with the other matches of its batch."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import JuryApproval, Lineup, Match, MatchResult, Player, Team
from competitions.services.results import best_trophies
from scoring.engine import score_match_record
from scoring.models import Hand
from scoring.services.imports.checks import PlannedMatch

_HAND_RESULT_DROPPED = frozenset({"valid", "errors", "attack_team"})


@dataclass
class Pending:
    """A planned match, written at the next flush; ``notify``: a captain of one
    of its teams is told of the result (match_complete's notice)."""

    match: Match
    approval: JuryApproval | None
    lineups: list[Lineup]
    hands: list[Hand]
    results: list[MatchResult]
    notify: bool


def match_rows(
    one: PlannedMatch,
    match: Match,
    season: Any,
    teams: tuple[Team, Team],
    pairs: list[tuple[Player, Player]],
    user: Any,
    notify: bool,
) -> Pending:
    """The rows match_create … match_complete write for a plain match: its jury
    approval (R15), line-ups, hands and results (R11), from the engine's verdict of
    the file's record (judged again only when the stored names differ)."""
    team_a, team_b = teams
    record: dict[str, Any] = {
        "format": "royal-tarokk-match/1",
        "teams": [team_a.name, team_b.name],
        "first_attack": match.first_attack.name,
        "hands": one.hands,
    }
    if match.tiebreak:
        record["tiebreak"] = True
    judged = one.judged
    if judged is None or set(judged.get("teams") or ()) != set(record["teams"]):
        judged = score_match_record(record)  # names stored without spaces
    approval = None
    if not one.public or one.date < season.annual_meeting:
        # As store._store_match: the import stands as the jury approval (R15).
        approval = JuryApproval(
            match=match,
            approved_by=user,
            approved_at=timezone.make_aware(
                dt.datetime.combine(one.date, dt.time(0, 0))
            )
            - dt.timedelta(minutes=1),
            note=_("Imported from a matches file: the import stands as the approval."),
        )
    hands = []
    for number, (hand, result) in enumerate(
        zip(one.hands, judged["hands"], strict=True), start=1
    ):
        kept = {k: v for k, v in result.items() if k not in _HAND_RESULT_DROPPED}
        hands.append(
            Hand(
                match=match,
                number=number,
                record=hand,
                result=kept,
                attack_team_id=match.attack_team_id(number),
                attack_score=kept["attack"]["score"],
                defence_score=kept["defence"]["score"],
                updated_by=user,
            )
        )
    best = best_trophies(record, judged)
    results = [
        MatchResult(
            match=match,
            team=team,
            opponent=opponent,
            total=judged["teams"][team.name]["total"],
            points=judged["teams"][team.name]["points"],
            best_trophy=best[team.name],
        )
        for team, opponent in ((team_a, team_b), (team_b, team_a))
    ]
    lineups = [
        Lineup(match=match, team=team, driver=driver, catcher=catcher)
        for team, (driver, catcher) in zip(teams, pairs, strict=True)
    ]
    return Pending(match, approval, lineups, hands, results, notify)
