"""The demo Hungarian Cup of ``seed_demo`` (R15): 16 of the demo teams registered,
drawn with a recorded seed, the last 16 and the quarter-finals played, one tie of the
last 16 decided by tie-breakers (the first one level), one semi-final decided and the
other one still in play. Every match goes through the services with realistic hands.
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
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_complete, match_cut_set
from scoring.services.hands import hand_save
from tarokk_admin.demo.common import (
    DemoSeedError,
    demo_day,
    demo_hand,
    demo_season_year,
    demo_user,
)
from tarokk_admin.demo.data import DEMO_TEAMS

LEVEL_TIE = (1, 3)  # the last-16 tie that goes to tie-breakers
# Round -> (month, day) the round's matches are played (R15: Sep, Oct, Nov, Dec).
ROUND_DAYS = {1: (9, 18), 2: (10, 16), 3: (11, 20), 4: (12, 18)}


def _day(season: Season, round_: int, offset: int) -> dt.date:
    """The round's playing day, moved back before today when the season is young
    (never before the annual meeting, never outside the season)."""
    month, day = ROUND_DAYS[round_]
    wanted = dt.date(season.year, month, day) + dt.timedelta(days=offset)
    return demo_day(season, wanted)


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
        referee=user,
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


def _settle(tie: CupTie, user: Any, rng: random.Random, day: dt.date) -> CupTie:
    """Decide the tie; on level totals, tie-breakers until it is broken (R15)."""
    tie = cup_tie_decide(tie=tie)
    while tie.winner_id is None:
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


def demo_cup_seed() -> list[str]:
    """The season's cup in progress (runs once: nothing happens when it is drawn)."""
    year = demo_season_year(timezone.localdate())
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
    official, referee = demo_user("official"), demo_user("referee")
    names = [name for name, _town in DEMO_TEAMS[:16]]
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
    seed = year * 10000 + 825
    cup_draw(cup=cup, user=official, seed=seed)
    rng = random.Random(f"tarokk-demo-cup-{year}")

    def tie(round_: int, slot: int) -> CupTie:
        return CupTie.objects.get(competition=cup, round=round_, slot=slot)

    for round_ in (1, 2):
        for slot in range(1, bracket.slots(round_) + 1):
            current = tie(round_, slot)
            user = referee if slot % 2 else official
            level = (round_, slot) == LEVEL_TIE
            for offset in range(3):
                day = _day(season, round_, offset)
                _play(current, user, rng, day=day, level=level)
            _settle(current, user, rng, _day(season, round_, 3))
    semi = tie(3, 1)
    for offset in range(3):
        _play(semi, official, rng, day=_day(season, 3, offset))
    _settle(semi, official, rng, _day(season, 3, 3))
    other = tie(3, 2)
    for offset in range(2):
        _play(other, referee, rng, day=_day(season, 3, offset))
    last_day = min(timezone.localdate(), dt.date(year, 12, 31))
    _play(other, referee, rng, day=last_day, complete=False)
    decided = CupTie.objects.filter(competition=cup, winner__isnull=False).count()
    breakers = Match.objects.filter(
        competition=cup, tiebreak__gt=0, status=Match.Status.COMPLETED
    ).count()
    kind = Competition.Kind.CUP.label
    return [
        f"Demo {kind} {year}: drawn with seed {seed}; {decided} ties decided "
        f"({breakers} tie-breakers played); a semi-final's 3rd match is scheduled "
        f"for 'referee'."
    ]
