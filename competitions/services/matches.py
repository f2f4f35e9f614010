"""Match services: scheduling, line-ups, jury approvals, the cut, completion (R3, R11,
R15). Hands are written by ``scoring.services``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import (
    Competition,
    CupRegistration,
    JuryApproval,
    Lineup,
    Match,
    MatchResult,
    Membership,
    Player,
    Team,
)
from competitions.services import ServiceError
from scoring.engine import score_match_record
from tarokk_admin.background import task_enqueue_on_commit

CHAMPIONSHIP_MATCH_CAP = 52  # R15


def match_start_datetime(match: Match) -> dt.datetime:
    """When the match starts (its date at midnight when no time is set)."""
    naive = dt.datetime.combine(match.date, match.time or dt.time(0, 0))
    return timezone.make_aware(naive)


def match_needs_jury_approval(match: Match) -> bool:
    """R15: a match not played in public, or dated before the annual meeting."""
    return not match.public or match.date < match.competition.season.annual_meeting


def _counts_for_championship(competition: Competition, counts: bool) -> bool:
    return competition.kind == Competition.Kind.CHAMPIONSHIP or counts


def championship_matches_played(
    team: Team, season_id: int, *, exclude: Match | None = None
) -> int:
    """The team's championship matches of the season, void ones left out (R15)."""
    matches = Match.objects.filter(
        Q(team_a=team) | Q(team_b=team),
        competition__season_id=season_id,
    ).exclude(status=Match.Status.VOID)
    matches = matches.filter(
        Q(competition__kind=Competition.Kind.CHAMPIONSHIP)
        | Q(counts_for_championship=True)
    )
    if exclude is not None:
        matches = matches.exclude(pk=exclude.pk)
    return matches.count()


def _check_cap(
    competition: Competition,
    counts: bool,
    teams: tuple[Team, Team],
    exclude: Match | None = None,
) -> None:
    if not _counts_for_championship(competition, counts):
        return
    for team in teams:
        played = championship_matches_played(
            team, competition.season_id, exclude=exclude
        )
        if played >= CHAMPIONSHIP_MATCH_CAP:
            raise ServiceError(
                _(
                    "%(team)s has already played %(count)s championship matches in "
                    "%(year)s; a team plays at most 52 a season (R15)."
                )
                % {"team": team.name, "count": played, "year": competition.season.year}
            )


def match_create(
    *,
    competition: Competition,
    team_a: Team,
    team_b: Team,
    date: dt.date,
    time: dt.time | None = None,
    venue: str = "",
    public: bool = True,
    referee: Any = None,
    tie: Any = None,
    tiebreak: int = 0,
    round: int | None = None,
    counts_for_championship: bool | None = None,
) -> Match:
    """Schedule a match; refuses the 53rd championship match of a team (R15)."""
    if team_a.pk == team_b.pk:
        raise ServiceError(_("A match is played between two different teams."))
    if date.year != competition.season.year:
        raise ServiceError(
            _("The match date %(date)s is outside the %(year)s season.")
            % {"date": date.isoformat(), "year": competition.season.year}
        )
    counts = (
        competition.counts_for_championship
        if counts_for_championship is None
        else counts_for_championship
    )
    _check_cap(competition, counts, (team_a, team_b))
    return Match.objects.create(
        competition=competition,
        team_a=team_a,
        team_b=team_b,
        date=date,
        time=time,
        venue=venue,
        public=public,
        referee=referee,
        tie=tie,
        tiebreak=tiebreak,
        round=round,
        counts_for_championship=counts,
    )


def lineup_candidates(match: Match, team: Team) -> dict[int, str]:
    """Player id -> the role allowed in this match's line-up (R15): the season's
    members; in the cup only the registered driver and catcher, no substitute."""
    competition = match.competition
    if competition.kind == Competition.Kind.CUP:
        registration = CupRegistration.objects.filter(
            competition=competition, team=team, withdrawn_at__isnull=True
        ).first()
        if registration is not None:
            return {
                registration.driver_id: "driver",
                registration.catcher_id: "catcher",
            }
        members = Membership.objects.filter(
            season_id=competition.season_id,
            team=team,
            role__in=[Membership.Role.DRIVER, Membership.Role.CATCHER],
        )
        return {m.player_id: m.role for m in members}
    members = Membership.objects.filter(season_id=competition.season_id, team=team)
    return {m.player_id: m.role for m in members}


def lineup_set(*, match: Match, team: Team, driver: Player, catcher: Player) -> Lineup:
    """Who plays driver and catcher for a team (R15): members only; a substitute may
    take either role in the championship, never in the cup; nobody on both sides."""
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise ServiceError(
            _("%(team)s does not play this match.") % {"team": team.name}
        )
    if match.status in (Match.Status.COMPLETED, Match.Status.VOID):
        raise ServiceError(_("The line-up of a completed or void match cannot change."))
    if driver.pk == catcher.pk:
        raise ServiceError(
            _("The driver and the catcher must be two different players.")
        )
    eligible = lineup_candidates(match, team)
    is_cup = match.competition.kind == Competition.Kind.CUP
    for player, role in ((driver, "driver"), (catcher, "catcher")):
        if player.pk not in eligible:
            reason = (
                _("the cup admits only the team's registered driver and catcher (R15)")
                if is_cup
                else _("only the team's members of the season may play (R15)")
            )
            raise ServiceError(
                _("%(player)s cannot play for %(team)s: %(reason)s.")
                % {"player": player.name, "team": team.name, "reason": reason},
                field=role,
            )
        if eligible[player.pk] != "substitute" and eligible[player.pk] != role:
            raise ServiceError(
                _("%(player)s is the team's %(their)s and cannot play %(role)s (R15).")
                % {
                    "player": player.name,
                    "their": _(eligible[player.pk]),
                    "role": _(role),
                },
                field=role,
            )
    other = Lineup.objects.filter(match=match).exclude(team=team).first()
    if other and {driver.pk, catcher.pk} & {other.driver_id, other.catcher_id}:
        raise ServiceError(_("A player cannot play on both sides of a match."))
    lineup, _created = Lineup.objects.update_or_create(
        match=match, team=team, defaults={"driver": driver, "catcher": catcher}
    )
    return lineup


def jury_approve(
    *, match: Match, user: Any, note: str = "", when: dt.datetime | None = None
) -> JuryApproval:
    """Record the jury's approval; R15 wants it recorded before the match."""
    when = when or timezone.now()
    if match.status != Match.Status.SCHEDULED or when >= match_start_datetime(match):
        raise ServiceError(
            _("A jury approval must be recorded before the match starts (R15).")
        )
    approval, _created = JuryApproval.objects.update_or_create(
        match=match, defaults={"approved_by": user, "approved_at": when, "note": note}
    )
    return approval


def match_check_playable(match: Match) -> None:
    """What must be settled before hands are entered: the cut, both line-ups, and the
    jury approval where R15 wants one (recorded before the match)."""
    if match.status == Match.Status.VOID:
        raise ServiceError(_("This match is void."))
    if match_needs_jury_approval(match):
        approval = JuryApproval.objects.filter(match=match).first()
        if approval is None or approval.approved_at >= match_start_datetime(match):
            why = (
                _("it is not played in public")
                if not match.public
                else _("it is dated before the annual meeting")
            )
            raise ServiceError(
                _(
                    "This match needs a jury approval recorded before the match, "
                    "because %(why)s (R15)."
                )
                % {"why": why}
            )
    if Lineup.objects.filter(match=match).count() != 2:
        raise ServiceError(_("Enter both teams' line-ups first (R15)."))
    if match.first_attack_id is None:
        raise ServiceError(
            _("Enter the cut (which team attacks in hand 1) first (R3).")
        )


def match_cut_set(*, match: Match, first_attack: Team) -> Match:
    """R3: the cut decides hand 1's attacking team; fixed once a hand is entered."""
    if first_attack.pk not in (match.team_a_id, match.team_b_id):
        raise ServiceError(
            _("%(team)s does not play this match.") % {"team": first_attack.name}
        )
    if match.hands.exists() and match.first_attack_id != first_attack.pk:
        raise ServiceError(_("The cut cannot change once hands are entered."))
    match.first_attack = first_attack
    match.save(update_fields=["first_attack"])
    return match


def match_record(match: Match) -> dict[str, Any]:
    """The match as a match record (royal-tarokk-match/1, HAND_RECORD.md)."""
    first = match.team_a if match.first_attack_id == match.team_a_id else match.team_b
    record: dict[str, Any] = {
        "format": "royal-tarokk-match/1",
        "teams": [match.team_a.name, match.team_b.name],
        "first_attack": first.name,
        "hands": [hand.record for hand in match.hands.order_by("number")],
    }
    if match.tiebreak:
        record["tiebreak"] = True
    return record


@transaction.atomic
def match_results_store(match: Match) -> list[MatchResult]:
    """Judge the match's hands as a match record and store each team's total and
    points (R11; a tie-breaker's points are its raw total, R15)."""
    numbers = sorted(match.hands.values_list("number", flat=True))
    expected = list(range(1, match.hands_expected + 1))
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        raise ServiceError(
            _("The match has %(n)s hands; enter hand(s) %(missing)s first.")
            % {"n": match.hands_expected, "missing": ", ".join(map(str, missing))}
        )
    result = score_match_record(match_record(match))
    if not result["valid"]:
        first = result["errors"][0]
        raise ServiceError(
            _("A stored hand is no longer valid: %(path)s %(message)s")
            % {"path": first["path"], "message": first["message"]}
        )
    stored = []
    existing = {row.team_id: row for row in MatchResult.objects.filter(match=match)}
    for team, opponent in ((match.team_a, match.team_b), (match.team_b, match.team_a)):
        numbers_ = result["teams"][team.name]
        row = existing.get(team.pk) or MatchResult(match=match, team=team)
        changed = (row.total, row.points) != (numbers_["total"], numbers_["points"])
        if row.pk is not None and not changed:
            stored.append(row)
            continue
        if row.pk is not None:
            # A corrected result must be confirmed again by the captains.
            row.answer = MatchResult.Answer.PENDING
            row.answered_by, row.answered_at = None, None
            row._change_reason = _("result corrected")  # type: ignore[attr-defined]
        row.opponent = opponent
        row.total, row.points = numbers_["total"], numbers_["points"]
        row.save()
        stored.append(row)
    return stored


@transaction.atomic
def match_complete(*, match: Match, user: Any) -> Match:
    """Complete a match: store its result, lock its hands for the referee, and queue
    the follow-up work (standings, trophies, cup) once the transaction commits."""
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=match.pk)
    )
    if locked.status == Match.Status.COMPLETED:
        raise ServiceError(_("This match is already completed."))
    match_check_playable(locked)
    _check_cap(
        locked.competition, locked.counts_for_championship, locked.teams, exclude=locked
    )
    match_results_store(locked)
    locked.status = Match.Status.COMPLETED
    locked.completed_at = timezone.now()
    locked._change_reason = _("completed")  # type: ignore[attr-defined]
    locked.save(update_fields=["status", "completed_at"])
    match_followup_queue(locked)
    match.status, match.completed_at = locked.status, locked.completed_at
    return locked


def match_followup_queue(match: Match) -> None:
    from competitions.tasks import match_completed

    task_enqueue_on_commit(match_completed, match.pk)


@transaction.atomic
def match_void(*, match: Match, user: Any, reason: str) -> Match:
    """An official voids a match (kept, with history; it no longer counts)."""
    if not reason.strip():
        raise ServiceError(_("Say why the match is void."), field="reason")
    match.status = Match.Status.VOID
    match._change_reason = reason  # type: ignore[attr-defined]
    match.save(update_fields=["status"])
    MatchResult.objects.filter(match=match).delete()
    match_followup_queue(match)
    return match


def result_answer(
    *, match: Match, team: Team, user: Any, confirm: bool, note: str = ""
) -> MatchResult:
    """A team captain confirms a completed result, or disputes it with a note that
    officials see."""
    if match.status != Match.Status.COMPLETED:
        raise ServiceError(_("Only a completed match's result can be confirmed."))
    if not confirm and not note.strip():
        raise ServiceError(_("Say what is wrong with the result."), field="note")
    row = MatchResult.objects.filter(match=match, team=team).first()
    if row is None:
        raise ServiceError(
            _("%(team)s does not play this match.") % {"team": team.name}
        )
    row.answer = (
        MatchResult.Answer.CONFIRMED if confirm else MatchResult.Answer.DISPUTED
    )
    row.answer_note = note
    row.answered_by = user
    row.answered_at = timezone.now()
    row.save()
    return row


def match_referee_set(*, match: Match, referee: Any) -> Match:
    """An official assigns the match's referee (None: nobody)."""
    match.referee = referee
    match.save(update_fields=["referee"])
    return match
