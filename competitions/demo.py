"""The demo federation that ``manage.py seed_demo`` loads: idempotent parts.

Each part is a function that creates what is missing and returns the lines worth
printing (empty when it changed nothing). Add a part by writing another such function
and listing it in ``DEMO_PARTS``; ``demo_seed`` runs them in order in one transaction.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from competitions.demo_data import (
    DEMO_TEAMS,
    TEAMS_WITH_SUBSTITUTE,
    demo_player_names,
)
from competitions.models import Competition, Match, Membership, Player, Season, Team
from competitions.roles import Role
from competitions.services.matches import (
    lineup_set,
    match_complete,
    match_create,
    match_cut_set,
    result_answer,
)
from scoring.engine import score_hand_record, sheet_from_play
from scoring.engine.generate import random_play_record

DEMO_PASSWORD = "tarokk-demo"


class DemoSeedError(Exception):
    """The demo data cannot be loaded; the message is one sentence for the user."""


@dataclass(frozen=True)
class DemoAccount:
    username: str
    role: Role
    first_name: str
    last_name: str
    is_staff: bool = False


DEMO_ACCOUNTS = (
    DemoAccount("official", Role.OFFICIAL, "Olga", "Official", is_staff=True),
    DemoAccount("jury", Role.JURY, "János", "Jury"),
    DemoAccount("referee", Role.REFEREE, "Rezső", "Referee"),
    DemoAccount("captain", Role.TEAM_CAPTAIN, "Kata", "Captain"),
)


def demo_accounts_seed() -> list[str]:
    """Create the demo accounts that are missing, one per role, in their groups."""
    user_model = get_user_model()
    groups = {group.name: group for group in Group.objects.filter(name__in=Role.values)}
    missing = sorted(set(Role.values) - set(groups))
    if missing:
        raise DemoSeedError(
            f"The role groups {', '.join(missing)} are missing: "
            f"run `manage.py migrate` first."
        )
    lines = []
    for account in DEMO_ACCOUNTS:
        user, created = user_model.objects.get_or_create(
            username=account.username,
            defaults={
                "first_name": account.first_name,
                "last_name": account.last_name,
                "is_staff": account.is_staff,
            },
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            user.groups.add(groups[account.role.value])
            lines.append(
                f"  {account.role.label:<13} username {account.username:<9} "
                f"password {DEMO_PASSWORD}"
            )
    if lines:
        lines.insert(0, "Demo logins (created now; shown only this once):")
    return lines


def demo_season_year(today: dt.date) -> int:
    """The current year; in January, before there is room for matches after the
    annual meeting, last year."""
    return today.year if today.month > 1 else today.year - 1


def _annual_meeting(year: int) -> dt.date:
    """Mid-January: the Saturday from 15 to 21 January."""
    day = dt.date(year, 1, 15)
    return day + dt.timedelta(days=(5 - day.weekday()) % 7)


def _demo_user(username: str) -> Any:
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise DemoSeedError(f"The demo account {username!r} is missing.")
    return user


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
    captain = _demo_user("captain")
    captains_team = Team.objects.get(name=DEMO_TEAMS[0][0])
    if not captains_team.captains.filter(pk=captain.pk).exists():
        captains_team.captains.add(captain)
    if not (season_created or created_teams or created_players):
        return []
    return [
        f"Demo federation: season {year}, {created_teams} teams and "
        f"{created_players} players created; 'captain' captains {captains_team}."
    ]


def _roster(season: Season, team: Team) -> dict[str, Player]:
    return {
        m.role: m.player
        for m in Membership.objects.filter(season=season, team=team).select_related(
            "player"
        )
    }


def _lineup(match: Match, team: Team, rng: random.Random) -> None:
    """The team's driver and catcher; now and then the substitute plays (R15)."""
    players = _roster(match.competition.season, team)
    driver, catcher = players["driver"], players["catcher"]
    if "substitute" in players and rng.random() < 0.3:
        if rng.random() < 0.5:
            driver = players["substitute"]
        else:
            catcher = players["substitute"]
    lineup_set(match=match, team=team, driver=driver, catcher=catcher)


def demo_hand(rng: random.Random) -> dict[str, Any]:
    """A realistic hand as the referee writes it on the score sheet: a random legal
    deal and play, judged by the engine, written out as a score-sheet record."""
    record = random_play_record(rng, n_announcements=rng.randint(1, 5))
    judged = score_hand_record(record)
    # Players announce what they expect to make: keep the made announcements and only
    # now and then a failed one, judged again from the same deal and tricks. Dropping
    # a binding can make an early bound card illegal (R12); then the hand stays whole.
    trimmed = {
        **record,
        "announcements": [
            announcement
            for announcement, made in zip(
                record["announcements"], judged["derived"]["made"], strict=True
            )
            if made or rng.random() < 0.2
        ],
    }
    rejudged = score_hand_record(trimmed)
    if rejudged["valid"]:
        return sheet_from_play(trimmed, rejudged)
    return sheet_from_play(record, judged)


def _play(
    match: Match, user: Any, rng: random.Random, hands: int, *, first: Team
) -> None:
    from scoring.services import hand_record

    for team in match.teams:
        _lineup(match, team, rng)
    match_cut_set(match=match, first_attack=first)
    for number in range(1, hands + 1):
        hand_record(match=match, number=number, record=demo_hand(rng), user=user)


def _pairings(teams: list[Team], rounds: int) -> list[list[tuple[Team, Team]]]:
    """Round-robin rounds by the circle method: every team plays once a round."""
    circle = list(teams)
    out = []
    for _round in range(rounds):
        half = len(circle) // 2
        out.append(list(zip(circle[:half], reversed(circle[half:]), strict=True)))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return out


CHAMPIONSHIP_ROUNDS = 5  # every team plays 5 completed matches


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
    official, referee = _demo_user("official"), _demo_user("referee")
    captain = _demo_user("captain")
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
            _play(match, user, rng, 8, first=rng.choice(match.teams))
            match_complete(match=match, user=user)
            completed += 1
    # The captain confirmed their earlier results; the latest one awaits them.
    captains_team = teams[0]
    played = Match.objects.filter(
        Q(team_a=captains_team) | Q(team_b=captains_team), competition=competition
    )
    for match in list(played.order_by("date", "pk"))[:-1]:
        result_answer(match=match, team=captains_team, user=captain, confirm=True)
    # Still to play: in play (3 hands entered) and scheduled, both for the referee.
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
    _play(in_play, referee, rng, 3, first=teams[1])
    scheduled = match_create(
        competition=competition,
        team_a=teams[2],
        team_b=teams[5],
        date=later[1],
        time=dt.time(18, 0),
        venue=teams[2].club,
        referee=referee,
    )
    for team in scheduled.teams:
        _lineup(scheduled, team, rng)
    match_create(
        competition=competition,
        team_a=teams[4],
        team_b=teams[7],
        date=later[2],
        time=dt.time(18, 0),
        venue=teams[4].club,
        public=False,
    )
    return [
        f"Demo championship {year}: {completed} completed matches; 1 in play and "
        f"1 scheduled for 'referee'; 1 not in public awaiting the jury's approval."
    ]


# Idempotent parts, in order. The cup and Grand Prix demo parts are added here by
# their owners (after demo_championship_seed: they reuse its teams and season).
def demo_cup_part() -> list[str]:
    """The Hungarian Cup in progress (competitions/demo_cup.py, R15)."""
    from competitions.demo_cup import demo_cup_seed

    return demo_cup_seed()


def demo_grand_prix_part() -> list[str]:
    """The Tavaszi Grand Prix, 3 rounds played (competitions/demo_grand_prix.py)."""
    from competitions.demo_grand_prix import demo_grand_prix_seed

    return demo_grand_prix_seed()


def demo_free_games_part() -> list[str]:
    """Royal and variant free games (competitions/demo_grand_prix.py, R15)."""
    from competitions.demo_grand_prix import demo_free_games_seed

    return demo_free_games_seed()


def demo_live_part() -> list[str]:
    """A Grand Prix day in play today, for the live pages (competitions/demo_live.py)."""
    from competitions.demo_live import demo_live_seed

    return demo_live_seed()


DEMO_PARTS: list[Callable[[], list[str]]] = [
    demo_accounts_seed,
    demo_federation_seed,
    demo_championship_seed,
    demo_cup_part,
    demo_grand_prix_part,
    demo_free_games_part,
    demo_live_part,
]


def demo_seed() -> list[str]:
    """Run every demo part; return what they created, for printing."""
    lines: list[str] = []
    with transaction.atomic():
        for part in DEMO_PARTS:
            lines.extend(part())
    return lines
