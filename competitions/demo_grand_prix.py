"""The demo Grand Prix and free games of ``seed_demo`` (R15).

- "Tavaszi Grand Prix": 8 demo teams entered, each of its 3 rounds paired by
  ``grand_prix_round_generate`` (no rematches, close totals meet) once the round before
  is completed, every match played with realistic hands and completed. The event is
  created marked to count for the Team Championship, so its 12 matches also appear in
  the championship table (and the event's page says so).
- Free games: two Royal free games (matches of the season's ``free`` competition,
  scored by the engine) and two variant games (Emperor Tarokk, Illustrated Tarokk)
  whose per-team points an official entered; the variant points leave one clear
  winner of the yearly free-games table whatever the Royal hands score.

Everything goes through the services; deterministic (a seeded generator per season).
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from competitions.demo import DemoSeedError, demo_hand, demo_season_year
from competitions.demo_data import DEMO_TEAMS
from competitions.models import (
    Competition,
    Match,
    Membership,
    Season,
    Team,
    VariantGame,
)
from competitions.services.free_games import (
    free_games_competition,
    variant_game_record,
)
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
)
from competitions.services.matches import (
    lineup_set,
    match_complete,
    match_create,
    match_cut_set,
)

GRAND_PRIX_NAME = "Tavaszi Grand Prix"
# Positions in DEMO_TEAMS of the 8 entered teams (an even count: no byes, everyone
# plays 3). The demo captain's team (position 0) stays out, so its one pending answer
# remains the latest championship result.
GRAND_PRIX_TEAMS = (1, 4, 6, 9, 12, 15, 18, 21)
GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP = True
# Round -> (month, day): a spring weekend, rounds 1-2 on Saturday, round 3 on Sunday.
GRAND_PRIX_DAYS = {1: (4, 18), 2: (4, 18), 3: (4, 19)}

# Royal free games: (team position, team position, month, day).
ROYAL_FREE_GAMES = ((10, 11, 6, 6), (13, 16, 6, 20))
# Variant games: (variant, event, month, day, ((team position, points), ...)).
# Position 10 ends with 380 variant points, the others with 200 at most: a Royal free
# game (about 80-120 match points, R11) cannot close the gap, so the year has one
# winner.
VARIANT_GAMES = (
    (
        VariantGame.Variant.EMPEROR,
        "Nyári tarokktábor",
        7,
        11,
        ((10, 220), (13, 120), (16, 90), (19, 60)),
    ),
    (
        VariantGame.Variant.ILLUSTRATED,
        "Őszi klubnap",
        8,
        22,
        ((10, 160), (16, 110), (22, 70)),
    ),
)


def _user(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise DemoSeedError(f"The demo account {username!r} is missing.")
    return user


def _season() -> Season:
    year = demo_season_year(timezone.localdate())
    season = Season.objects.filter(year=year).first()
    if season is None:
        raise DemoSeedError(f"The demo season {year} is missing.")
    return season


def _teams(season: Season, positions: tuple[int, ...]) -> list[Team]:
    names = [DEMO_TEAMS[i][0] for i in positions]
    by_name = {team.name: team for team in Team.objects.filter(name__in=names)}
    missing = [name for name in names if name not in by_name]
    if missing:
        raise DemoSeedError(f"The demo team {missing[0]!r} is missing.")
    return [by_name[name] for name in names]


def _day(season: Season, month: int, day: int) -> dt.date:
    """The wanted day, moved back before today when the season is young (never before
    the annual meeting, never outside the season)."""
    wanted = dt.date(season.year, month, day)
    yesterday = timezone.localdate() - dt.timedelta(days=1)
    earliest = season.annual_meeting + dt.timedelta(days=8)
    return max(min(wanted, yesterday, dt.date(season.year, 12, 31)), earliest)


def _play(match: Match, user: Any, rng: random.Random) -> Match:
    """Line-ups (the season's driver and catcher), the cut, 8 realistic hands, and
    completion, all through the services (R3, R11)."""
    from scoring.services import hand_record

    for team in match.teams:
        roles = {
            m.role: m.player
            for m in Membership.objects.filter(
                season=match.competition.season, team=team
            ).select_related("player")
        }
        lineup_set(
            match=match,
            team=team,
            driver=roles[Membership.Role.DRIVER],
            catcher=roles[Membership.Role.CATCHER],
        )
    match_cut_set(match=match, first_attack=rng.choice(match.teams))
    for number in range(1, match.hands_expected + 1):
        hand_record(match=match, number=number, record=demo_hand(rng), user=user)
    match_complete(match=match, user=user)
    return match


def demo_grand_prix_seed() -> list[str]:
    """The season's "Tavaszi Grand Prix", its 3 rounds paired and played (R15). Runs
    once per season (when the event does not exist yet)."""
    season = _season()
    if Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=GRAND_PRIX_NAME
    ).exists():
        return []
    official = _user("official")
    teams = _teams(season, GRAND_PRIX_TEAMS)
    days = {n: _day(season, *month_day) for n, month_day in GRAND_PRIX_DAYS.items()}
    event = grand_prix_create(
        season=season,
        name=GRAND_PRIX_NAME,
        starts=min(days.values()),
        ends=max(days.values()),
        counts_for_championship=GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP,
    )
    grand_prix_entries_set(competition=event, teams=teams)
    rng = random.Random(f"tarokk-demo-grand-prix-{season.year}")
    played = 0
    for number in sorted(days):
        for match in grand_prix_round_generate(
            competition=event, date=days[number], venue=teams[0].club
        ):
            _play(match, official, rng)
            played += 1
    counts = (
        "count for the championship"
        if GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP
        else "do not count for the championship"
    )
    return [
        f"Demo Grand Prix {season.year}: {GRAND_PRIX_NAME!r}, {len(teams)} teams, "
        f"3 rounds, {played} completed matches (they {counts})."
    ]


def demo_free_games_seed() -> list[str]:
    """Two Royal free games and two variant games of the season (R15). Runs once per
    season (when its free-games competition has no games yet)."""
    season = _season()
    competition = free_games_competition(season)
    if competition.matches.exists() or competition.variant_games.exists():
        return []
    official, referee = _user("official"), _user("referee")
    rng = random.Random(f"tarokk-demo-free-games-{season.year}")
    for a, b, month, day in ROYAL_FREE_GAMES:
        team_a, team_b = _teams(season, (a, b))
        match = match_create(
            competition=competition,
            team_a=team_a,
            team_b=team_b,
            date=_day(season, month, day),
            time=dt.time(16, 0),
            venue=team_a.club,
            referee=referee,
        )
        _play(match, referee, rng)
    for variant, event, month, day, scores in VARIANT_GAMES:
        teams = _teams(season, tuple(position for position, _ in scores))
        variant_game_record(
            season=season,
            variant=variant,
            date=_day(season, month, day),
            scores=[
                (team, points) for team, (_, points) in zip(teams, scores, strict=True)
            ],
            user=official,
            event=event,
        )
    return [
        f"Demo free games {season.year}: {len(ROYAL_FREE_GAMES)} Royal free games "
        f"and {len(VARIANT_GAMES)} variant games (Emperor, Illustrated)."
    ]
