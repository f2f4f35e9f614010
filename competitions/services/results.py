"""A completed match's results (R11) and the captains' answers to them.

``best_trophies(record, judged)`` — each team's highest-ranking made trophy of a
judged match record (R15's tie-break), the value a ``MatchResult`` keeps as
``best_trophy``: used here when a match's results are stored and by the bulk import
of past seasons, so both store the same."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Lineup, Match, MatchResult, NoticeKind, Team
from competitions.rules.standings import best_trophy
from competitions.selectors.matches import match_as_record
from competitions.selectors.teams import is_captain_of
from competitions.services.captains import captain_check
from competitions.services.finality import match_change_guard
from competitions.services.notices import notice_match
from scoring.engine import hand_sides, match_totals, score_match_record, trophies_made
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.people import person_name
from tarokk_admin.core.words import app_words


@transaction.atomic
def match_results_store(match: Match) -> list[MatchResult]:
    """Judge the match's hands as a match record and store each team's total and
    points (R11; a tie-breaker's points are its raw total, R15). Refused for a
    final year, or a closed competition without the jury's approval (R15)."""
    match_change_guard(match)
    numbers = sorted(match.hands.values_list("number", flat=True))
    expected = list(range(1, match.hands_expected + 1))
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        ERRORS.refuse(
            "hands_missing",
            n=match.hands_expected,
            missing=", ".join(map(str, missing)),
        )
    record = match_as_record(match)
    result = score_match_record(record)
    if not result["valid"]:
        first = result["errors"][0]
        ERRORS.refuse(
            "stored_hand_invalid", path=first["path"], message=first["message"]
        )
    best = best_trophies(record, result)
    stored = []
    existing = {row.team_id: row for row in MatchResult.objects.filter(match=match)}
    for team, opponent in ((match.team_a, match.team_b), (match.team_b, match.team_a)):
        numbers_ = result["teams"][team.name]
        row = existing.get(team.pk) or MatchResult(match=match, team=team)
        changed = (row.total, row.points) != (numbers_["total"], numbers_["points"])
        if row.pk is not None and not changed and row.best_trophy == best[team.name]:
            stored.append(row)
            continue
        if row.pk is not None and changed:
            # A corrected result must be confirmed again by the captains; an open
            # dispute stays open until an official resolves it (``disputes``).
            if row.answer != MatchResult.Answer.DISPUTED:
                row.answer = MatchResult.Answer.PENDING
                row.answered_by, row.answered_at = None, None
            history_mark(row, None, app_words(gettext_noop("result corrected")))
        row.opponent = opponent
        row.total, row.points = numbers_["total"], numbers_["points"]
        row.best_trophy = best[team.name]
        row.save()
        stored.append(row)
    return stored


@dataclass(frozen=True)
class HandPlayed:
    """A hand of a bulk-stored match: its judged scores and the trophies it made, as
    ``(side, feast)`` with side "attack" or "defence"."""

    attack: int
    defence: int
    made: tuple[tuple[str, str], ...] = ()


@transaction.atomic
def match_results_bulk_store(
    played: Sequence[tuple[Match, Sequence[HandPlayed]]], batch_size: int = 2000
) -> list[MatchResult]:
    """The first results of many completed matches at once (the seeds' bulk path,
    hands already judged one by one): the numbers ``match_results_store`` stores,
    from the same rules (R3's sides and R11's points from the engine, R15's best
    trophy), in one bulk insert."""
    rows = []
    for match, hands in played:
        teams = (match.team_a_id, match.team_b_id)
        first = match.first_attack_id
        scores = [(hand.attack, hand.defence) for hand in hands]
        numbers = match_totals(teams, first, scores, bool(match.tiebreak))
        made: dict[int, list[str]] = {team: [] for team in teams}
        for number, hand in enumerate(hands, start=1):
            attack, defence = hand_sides(teams, first, number)
            sides = {"attack": attack, "defence": defence}
            for side, feast in hand.made:
                made[sides[side]].append(feast)
        for team, opponent in (teams, teams[::-1]):
            rows.append(
                MatchResult(
                    match=match,
                    team_id=team,
                    opponent_id=opponent,
                    total=numbers[team]["total"],
                    points=numbers[team]["points"],
                    best_trophy=best_trophy(made[team]) or "",
                )
            )
    return MatchResult.objects.bulk_create(rows, batch_size=batch_size)


@transaction.atomic
def result_answer(
    *, match: Match, team: Team, user: Any, confirm: bool, note: str = ""
) -> MatchResult:
    """The team's captain of the match's season confirms a completed result, or
    disputes it with a note that officials see."""
    if match.status != Match.Status.COMPLETED:
        ERRORS.refuse("result_not_completed")
    captain_check(user, team, match.competition.season_id)
    return _answer(match=match, team=team, user=user, confirm=confirm, note=note)


def _answer(
    *, match: Match, team: Team, user: Any, confirm: bool, note: str
) -> MatchResult:
    if not confirm and not note.strip():
        ERRORS.refuse("result_objection_missing", field="note")
    row = MatchResult.objects.filter(match=match, team=team).first()
    if row is None:
        ERRORS.refuse("team_not_in_match", team=team.name)
    row.answer = (
        MatchResult.Answer.CONFIRMED if confirm else MatchResult.Answer.DISPUTED
    )
    row.answer_note = note
    row.answered_by = user
    row.answered_at = timezone.now()
    row.save()
    if not confirm:
        note_text = _("%(team)s: %(note)s") % {"team": team.name, "note": note.strip()}
        notice_match(NoticeKind.RESULT_DISPUTED, match=match, note=note_text)
    return row


def result_table_accept(*, match: Match, team: Team, user: Any) -> MatchResult:
    """A team accepts the completed result at the table, on the referee's device: its
    captain of the match's season or the driver who played for it in this match
    signs in there; recorded as the team's confirmation, by that user."""
    if match.status != Match.Status.COMPLETED:
        ERRORS.refuse("result_not_completed")
    lineup = Lineup.objects.filter(match=match, team=team).select_related("driver")
    driver_user = next((row.driver.user_id for row in lineup), None)
    captain = is_captain_of(user, team.pk, match.competition.season_id)
    if not captain and (driver_user is None or driver_user != user.pk):
        ERRORS.refuse("not_the_teams_side", user=person_name(user), team=team.name)
    return _answer(
        match=match,
        team=team,
        user=user,
        confirm=True,
        note=_("Accepted at the table."),
    )


def best_trophies(record: dict[str, Any], judged: dict[str, Any]) -> dict[str, str]:
    """Each team's highest-ranking made trophy of the match (R15's tie-break), by team
    name; "" when it made none. ``record`` is a match record (HAND_RECORD.md) and
    ``judged`` the engine's result of it (``score_match_record``). Reads only."""
    made: dict[str, list[str]] = {name: [] for name in record["teams"]}
    for hand, result in zip(record["hands"], judged["hands"], strict=True):
        attack = result["attack_team"]
        defence = next(name for name in made if name != attack)
        for _index, announcement in trophies_made(hand, result):
            side = attack if announcement.get("team") == "attack" else defence
            made[side].append(announcement["feast"])
    return {name: best_trophy(codes) or "" for name, codes in made.items()}
