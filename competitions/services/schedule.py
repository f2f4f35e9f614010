"""The schedule (R15): an official schedules a championship or Royal free match,
moves or postpones it, assigns its referee. Every check is made when the match is
scheduled, not only at completion: the season's dates, the teams entered in the
competition, no team twice on one date, the 52-match cap. Voiding is
``matches.match_void``; a fixtures file goes through ``fixtures``.

Postponing (README "The schedule"): a postponed match gets a new, later date, with
the reason kept in its history; there is no "postponed" status with no date.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Competition, Match, NoticeKind, Team
from competitions.selectors.schedule import (
    SCHEDULED_KINDS,
    competition_team_ids,
    matches_on_day,
    same_match,
)
from competitions.services.cup.ties import cup_calendar_check
from competitions.services.matches import match_cap_check
from competitions.services.notices import notice_match, notice_match_scheduled
from competitions.services.referees import referee_check
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.words import app_words

VENUE_MAX = 120


def schedule_date_check(competition: Competition, date: dt.date) -> None:
    """R15: inside the competition's season (and its own dates, when it has any)."""
    season = competition.season
    if date.year != season.year:
        ERRORS.refuse(
            "match_outside_season",
            field="date",
            date=human_date(date),
            year=season.year,
        )
    if (competition.starts and date < competition.starts) or (
        competition.ends and date > competition.ends
    ):
        ERRORS.refuse(
            "match_outside_competition",
            field="date",
            name=competition.title,
            starts=competition.starts or "…",
            ends=competition.ends or "…",
            date=human_date(date),
        )


def schedule_teams_check(
    competition: Competition,
    team_a: Team,
    team_b: Team,
    date: dt.date,
    exclude: Match | None = None,
) -> None:
    """R15: two different teams, both entered in the competition, neither playing
    another match that day."""
    if team_a.pk == team_b.pk:
        ERRORS.refuse("same_team_twice", field="team_b")
    entered = competition_team_ids(competition)
    for field, team in (("team_a", team_a), ("team_b", team_b)):
        if team.pk not in entered:
            ERRORS.refuse(
                "team_not_in_competition",
                field=field,
                team=team.name,
                name=competition.title,
                year=competition.season.year,
            )
    busy = matches_on_day(
        competition.season_id, date, (team_a.pk, team_b.pk), exclude
    ).select_related("team_a", "team_b")
    for other in busy:
        team = team_a if team_a.pk in (other.team_a_id, other.team_b_id) else team_b
        ERRORS.refuse(
            "team_plays_that_day",
            field="date",
            team=team.name,
            date=human_date(date),
            match=f"{other.team_a.name} – {other.team_b.name}",
        )


def competition_lock(competition: Competition) -> Competition:
    """Two officials scheduling at once wait for each other here: the second sees
    the first's match (PostgreSQL row lock; SQLite takes its write lock)."""
    Competition.objects.filter(pk=competition.pk).update(name=F("name"))
    return (
        Competition.objects.select_for_update()
        .select_related("season")
        .get(pk=competition.pk)
    )


@transaction.atomic
def match_schedule(
    *,
    competition: Competition,
    team_a: Team,
    team_b: Team,
    date: dt.date,
    user: Any,
    time: dt.time | None = None,
    venue: str = "",
    public: bool = True,
    referee: Any = None,
) -> Match:
    """Schedule a championship or Royal free match (R15), refused with the reason:
    another kind, a date outside the season, a team not entered or busy that day,
    the same match twice, a 53rd championship match, a referee who is not one."""
    competition = competition_lock(competition)
    if competition.kind not in SCHEDULED_KINDS:
        ERRORS.refuse(
            "scheduled_elsewhere", field="competition", name=competition.title
        )
    if len(venue) > VENUE_MAX:
        ERRORS.refuse("venue_too_long", field="venue", n=VENUE_MAX)
    schedule_date_check(competition, date)
    existing = same_match(competition, date, team_a.pk, team_b.pk)
    if existing is not None:
        ERRORS.refuse(
            "match_already_scheduled",
            a=team_a.name,
            b=team_b.name,
            date=human_date(date),
        )
    schedule_teams_check(competition, team_a, team_b, date)
    referee_check(referee, competition.season)
    match_cap_check(competition, competition.counts_for_championship, (team_a, team_b))
    match = Match(
        competition=competition,
        team_a=team_a,
        team_b=team_b,
        date=date,
        time=time,
        venue=venue,
        public=public,
        referee=referee,
        counts_for_championship=competition.counts_for_championship,
    )
    history_mark(match, user, app_words(gettext_noop("scheduled")))
    match.save()
    notice_match_scheduled(match)
    return match


def _movable(match: Match) -> Match:
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related(
            "competition__season", "team_a", "team_b", "tie__competition__season"
        )
        .get(pk=match.pk)
    )
    if locked.status != Match.Status.SCHEDULED:
        ERRORS.refuse("move_started", status=locked.get_status_display())
    return locked


@transaction.atomic
def match_move(
    *,
    match: Match,
    date: dt.date,
    user: Any,
    time: dt.time | None = None,
    venue: str = "",
    reason: str = "",
    public: bool | None = None,
) -> Match:
    """Move a match not started yet to another date, time or venue (and, with
    ``public``, in public or not: a match the jury refused is played once it needs
    no approval, R15); the same checks as scheduling it, the match itself left
    out. Both sides hear that it is moved."""
    locked = _movable(match)
    _reschedule(locked, date, time, venue)
    fields = ["date", "time", "venue"]
    said = gettext_noop("moved")
    if public is not None and public != locked.public:
        locked.public = public
        fields.append("public")
        said = (
            gettext_noop("rescheduled in public")
            if public
            else gettext_noop("rescheduled not in public")
        )
    history_mark(locked, user, reason or app_words(said))
    locked.save(update_fields=fields)
    note = reason or ("" if said == "moved" else _(said))
    notice_match(NoticeKind.MATCH_MOVED, match=locked, note=note)
    return locked


def _reschedule(locked: Match, date: dt.date, time: dt.time | None, venue: str) -> None:
    """Check the new date, time and venue of a match not started yet (as when it
    was scheduled, the match itself left out) and set them, unsaved."""
    if len(venue) > VENUE_MAX:
        ERRORS.refuse("venue_too_long", field="venue", n=VENUE_MAX)
    if locked.tie_id is not None:
        cup_calendar_check(locked.tie, date)  # R15: in the round's month
    if locked.tie_id is None and locked.round is None:
        schedule_date_check(locked.competition, date)
    elif date.year != locked.competition.season.year:
        ERRORS.refuse(
            "match_outside_season",
            field="date",
            date=human_date(date),
            year=locked.competition.season.year,
        )
    if date != locked.date:
        schedule_teams_check(
            locked.competition, locked.team_a, locked.team_b, date, locked
        )
    locked.date, locked.time, locked.venue = date, time, venue


@transaction.atomic
def match_postpone(
    *,
    match: Match,
    date: dt.date,
    user: Any,
    reason: str,
    time: dt.time | None = None,
) -> Match:
    """Postpone a match not started yet to a later date, at its venue; the reason
    is required, kept in its history and told to both sides (``match_postponed``)."""
    reason = reason.strip()
    if not reason:
        ERRORS.refuse("postpone_reason_missing", field="reason")
    locked = _movable(match)
    if date <= locked.date:
        ERRORS.refuse("postponed_not_later", field="date", date=human_date(locked.date))
    _reschedule(locked, date, time, locked.venue)
    history_mark(
        locked, user, app_words(gettext_noop("postponed: %(reason)s"), reason=reason)
    )
    locked.save(update_fields=["date", "time", "venue"])
    notice_match(NoticeKind.MATCH_POSTPONED, match=locked, note=reason)
    return locked


@transaction.atomic
def match_referee_assign(*, match: Match, referee: Any, user: Any) -> Match:
    """Assign the match's referee (an account in the Referee group), or nobody."""
    locked = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season")
        .get(pk=match.pk)
    )
    if locked.status in (Match.Status.COMPLETED, Match.Status.VOID):
        ERRORS.refuse("referee_fixed", status=locked.get_status_display())
    referee_check(referee, locked.competition.season)
    changed = locked.referee_id != getattr(referee, "pk", None)
    locked.referee = referee
    history_mark(locked, user, app_words(gettext_noop("referee assigned")))
    locked.save(update_fields=["referee"])
    if changed and referee is not None:  # the new referee hears of the match
        notice_match(NoticeKind.MATCH_SCHEDULED, match=locked, only=[referee])
    return locked
