"""Hungarian Cup services (R15): registration, the draw, round deadlines, scheduling a
tie's matches and tie-breakers, deciding a tie and advancing its winner.

The bracket arithmetic and the tie decision are in the pure :mod:`competitions.bracket`;
these functions load, ask it and store the answer.
"""

from __future__ import annotations

import calendar
import datetime as dt
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions import bracket
from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    CupTie,
    Match,
    MatchResult,
    Membership,
    Player,
    Season,
    Team,
)
from competitions.services import ServiceError
from competitions.services.matches import match_create

logger = logging.getLogger(__name__)

CUP_ROUND_MONTHS = {1: 9, 2: 10, 3: 11, 4: 12}  # R15: Sep, Oct, Nov, Dec


def default_deadline(year: int, number: int) -> dt.date:
    """R15: the last day of the round's month (September … December)."""
    month = CUP_ROUND_MONTHS[number]
    return dt.date(year, month, calendar.monthrange(year, month)[1])


@transaction.atomic
def cup_ensure(*, season: Season) -> Competition:
    """The season's cup with its 4 rounds (default deadlines), created when missing."""
    cup, _created = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.CUP,
        defaults={"name": str(Competition.Kind.CUP.label)},
    )
    existing = set(cup.cup_rounds.values_list("number", flat=True))
    CupRound.objects.bulk_create(
        CupRound(competition=cup, number=n, deadline=default_deadline(season.year, n))
        for n in range(1, bracket.ROUNDS + 1)
        if n not in existing
    )
    return cup


def _check_cup(cup: Competition) -> None:
    if cup.kind != Competition.Kind.CUP:
        raise ServiceError(_("%(name)s is not a cup.") % {"name": cup.name})


def cup_is_drawn(cup: Competition) -> bool:
    return CupTie.objects.filter(competition=cup, round=1).exists()


def registration_refusal(season: Season, today: dt.date) -> str | None:
    """Why the season's cup registration is not open today (None when it is)."""
    opens, closes = season.cup_registration_opens, season.cup_registration_closes
    if opens is None or closes is None:
        return _(
            "Registration for the %(year)s cup has no dates yet; an official sets "
            "them on the season."
        ) % {"year": season.year}
    if today < opens:
        return _("Registration for the %(year)s cup opens on %(date)s.") % {
            "year": season.year,
            "date": opens.isoformat(),
        }
    if today > closes:
        return _("Registration for the %(year)s cup closed on %(date)s.") % {
            "year": season.year,
            "date": closes.isoformat(),
        }
    return None


def active_registrations(cup: Competition) -> Any:
    return CupRegistration.objects.filter(competition=cup, withdrawn_at__isnull=True)


@transaction.atomic
def cup_register(
    *,
    cup: Competition,
    team: Team,
    driver: Player,
    catcher: Player,
    today: dt.date | None = None,
) -> CupRegistration:
    """R15: a team registers exactly its driver and catcher (no substitute), while
    registration is open and before the draw; at most 16 teams."""
    _check_cup(cup)
    cup = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("season")
        .get(pk=cup.pk)
    )
    season = cup.season
    refusal = registration_refusal(season, today or timezone.localdate())
    if refusal:
        raise ServiceError(refusal)
    if cup_is_drawn(cup):
        raise ServiceError(
            _("The %(year)s cup is already drawn; no team can register now.")
            % {"year": season.year}
        )
    if driver.pk == catcher.pk:
        raise ServiceError(
            _("The driver and the catcher must be two different players."),
            field="catcher",
        )
    roles = dict(
        Membership.objects.filter(season=season, team=team).values_list(
            "player_id", "role"
        )
    )
    for player, role, field in (
        (driver, Membership.Role.DRIVER, "driver"),
        (catcher, Membership.Role.CATCHER, "catcher"),
    ):
        if roles.get(player.pk) != role:
            raise ServiceError(
                _(
                    "%(player)s is not %(team)s's %(role)s in %(year)s: a team "
                    "registers exactly its driver and catcher, no substitute (R15)."
                )
                % {
                    "player": player.name,
                    "team": team.name,
                    "role": role.label,
                    "year": season.year,
                },
                field=field,
            )
    existing = CupRegistration.objects.filter(competition=cup, team=team).first()
    if existing is not None and existing.withdrawn_at is None:
        raise ServiceError(
            _("%(team)s is already registered for the %(year)s cup.")
            % {"team": team.name, "year": season.year}
        )
    count = active_registrations(cup).count()
    if count >= bracket.CUP_TEAMS:
        raise ServiceError(
            _(
                "The %(year)s cup already has %(n)s registered teams, the most it "
                "takes (R15); %(team)s cannot be registered."
            )
            % {"year": season.year, "n": count, "team": team.name}
        )
    if existing is not None:
        existing.driver, existing.catcher = driver, catcher
        existing.withdrawn_at = None
        existing.registered_at = timezone.now()
        existing.save()
        return existing
    return CupRegistration.objects.create(
        competition=cup, team=team, driver=driver, catcher=catcher
    )


@transaction.atomic
def cup_withdraw(*, registration: CupRegistration, user: Any) -> CupRegistration:
    """An official withdraws a registered team, before the draw."""
    if cup_is_drawn(registration.competition):
        raise ServiceError(
            _("The cup is already drawn; %(team)s can no longer be withdrawn.")
            % {"team": registration.team.name}
        )
    if registration.withdrawn_at is None:
        registration.withdrawn_at = timezone.now()
        registration.save(update_fields=["withdrawn_at"])
    return registration


@transaction.atomic
def cup_draw(
    *,
    cup: Competition,
    user: Any,
    seed: int | None = None,
    order: Sequence[Team] | None = None,
) -> list[CupTie]:
    """R15: draw the bracket at random (its seed recorded) or, with ``order``, as an
    official placed it; create the 8 last-16 ties and the 7 later ties' rows."""
    _check_cup(cup)
    cup = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("season")
        .get(pk=cup.pk)
    )
    if cup_is_drawn(cup):
        raise ServiceError(
            _("The %(year)s cup is already drawn.") % {"year": cup.season.year}
        )
    teams = {
        r.team.name: r.team for r in active_registrations(cup).select_related("team")
    }
    if len(teams) != bracket.CUP_TEAMS:
        raise ServiceError(
            _(
                "The draw needs exactly %(n)s registered teams (R15); %(count)s are "
                "registered."
            )
            % {"n": bracket.CUP_TEAMS, "count": len(teams)}
        )
    if order is not None:
        names = [team.name for team in order]
        strangers = [name for name in names if name not in teams]
        if strangers:
            raise ServiceError(
                _("%(team)s is not registered for this cup.") % {"team": strangers[0]}
            )
        if len(set(names)) != bracket.CUP_TEAMS:
            raise ServiceError(
                _("Place each of the %(n)s registered teams exactly once.")
                % {"n": bracket.CUP_TEAMS}
            )
        pairs = bracket.placed(names)
        cup.draw_seed, cup.draw_placed_by = None, user
    else:
        seed = secrets.randbits(48) if seed is None else seed
        pairs = bracket.draw(list(teams), seed)
        cup.draw_seed, cup.draw_placed_by = seed, None
    cup.save(update_fields=["draw_seed", "draw_placed_by"])
    cup_ensure(season=cup.season)
    CupTie.objects.filter(competition=cup).delete()
    ties = [
        CupTie(
            competition=cup,
            round=r,
            slot=s,
            team_a=teams[pairs[s - 1][0]] if r == 1 else None,
            team_b=teams[pairs[s - 1][1]] if r == 1 else None,
        )
        for r, s in bracket.positions()
    ]
    return CupTie.objects.bulk_create(ties)


def cup_round_deadline_set(
    *, cup: Competition, number: int, deadline: dt.date
) -> CupRound:
    """Set a round's deadline; the rounds stay in order within the season (R15)."""
    _check_cup(cup)
    if deadline.year != cup.season.year:
        raise ServiceError(
            _("The deadline %(date)s is outside the %(year)s season.")
            % {"date": deadline.isoformat(), "year": cup.season.year},
            field="deadline",
        )
    cup_ensure(season=cup.season)
    rounds = {r.number: r for r in cup.cup_rounds.all()}
    before, after = rounds.get(number - 1), rounds.get(number + 1)
    if (before and deadline <= before.deadline) or (
        after and deadline >= after.deadline
    ):
        raise ServiceError(
            _(
                "Round deadlines must follow each other: the last 16 first, the final "
                "last."
            ),
            field="deadline",
        )
    this = rounds[number]
    this.deadline = deadline
    this.save(update_fields=["deadline"])
    return this


def _tie_name(tie: CupTie) -> str:
    return _("%(round)s, tie %(slot)s") % {
        "round": CupRound.Number(tie.round).label,
        "slot": tie.slot,
    }


def tie_scores(
    tie: CupTie,
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The completed matches' points and tie-breakers' raw totals of a tie, each as
    (first-named team, second-named team), in the order they were played."""
    results = (
        MatchResult.objects.filter(match__tie=tie, match__status=Match.Status.COMPLETED)
        .select_related("match")
        .order_by("match__tiebreak", "match__date", "match__id")
    )
    return scores_from_results(tie, list(results))


def scores_from_results(
    tie: CupTie, results: Sequence[MatchResult]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    by_match: dict[int, dict[int, int]] = {}
    order: list[Match] = []
    for row in results:
        if row.match_id not in by_match:
            by_match[row.match_id] = {}
            order.append(row.match)
        by_match[row.match_id][row.team_id] = row.points
    matches, tiebreaks = [], []
    for match in sorted(order, key=lambda m: (m.tiebreak, m.date, m.pk)):
        points = by_match[match.pk]
        pair = (points.get(tie.team_a_id, 0), points.get(tie.team_b_id, 0))
        (tiebreaks if match.tiebreak else matches).append(pair)
    return matches, tiebreaks


def refusal_message(refusal: bracket.Refusal) -> str:
    """The bracket's tie-breaker refusal in the user's language (R15)."""
    if refusal.code == "too_early":
        return _(
            "A tie-breaker is played only after the tie's 3 matches; %(n)s completed "
            "so far (R15)."
        ) % {"n": refusal.a}
    if refusal.code == "totals_differ":
        return _(
            "No tie-breaker: the totals differ (%(a)s:%(b)s), so the tie is decided "
            "(R15)."
        ) % {"a": refusal.a, "b": refusal.b}
    if refusal.code == "tiebreak_differs":
        return _(
            "No tie-breaker: the last tie-breaker differs (%(a)s:%(b)s), so the tie "
            "is decided (R15)."
        ) % {"a": refusal.a, "b": refusal.b}
    return str(refusal)


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
    match, a tie-breaker while the totals (and earlier tie-breakers) differ."""
    tie = (
        CupTie.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=tie.pk)
    )
    if tie.team_a is None or tie.team_b is None:
        (r, a), (_r, b) = bracket.feeders(tie.round, tie.slot)
        raise ServiceError(
            _(
                "The teams of %(tie)s are not known yet: it is played by the winners "
                "of %(round)s ties %(a)s and %(b)s."
            )
            % {
                "tie": _tie_name(tie),
                "round": CupRound.Number(r).label,
                "a": a,
                "b": b,
            }
        )
    if tie.winner_id is not None:
        raise ServiceError(
            _("%(tie)s is decided: %(team)s won it.")
            % {"tie": _tie_name(tie), "team": tie.winner.name}
        )
    live = list(tie.matches.exclude(status=Match.Status.VOID))
    regular = [m for m in live if not m.tiebreak]
    breakers = [m for m in live if m.tiebreak]
    if not tiebreak:
        if len(regular) >= bracket.TIE_MATCHES:
            raise ServiceError(
                _(
                    "%(tie)s already has its %(n)s matches; a tie has no 4th match "
                    "(R15). On level totals schedule a tie-breaker instead."
                )
                % {"tie": _tie_name(tie), "n": bracket.TIE_MATCHES}
            )
        number = 0
    else:
        unplayed = [m for m in live if m.status != Match.Status.COMPLETED]
        if unplayed:
            first = unplayed[0]
            what = (
                _("tie-breaker %(n)s") % {"n": first.tiebreak}
                if first.tiebreak
                else _("the match of %(date)s") % {"date": first.date.isoformat()}
            )
            raise ServiceError(
                _(
                    "Complete %(what)s first: a tie-breaker follows the completed "
                    "matches (R15)."
                )
                % {"what": what}
            )
        matches, tiebreaks = tie_scores(tie)
        refusal = bracket.tiebreak_refusal(matches, tiebreaks)
        if refusal:
            raise ServiceError(refusal_message(refusal))
        number = max((m.tiebreak for m in breakers), default=0) + 1
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


@transaction.atomic
def cup_tie_decide(*, tie: CupTie) -> CupTie:
    """Decide the tie from its completed matches (R15) and put the winner into the
    next round's tie. Idempotent: a second call changes nothing. A correction that
    changes the winner moves the next tie's team only while that tie has no match."""
    tie = CupTie.objects.select_for_update(of=("self",)).get(pk=tie.pk)
    if tie.team_a_id is None or tie.team_b_id is None:
        return tie
    matches, tiebreaks = tie_scores(tie)
    try:
        decision = bracket.decide(matches, tiebreaks)
    except bracket.BracketError as error:
        logger.warning("Cup tie %s cannot be decided: %s", tie.pk, error)
        return tie
    winner_id = (
        None
        if decision.winner is None
        else (tie.team_a_id, tie.team_b_id)[decision.winner]
    )
    if tie.winner_id != winner_id:
        tie.winner_id = winner_id
        tie.decided_at = timezone.now() if winner_id else None
        tie.save(update_fields=["winner", "decided_at"])
    _advance(tie)
    return tie


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


def cup_match_completed(*, match: Match) -> None:
    """Follow-up of a completed, corrected or voided match: a cup match decides its
    tie when it can (called from ``competitions.tasks.match_completed``)."""
    if match.tie_id is not None:
        cup_tie_decide(tie=match.tie)


def cup_followup(match: Match) -> None:
    """The one line of ``competitions.tasks.match_completed`` for the cup."""
    cup_match_completed(match=match)
