"""Match services: scheduling, jury approvals, the cut, completion and voids (R3,
R11, R15). Line-ups are in ``lineups``, results in ``results``; hands are written by
``scoring.services.hands``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    JuryApproval,
    Lineup,
    Match,
    MatchResult,
    NoticeKind,
    Team,
)
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.selectors.matches import (
    championship_matches_played,
    in_championship,
    jury_approval_why,
    match_needs_jury_approval,
    match_start_datetime,
)
from competitions.services.finality import competition_open_guard, match_change_guard
from competitions.services.jury import jury_approve as jury_approve
from competitions.services.jury import match_refusal_check
from competitions.services.notices import notice_match, notice_match_scheduled
from competitions.services.referees import referee_check
from competitions.services.results import match_results_store
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.words import app_words

MATCH_FOLLOWUP = "match_completed"
# One follow-up for many matches stored together (a bulk import, issue 24).
MATCHES_FOLLOWUP = "matches_completed"


def match_cap_check(
    competition: Competition,
    counts: bool,
    teams: tuple[Team, Team],
    exclude: Match | None = None,
) -> None:
    if not in_championship(competition, counts):
        return
    for team in teams:
        played = championship_matches_played(
            team, competition.season_id, exclude=exclude
        )
        if played >= CHAMPIONSHIP_MATCH_CAP:
            ERRORS.refuse(
                "championship_cap_reached",
                team=team.name,
                count=played,
                year=competition.season.year,
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
    notify: bool = True,
) -> Match:
    """Schedule a match; refuses the 53rd championship match of a team (R15).
    Both sides are told (and the jury when the match needs its approval), unless
    ``notify`` is False (a played match being imported)."""
    if team_a.pk == team_b.pk:
        ERRORS.refuse("same_team_twice")
    if date.year != competition.season.year:
        ERRORS.refuse(
            "match_outside_season", date=human_date(date), year=competition.season.year
        )
    competition_open_guard(competition)
    counts = (
        competition.counts_for_championship
        if counts_for_championship is None
        else counts_for_championship
    )
    match_cap_check(competition, counts, (team_a, team_b))
    referee_check(referee, competition.season)
    match = Match.objects.create(
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
    if notify:
        notice_match_scheduled(match)
    return match


def match_check_playable(match: Match) -> None:
    """What must be settled before hands are entered: the cut, both line-ups, and the
    jury approval where R15 wants one (recorded before the match)."""
    if match.status == Match.Status.VOID:
        ERRORS.refuse("match_void")
    match_change_guard(match)
    match_refusal_check(match)
    if match_needs_jury_approval(match):
        approval = JuryApproval.objects.filter(match=match).first()
        if approval is None or approval.approved_at >= match_start_datetime(match):
            why = jury_approval_why(match)
            ERRORS.refuse("jury_approval_missing", why=why)
    if Lineup.objects.filter(match=match).count() != 2:
        ERRORS.refuse("lineups_missing")
    if match.first_attack_id is None:
        ERRORS.refuse("cut_missing")


def match_cut_set(*, match: Match, first_attack: Team) -> Match:
    """R3: the cut decides hand 1's attacking team; fixed once a hand is entered."""
    if first_attack.pk not in (match.team_a_id, match.team_b_id):
        ERRORS.refuse("team_not_in_match", team=first_attack.name)
    if match.hands.exists() and match.first_attack_id != first_attack.pk:
        ERRORS.refuse("cut_fixed")
    match.first_attack = first_attack
    match.save(update_fields=["first_attack"])
    return match


@transaction.atomic
def match_complete(*, match: Match, user: Any, early: bool = False) -> Match:
    """Complete a match: store its result, lock its hands for the referee, and queue
    the follow-up work (standings, trophies, cup) once the transaction commits. A
    match dated after today is completed only when ``early`` says the official or
    referee confirmed it (issue 20: a result typed into the wrong match, days ahead,
    went through without a word); the history says it was early."""
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=match.pk)
    )
    if locked.status == Match.Status.COMPLETED:
        ERRORS.refuse("match_completed")
    ahead = locked.date > timezone.localdate()
    if ahead and not early:
        ERRORS.refuse("early", field="early", date=human_date(locked.date))
    match_check_playable(locked)
    match_cap_check(
        locked.competition, locked.counts_for_championship, locked.teams, exclude=locked
    )
    match_results_store(locked)
    locked.status = Match.Status.COMPLETED
    locked.completed_at = timezone.now()
    history_mark(
        locked,
        user,  # no request names them in the worker or the command line
        app_words(
            gettext_noop("completed early, before its date %(date)s"),
            date=locked.date.isoformat(),
        )
        if ahead
        else app_words(gettext_noop("completed")),
    )
    locked.save(update_fields=["status", "completed_at"])
    match_followup_queue(locked)
    notice_match(NoticeKind.RESULT_COMPLETED, match=locked)
    match.status, match.completed_at = locked.status, locked.completed_at
    return locked


def match_followup_queue(match: Match) -> None:
    """After the commit: trophies, the cup's decision and the standings follow a
    completed, corrected or voided match (the wiring's ``match_completed``)."""
    followup_queue(MATCH_FOLLOWUP, match.pk)


def matches_followup_queue(match_ids: list[int], *, run: int | None = None) -> None:
    """After the commit: the follow-up of many matches completed together (a bulk
    import's matches, in the order they were stored; issue 24), which the wiring's
    ``matches_completed`` does for all of them at once, with the end state of
    their ``match_completed`` follow-ups one by one. ``run``: the import whose
    page tells when this work is done."""
    if not match_ids:
        return
    if run is None:
        followup_queue(MATCHES_FOLLOWUP, list(match_ids))
    else:
        followup_queue(MATCHES_FOLLOWUP, list(match_ids), run=run)


@transaction.atomic
def match_void(*, match: Match, user: Any, reason: str) -> Match:
    """An official voids a match (kept, with history; it no longer counts). A
    completed match's follow-up is undone by the queued ``match_completed``: its
    results go now, its trophies, the cup tie's decision and the standings follow."""
    if not reason.strip():
        ERRORS.refuse("void_reason_missing", field="reason")
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season")
        .get(pk=match.pk)
    )
    if locked.status == Match.Status.VOID:
        ERRORS.refuse("void_already")
    match_change_guard(locked)
    locked.status = Match.Status.VOID
    history_mark(locked, user, reason.strip())
    locked.save(update_fields=["status"])
    MatchResult.objects.filter(match=locked).delete()
    match_followup_queue(locked)
    notice_match(NoticeKind.MATCH_VOIDED, match=locked, note=reason)
    match.status = locked.status
    return locked


@transaction.atomic
def match_referee_set(*, match: Match, referee: Any) -> Match:
    """An official assigns the match's referee (None: nobody, or one of the
    season's pool); a new referee of a match still to be played is told of it."""
    referee_check(referee, match.competition.season)
    changed = match.referee_id != getattr(referee, "pk", None)
    match.referee = referee
    match.save(update_fields=["referee"])
    if changed and referee is not None and match.status == Match.Status.SCHEDULED:
        notice_match(NoticeKind.MATCH_SCHEDULED, match=match, only=[referee])
    return match
