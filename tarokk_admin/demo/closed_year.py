"""The demo's previous year, closed (R15): its season with 17 teams, a championship
of 8 teams (one match void), an autumn Grand Prix of 4 teams and a whole cup, each
closed by the official once every match is completed or void; the free games closed;
and the annual meeting of mid January that approved the year. Through the services
only; runs once (when the year has no annual meeting yet)."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.utils import timezone

from competitions.models import (
    AnnualMeeting,
    Competition,
    CupTie,
    FreeGamesClosing,
    Membership,
    Season,
    SeasonReferee,
    Team,
)
from competitions.rules import bracket
from competitions.services.closings import annual_meeting_record, competition_close
from competitions.services.cup.draw import cup_draw
from competitions.services.cup.registration import cup_ensure
from competitions.services.free_games import free_games_close
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
)
from competitions.services.matches import match_create, match_void
from competitions.services.referees import referee_pool_add
from competitions.services.rosters import membership_set
from competitions.services.seasons import season_create
from tarokk_admin.demo.championship import _annual_meeting, _pairings
from tarokk_admin.demo.common import demo_match_play, demo_season_year, demo_user
from tarokk_admin.demo.cup import _register, _tie_play
from tarokk_admin.demo.data import DEMO_TEAMS

CLOSED_TEAMS = 17  # the previous year's teams: the cup's 16 and its reserve
CHAMPIONSHIP_TEAMS = 8
GRAND_PRIX_NAME = "Őszi Grand Prix"
GRAND_PRIX_TEAMS = (8, 9, 10, 11)
CHAMPIONSHIP_DAYS = ((3, 8), (6, 14))


def _season(year: int, official: Any) -> Season:
    season = Season.objects.filter(year=year).first()
    if season is None:
        season = season_create(
            year=year,
            annual_meeting=_annual_meeting(year),
            cup_registration_opens=dt.date(year, 8, 25),
            cup_registration_closes=dt.date(year, 9, 10),
            user=official,
        )
    return season


def _teams(season: Season, official: Any) -> list[Team]:
    """The first 17 demo teams, with this year's driver and catcher as rosters."""
    names = [name for name, _town in DEMO_TEAMS[:CLOSED_TEAMS]]
    teams = sorted(
        Team.objects.filter(name__in=names), key=lambda team: names.index(team.name)
    )
    current = Season.objects.filter(year=season.year + 1).first()
    for team in teams:
        if Membership.objects.filter(season=season, team=team).exists():
            continue
        for membership in Membership.objects.filter(
            season=current, team=team, role__in=["driver", "catcher"]
        ).select_related("player"):
            membership_set(
                season=season,
                team=team,
                role=membership.role,
                player=membership.player,
                user=official,
            )
    return teams


def _championship(season: Season, teams: list[Team], official: Any) -> Competition:
    """8 teams, two rounds (8 matches played), and a match void: not played."""
    championship = Competition.objects.get(
        season=season, kind=Competition.Kind.CHAMPIONSHIP
    )
    rng = random.Random(f"tarokk-demo-closed-{season.year}")
    pairs = _pairings(teams[:CHAMPIONSHIP_TEAMS], len(CHAMPIONSHIP_DAYS))
    for (month, day), round_pairs in zip(CHAMPIONSHIP_DAYS, pairs, strict=True):
        for a, b in round_pairs:
            match = match_create(
                competition=championship,
                team_a=a,
                team_b=b,
                date=dt.date(season.year, month, day),
                time=dt.time(10, 0),
                venue=a.club,
                notify=False,
            )
            demo_match_play(match, official, rng)
    unplayed = match_create(
        competition=championship,
        team_a=teams[0],
        team_b=teams[7],
        date=dt.date(season.year, 11, 22),
        venue=teams[0].club,
        notify=False,
    )
    match_void(
        match=unplayed,
        user=official,
        reason="Nem játszották le: a két csapat megegyezett.",
    )
    return championship


def _grand_prix(season: Season, teams: list[Team], official: Any) -> Competition:
    entered = [teams[i] for i in GRAND_PRIX_TEAMS]
    event = grand_prix_create(
        season=season,
        name=GRAND_PRIX_NAME,
        starts=dt.date(season.year, 10, 10),
        ends=dt.date(season.year, 10, 11),
    )
    grand_prix_entries_set(competition=event, teams=entered)
    rng = random.Random(f"tarokk-demo-closed-gp-{season.year}")
    for day in (10, 10, 11):
        for match in grand_prix_round_generate(
            competition=event, date=dt.date(season.year, 10, day), venue="Eger"
        ):
            demo_match_play(match, official, rng)
    return event


def _cup(season: Season, official: Any) -> Competition:
    """The whole cup played in its rounds' months (R15), to its final."""
    cup = cup_ensure(season=season)
    _register(cup, season)
    cup_draw(cup=cup, user=official, seed=season.year * 10000 + 825)
    rng = random.Random(f"tarokk-demo-closed-cup-{season.year}")
    after = dt.date(season.year + 1, 1, 1)
    for round_ in range(1, bracket.ROUNDS + 1):
        for slot in range(1, bracket.slots(round_) + 1):
            tie = CupTie.objects.select_related("competition__season", "team_a").get(
                competition=cup, round=round_, slot=slot
            )
            _tie_play(tie, official, rng, after)
    return cup


def demo_closed_year_seed() -> list[str]:
    """The previous year, closed and approved by its annual meeting."""
    today = timezone.localdate()
    year = demo_season_year(today) - 1
    if AnnualMeeting.objects.filter(year=year).exists():
        return []
    official, referee = demo_user("official"), demo_user("referee")
    season = _season(year, official)
    if not SeasonReferee.objects.filter(season=season, user=referee).exists():
        referee_pool_add(season=season, referee=referee, by=official)
    teams = _teams(season, official)
    closed = [
        _championship(season, teams, official),
        _grand_prix(season, teams, official),
        _cup(season, official),
    ]
    for competition in closed:
        competition_close(competition=competition, user=official)
    if not FreeGamesClosing.objects.filter(season=season).exists():
        free_games_close(season=season, user=official, today=today)
    meeting = annual_meeting_record(
        year=year,
        date=_annual_meeting(year + 1),
        user=official,
        note="Budapest, a szövetség éves közgyűlése.",
    )
    return [
        f"Demo {year}: the championship, the cup and {GRAND_PRIX_NAME!r} closed; "
        f"the annual meeting of {meeting.date.isoformat()} approved the year."
    ]
