"""The demo Hungarian Cup of ``seed_demo`` (R15): 16 of the demo teams registered
and a 17th as a reserve, drawn with a recorded seed; one tie of the last 16 lost by
walkover (a team withdrew), one decided by tie-breakers (the first one level). Every
match is dated in its round's month (R15) and played when that day is past: late in
the year the last 16 and the quarter-finals are played, one semi-final is decided
and the other waits for its third match; earlier in the year the cup has got as far
as the calendar allows. Every match goes through the services with realistic hands.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.utils import timezone

from competitions.models import (
    Competition,
    CupRegistration,
    CupTie,
    Match,
    Membership,
    Season,
    Team,
)
from competitions.rules import bracket
from competitions.selectors.cup import cup_is_drawn
from competitions.services.cup.draw import cup_draw
from competitions.services.cup.registration import cup_ensure, cup_register
from competitions.services.cup.ties import cup_match_schedule, cup_tie_decide
from competitions.services.cup.walkovers import cup_tie_walkover
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_complete, match_cut_set
from scoring.services.hands import hand_save
from tarokk_admin.demo.common import (
    DemoSeedError,
    demo_hand,
    demo_season_year,
    demo_user,
)
from tarokk_admin.demo.data import DEMO_TEAMS

LEVEL_TIE = (1, 3)  # the last-16 tie that goes to tie-breakers
WALKOVER_TIE = (1, 8)  # the last-16 tie lost by walkover: a team withdrew
RESERVE = 16  # the 17th demo team registers as a reserve
# Round -> (month, day) the round's matches are played (R15: Sep, Oct, Nov, Dec).
ROUND_DAYS = {1: (9, 18), 2: (10, 16), 3: (11, 20), 4: (12, 18)}


def _day(season: Season, round_: int, offset: int, today: dt.date) -> dt.date:
    """The round's playing day, always in the round's month (R15): before today
    when that month has begun, else the day to come."""
    month, day = ROUND_DAYS[round_]
    wanted = dt.date(season.year, month, day) + dt.timedelta(days=offset)
    yesterday = today - dt.timedelta(days=1)
    if wanted <= yesterday or yesterday < dt.date(season.year, month, 1):
        return wanted
    return yesterday


def _play(
    tie: CupTie,
    user: Any,
    rng: random.Random,
    *,
    day: dt.date,
    tiebreak: bool = False,
    level: bool = False,
    complete: bool = True,
) -> Match:
    """One match of the tie: the registered pairs, the cut, realistic hands; with
    ``level`` the hands come in identical pairs so both teams score the same."""
    match = cup_match_schedule(
        tie=tie,
        date=day,
        tiebreak=tiebreak,
        time=dt.time(17, 0),
        venue=tie.team_a.club if tie.team_a else "",
        referee=demo_user("referee"),  # the season's referee pool
    )
    for team in match.teams:
        registration = CupRegistration.objects.get(
            competition=tie.competition, team=team
        )
        lineup_set(
            match=match,
            team=team,
            driver=registration.driver,
            catcher=registration.catcher,
        )
    match_cut_set(match=match, first_attack=match.team_a)
    if not complete:
        return match
    hands: list[dict[str, Any]] = []
    while len(hands) < match.hands_expected:
        hand = demo_hand(rng)
        hands += [hand, hand] if level else [hand]
    for number, record in enumerate(hands, start=1):
        hand_save(match=match, number=number, record=record, user=user)
    match_complete(match=match, user=user)
    return match


def _settle(
    tie: CupTie, user: Any, rng: random.Random, day: dt.date, today: dt.date
) -> CupTie:
    """Decide the tie; on level totals, tie-breakers until it is broken (R15), when
    their day is past."""
    tie = cup_tie_decide(tie=tie)
    while tie.winner_id is None and day < today:
        first = not tie.matches.filter(tiebreak__gt=0).exists()
        _play(
            tie,
            user,
            rng,
            day=day,
            tiebreak=True,
            level=first and (tie.round, tie.slot) == LEVEL_TIE,
        )
        tie = cup_tie_decide(tie=tie)
    return tie


def demo_cup_seed(today: dt.date | None = None) -> list[str]:
    """The season's cup in progress (runs once: nothing happens when it is drawn);
    ``today`` for tests, else the local date."""
    today = today or timezone.localdate()
    year = demo_season_year(today)
    season = Season.objects.filter(year=year).first()
    if season is None:
        raise DemoSeedError(f"The {year} season is missing: seed the federation first.")
    if season.cup_registration_opens is None:
        season.cup_registration_opens = dt.date(year, 8, 25)
        season.cup_registration_closes = dt.date(year, 9, 10)
        season.save(update_fields=["cup_registration_opens", "cup_registration_closes"])
    cup = cup_ensure(season=season)
    if cup_is_drawn(cup):
        return []
    official = demo_user("official")
    _register(cup, season)
    seed = year * 10000 + 825
    cup_draw(cup=cup, user=official, seed=seed)
    walkover = CupTie.objects.get(competition=cup, round=1, slot=WALKOVER_TIE[1])
    cup_tie_walkover(
        tie=walkover,
        loser=walkover.team_b,
        kind=CupTie.Walkover.WITHDRAWN,
        reason="The team's catcher moved abroad; it withdrew from the cup.",
        user=official,
        today=today,
    )
    _rounds(cup, season, today)
    decided = CupTie.objects.filter(competition=cup, winner__isnull=False).count()
    breakers = Match.objects.filter(
        competition=cup, tiebreak__gt=0, status=Match.Status.COMPLETED
    ).count()
    kind = Competition.Kind.CUP.label
    return [
        f"Demo {kind} {year}: drawn with seed {seed}; {decided} ties decided "
        f"({breakers} tie-breakers played, one walkover); the next matches are "
        f"scheduled for 'referee' in their round's month."
    ]


def _register(cup: Competition, season: Season) -> None:
    """The first 16 demo teams, then a 17th as a reserve (R15)."""
    names = [name for name, _town in DEMO_TEAMS[: RESERVE + 1]]
    teams = sorted(
        Team.objects.filter(name__in=names), key=lambda t: names.index(t.name)
    )
    for team in teams:
        if CupRegistration.objects.filter(competition=cup, team=team).exists():
            continue
        roles = {
            m.role: m.player
            for m in Membership.objects.filter(season=season, team=team)
        }
        cup_register(
            cup=cup,
            team=team,
            driver=roles[Membership.Role.DRIVER],
            catcher=roles[Membership.Role.CATCHER],
            today=season.cup_registration_opens,
        )


def _tie_play(
    tie: CupTie,
    user: Any,
    rng: random.Random,
    today: dt.date,
    *,
    unplayed_last: bool = False,
) -> None:
    """The tie's 3 matches in its round's month, played when their day is past
    (with ``unplayed_last`` the third one waits), then settled (R15)."""
    season = tie.competition.season
    level = (tie.round, tie.slot) == LEVEL_TIE
    for offset in range(3):
        day = _day(season, tie.round, offset, today)
        last = offset == 2 and unplayed_last
        _play(tie, user, rng, day=day, level=level, complete=day < today and not last)
    if not unplayed_last:
        _settle(tie, user, rng, _day(season, tie.round, 3, today), today)


def _rounds(cup: Competition, season: Season, today: dt.date) -> None:
    """The last 16 and the quarter-finals, then both semi-finals (one waiting for
    its third match), as far as the calendar allows."""
    official, referee = demo_user("official"), demo_user("referee")
    rng = random.Random(f"tarokk-demo-cup-{season.year}")

    def tie(round_: int, slot: int) -> CupTie:
        return CupTie.objects.select_related("competition__season", "team_a").get(
            competition=cup, round=round_, slot=slot
        )

    for round_ in (1, 2):
        for slot in range(1, bracket.slots(round_) + 1):
            current = tie(round_, slot)
            if current.winner_id is None:
                _tie_play(current, referee if slot % 2 else official, rng, today)
        if CupTie.objects.filter(competition=cup, round=round_, winner=None).exists():
            return
    _tie_play(tie(3, 1), official, rng, today)
    _tie_play(tie(3, 2), referee, rng, today, unplayed_last=True)
