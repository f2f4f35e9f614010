"""The demo federation and its Team Championship: 24 teams with their rosters, and
the championship's life (completed matches, one in play, one scheduled, one awaiting
the jury). Deterministic (a seeded generator per season); through the services."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.db.models import Q
from django.utils import timezone

from competitions.models import Competition, Match, Membership, Player, Season, Team
from competitions.services.matches import match_complete, match_create
from competitions.services.results import result_answer
from tarokk_admin.demo.common import (
    demo_hands_play,
    demo_lineups,
    demo_season_year,
    demo_user,
)
from tarokk_admin.demo.data import DEMO_TEAMS, TEAMS_WITH_SUBSTITUTE, demo_player_names
from tarokk_admin.demo.people import demo_people_seed

CHAMPIONSHIP_ROUNDS = 5  # every team plays 5 completed matches


def _annual_meeting(year: int) -> dt.date:
    """Mid-January: the Saturday from 15 to 21 January."""
    day = dt.date(year, 1, 15)
    return day + dt.timedelta(days=(5 - day.weekday()) % 7)


def demo_federation_seed() -> list[str]:
    """The season, its championship, 24 teams (8 with a substitute), their players
    and rosters, and the demo captain's team. Finds what exists, creates the rest."""
    year = demo_season_year(timezone.localdate())
    season, season_created = Season.objects.get_or_create(
        year=year, defaults={"annual_meeting": _annual_meeting(year)}
    )
    Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.CHAMPIONSHIP,
        defaults={"name": "Team Championship", "starts": dt.date(year, 1, 1)},
    )
    names = iter(demo_player_names(2 * len(DEMO_TEAMS) + len(TEAMS_WITH_SUBSTITUTE)))
    number = 10001
    created_teams = created_players = 0
    for index, (team_name, town) in enumerate(DEMO_TEAMS):
        team, created = Team.objects.get_or_create(
            name=team_name, defaults={"club": town}
        )
        created_teams += created
        roles = [Membership.Role.DRIVER, Membership.Role.CATCHER]
        if index in TEAMS_WITH_SUBSTITUTE:
            roles.append(Membership.Role.SUBSTITUTE)
        has_roster = Membership.objects.filter(season=season, team=team).exists()
        for role in roles:
            player, created = Player.objects.get_or_create(
                federation_number=f"H{number}",
                defaults={"name": next(names), "club": town},
            )
            number += 1
            created_players += created
            if not has_roster:
                Membership.objects.create(
                    season=season, team=team, player=player, role=role
                )
    captains_team = Team.objects.get(name=DEMO_TEAMS[0][0])
    people = demo_people_seed(season, captains_team)
    if not (season_created or created_teams or created_players):
        return people
    return [
        f"Demo federation: season {year}, {created_teams} teams and "
        f"{created_players} players created.",
        *people,
    ]


def _pairings(teams: list[Team], rounds: int) -> list[list[tuple[Team, Team]]]:
    """Round-robin rounds by the circle method: every team plays once a round."""
    circle = list(teams)
    out = []
    for _round in range(rounds):
        half = len(circle) // 2
        out.append(list(zip(circle[:half], reversed(circle[half:]), strict=True)))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return out


def demo_championship_seed() -> list[str]:
    """The championship's life: 60 completed public matches (5 per team), one match
    in play and one scheduled for the demo referee, a non-public match awaiting the
    jury's approval, and the captain's latest result awaiting confirmation. Runs once
    per season (when the championship has no matches yet)."""
    year = demo_season_year(timezone.localdate())
    competition = Competition.objects.select_related("season").get(
        season__year=year, kind=Competition.Kind.CHAMPIONSHIP
    )
    if competition.matches.exists():
        return []
    season = competition.season
    official, referee = demo_user("official"), demo_user("referee")
    captain = demo_user("captain")
    order = [name for name, _town in DEMO_TEAMS]
    teams = sorted(
        Team.objects.filter(name__in=order), key=lambda team: order.index(team.name)
    )
    today = timezone.localdate()
    first_day = season.annual_meeting + dt.timedelta(days=7)
    last_day = min(today - dt.timedelta(days=1), dt.date(year, 12, 31))
    span = max((last_day - first_day).days, 0)
    rng = random.Random(f"tarokk-demo-{year}")
    completed = 0
    for number, pairs in enumerate(_pairings(teams, CHAMPIONSHIP_ROUNDS)):
        day = first_day + dt.timedelta(days=span * number // (CHAMPIONSHIP_ROUNDS - 1))
        for a, b in pairs:
            by_referee = completed % 6 == 0
            match = match_create(
                competition=competition,
                team_a=a,
                team_b=b,
                date=min(day, last_day),
                time=dt.time(10, 0),
                venue=a.club,
                referee=referee if by_referee else None,
            )
            user = referee if by_referee else official
            first = rng.choice(match.teams)
            demo_lineups(match, rng, substitutes=True)
            demo_hands_play(match, user, rng, 8, first=first)
            match_complete(match=match, user=user)
            completed += 1
    # The captain confirmed their earlier results; the latest one awaits them.
    captains_team = teams[0]
    played = Match.objects.filter(
        Q(team_a=captains_team) | Q(team_b=captains_team), competition=competition
    )
    for match in list(played.order_by("date", "pk"))[:-1]:
        result_answer(match=match, team=captains_team, user=captain, confirm=True)
    _championship_to_come(competition, teams, referee, rng)
    return [
        f"Demo championship {year}: {completed} completed matches; 1 in play and "
        f"1 scheduled for 'referee'; 1 not in public awaiting the jury's approval."
    ]


def _championship_to_come(
    competition: Competition, teams: list[Team], referee: Any, rng: random.Random
) -> None:
    """Still to play: in play (3 hands entered) and scheduled, both for the referee;
    a match not in public awaiting the jury's approval (R15)."""
    year = competition.season.year
    today = timezone.localdate()
    later = [today + dt.timedelta(days=d) for d in (0, 5, 10)]
    later = [min(d, dt.date(year, 12, 31)) for d in later]
    in_play = match_create(
        competition=competition,
        team_a=teams[1],
        team_b=teams[3],
        date=later[0],
        venue=teams[1].club,
        referee=referee,
    )
    demo_lineups(in_play, rng, substitutes=True)
    demo_hands_play(in_play, referee, rng, 3, first=teams[1])
    scheduled = match_create(
        competition=competition,
        team_a=teams[2],
        team_b=teams[5],
        date=later[1],
        time=dt.time(18, 0),
        venue=teams[2].club,
        referee=referee,
    )
    demo_lineups(scheduled, rng, substitutes=True)
    match_create(
        competition=competition,
        team_a=teams[4],
        team_b=teams[7],
        date=later[2],
        time=dt.time(18, 0),
        venue=teams[4].club,
        public=False,
    )
