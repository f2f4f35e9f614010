"""A cup tie's matches and decision (R15): scheduling its 3 matches and its
tie-breakers, deciding it from its completed matches and advancing its winner.

The bracket arithmetic and the tie decision are in the pure
:mod:`competitions.rules.bracket`; these functions load, ask it and store the answer.
"""

from __future__ import annotations

import datetime as dt
import logging
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    CupTie,
    Lineup,
    Match,
)
from competitions.rules import bracket
from competitions.selectors.cup import tie_name, tie_scores, tiebreak_refusal_error
from competitions.services.matches import match_create, match_followup_queue
from competitions.services.referees import referee_check
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.words import app_words

logger = logging.getLogger(__name__)


def cup_calendar_check(tie: CupTie, date: dt.date, field: str = "date") -> None:
    """R15: a cup match (a tie-breaker too) is played in its round's month:
    September, October, November or December of the cup's season."""
    year = tie.competition.season.year
    if not bracket.in_round_month(year, tie.round, date):
        ERRORS.refuse(
            "outside_round_month",
            field=field,
            date=date.isoformat(),
            tie=tie_name(tie),
            year=year,
            month=bracket.ROUND_MONTHS[tie.round],
        )


@transaction.atomic
def cup_match_schedule(
    *,
    tie: CupTie,
    date: dt.date,
    tiebreak: bool = False,
    time: dt.time | None = None,
    venue: str = "",
    public: bool = True,
    referee: Any = None,
) -> Match:
    """Schedule one of a tie's 3 matches, or (``tiebreak``) its next tie-breaker of 2
    hands (R15). Refused: a match of a tie whose teams are not known yet, a 4th
    match, a tie-breaker while the totals (and earlier tie-breakers) differ, a date
    outside the round's month, a referee outside the season's pool."""
    tie = (
        CupTie.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=tie.pk)
    )
    if tie.team_a is None or tie.team_b is None:
        (r, a), (_r, b) = bracket.feeders(tie.round, tie.slot)
        ERRORS.refuse(
            "cup_tie_teams_pending",
            tie=tie_name(tie),
            round=CupRound.Number(r).label,
            a=a,
            b=b,
        )
    if tie.winner_id is not None:
        ERRORS.refuse("decided__cup_tie", tie=tie_name(tie), team=tie.winner.name)
    cup_calendar_check(tie, date)
    referee_check(referee, tie.competition.season)
    live = list(tie.matches.exclude(status=Match.Status.VOID))
    regular = [m for m in live if not m.tiebreak]
    if not tiebreak:
        if len(regular) >= bracket.TIE_MATCHES:
            ERRORS.refuse(
                "cup_tie_no_fourth_match", tie=tie_name(tie), n=bracket.TIE_MATCHES
            )
        number = 0
    else:
        number = _tiebreak_number(tie, live)
    return match_create(
        competition=tie.competition,
        team_a=tie.team_a,
        team_b=tie.team_b,
        date=date,
        time=time,
        venue=venue,
        public=public,
        referee=referee,
        tie=tie,
        tiebreak=number,
    )


def _tiebreak_number(tie: CupTie, live: list[Match]) -> int:
    """The number of the tie's next tie-breaker; refused while a match is unplayed or
    the totals (and earlier tie-breakers) are not level (R15)."""
    unplayed = [m for m in live if m.status != Match.Status.COMPLETED]
    if unplayed:
        first = unplayed[0]
        what = (
            _("tie-breaker %(n)s") % {"n": first.tiebreak}
            if first.tiebreak
            else _("the match of %(date)s") % {"date": human_date(first.date)}
        )
        ERRORS.refuse("tiebreak_before_completion", what=what)
    matches, tiebreaks = tie_scores(tie)
    refusal = bracket.tiebreak_refusal(matches, tiebreaks)
    if refusal:
        raise tiebreak_refusal_error(refusal)
    return max((m.tiebreak for m in live if m.tiebreak), default=0) + 1


@transaction.atomic
def cup_tie_decide(*, tie: CupTie) -> CupTie:
    """Decide the tie from its completed matches (R15) and put the winner into the
    next round's tie. Idempotent: a second call changes nothing. A correction that
    changes the winner moves the next tie's team only while that tie has no match."""
    tie = CupTie.objects.select_for_update(of=("self",)).get(pk=tie.pk)
    if tie.team_a_id is None or tie.team_b_id is None:
        return tie
    if tie.walkover:
        # R15: decided by walkover, whatever its matches say; only an official
        # cancels that (``walkovers.cup_tie_walkover_cancel``).
        _advance(tie)
        return tie
    matches, tiebreaks = tie_scores(tie)
    try:
        decision = bracket.decide(matches, tiebreaks)
    except bracket.BracketError as error:
        # E.g. a voided match under a played tie-breaker: the tie is undecided again
        # until an official sorts it out.
        logger.warning("Cup tie %s cannot be decided: %s", tie.pk, error)
        decision = None
    winner_id = (
        None
        if decision is None or decision.winner is None
        else (tie.team_a_id, tie.team_b_id)[decision.winner]
    )
    if tie.winner_id != winner_id:
        tie.winner_id = winner_id
        tie.decided_at = timezone.now() if winner_id else None
        tie.save(update_fields=["winner", "decided_at"])
    _advance(tie)
    return tie


def cup_tie_advance(tie: CupTie) -> None:
    """Put the tie's winner (or nobody) into the next round's tie."""
    _advance(tie)


def _advance(tie: CupTie) -> None:
    target = bracket.next_position(tie.round, tie.slot)
    if target is None:
        return
    r, s, side = target
    later = (
        CupTie.objects.select_for_update(of=("self",))
        .filter(competition_id=tie.competition_id, round=r, slot=s)
        .first()
    )
    if later is None:
        later = CupTie(competition_id=tie.competition_id, round=r, slot=s)
    field = "team_a_id" if side == 0 else "team_b_id"
    if getattr(later, field) == tie.winner_id and later.pk:
        return
    if later.pk and later.matches.exclude(status=Match.Status.VOID).exists():
        logger.warning(
            "Cup tie %s changed its winner but tie R%s/%s already has matches; "
            "an official must sort it out.",
            tie.pk,
            r,
            s,
        )
        return
    setattr(later, field, tie.winner_id)
    later.save()


@transaction.atomic
def grand_prix_match_cup_tie_set(*, match: Match, tie: CupTie, user: Any) -> Match:
    """R15: a Grand Prix match counts as one of a cup tie's 3 matches when its two
    teams are the tie's teams, the tie has fewer than 3 matches and the match is
    played in the cup round's month; cup rules then apply to it (no substitutes)."""
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=match.pk)
    )
    tie = (
        CupTie.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b", "winner")
        .get(pk=tie.pk)
    )
    if match.competition.kind != Competition.Kind.GRAND_PRIX:
        ERRORS.refuse("cup_tie_grand_prix_only")
    if match.status == Match.Status.VOID:
        ERRORS.refuse("match_void")
    if match.tie_id is not None:
        ERRORS.refuse("cup_tie_match_counted")
    if tie.competition.season_id != match.competition.season_id:
        ERRORS.refuse("cup_tie_other_season", field="tie")
    if {tie.team_a_id, tie.team_b_id} != {match.team_a_id, match.team_b_id}:
        ERRORS.refuse("cup_tie_other_teams", field="tie", tie=tie_name(tie))
    if tie.winner_id is not None:
        ERRORS.refuse(
            "decided__cup_tie", field="tie", tie=tie_name(tie), team=tie.winner.name
        )
    regular = tie.matches.exclude(status=Match.Status.VOID).filter(tiebreak=0)
    if regular.count() >= bracket.TIE_MATCHES:
        ERRORS.refuse(
            "cup_tie_full", field="tie", tie=tie_name(tie), n=bracket.TIE_MATCHES
        )
    cup_calendar_check(tie, match.date, field="tie")
    registered = {
        (row.team_id, row.driver_id, row.catcher_id)
        for row in CupRegistration.objects.filter(
            competition=tie.competition, withdrawn_at__isnull=True
        )
    }
    allowed = {team: {d, c} for team, d, c in registered}
    for lineup in Lineup.objects.filter(match=match).select_related("team"):
        if {lineup.driver_id, lineup.catcher_id} - allowed.get(lineup.team_id, set()):
            ERRORS.refuse(
                "cup_lineup_not_registered", field="tie", team=lineup.team.name
            )
    match.tie = tie
    history_mark(
        match, user, app_words(gettext_noop("counts for %(tie)s"), tie=tie_name(tie))
    )
    match.save(update_fields=["tie"])
    if match.status == Match.Status.COMPLETED:
        match_followup_queue(match)
    return match
