"""A large federation for benchmarks: by default 300 teams playing
52 championship matches each (7,800 matches, 62,400 hands) and 2,000 players.

Fast: rows go in with ``bulk_create``; hands reuse a pool of generated records, each
judged once by the engine, and the match results are stored by the results service
(``match_results_bulk_store``: R3, R11 and R15 as for every match);
``bench_check`` re-judges a few matches whole.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from competitions.models import (
    Competition,
    Lineup,
    Match,
    MatchResult,
    Membership,
    Player,
    Season,
    Team,
)
from competitions.selectors.matches import match_as_record
from competitions.services.results import HandPlayed, match_results_bulk_store
from scoring.engine import (
    MATCH_HANDS,
    hand_sides,
    score_hand_record,
    score_match_record,
    sheet_from_play,
)
from scoring.engine.catalogue import FEASTS
from scoring.engine.generate import random_play_record
from scoring.models import Hand
from tarokk_admin.core.text import fold
from trophies.models import TrophyAward

POOL = 512
BATCH = 2000
CLUBS = ("Budapest", "Debrecen", "Szeged", "Pécs", "Győr", "Eger", "Sopron")


def record_pool(rng: random.Random, size: int = POOL) -> list[dict[str, Any]]:
    """``size`` valid score-sheet records, each judged once by the engine."""
    pool = []
    while len(pool) < size:
        play = random_play_record(rng, n_announcements=rng.randint(1, 5))
        record = sheet_from_play(play, score_hand_record(play))
        result = score_hand_record(record)
        if result["valid"]:
            pool.append(
                {
                    "record": record,
                    "result": {
                        k: v for k, v in result.items() if k not in ("valid", "errors")
                    },
                    "attack": result["attack"]["score"],
                    "defence": result["defence"]["score"],
                    "trophies": [
                        (item["team"], item["by"], item["feast"])
                        for item in record["announcements"]
                        if item["made"] and FEASTS[item["feast"]].is_trophy
                    ],
                }
            )
    return pool


def round_robin(n: int, rounds: int) -> list[list[tuple[int, int]]]:
    """The circle method: ``rounds`` rounds of n/2 matches, no pair twice (n even)."""
    ids = list(range(n))
    schedule = []
    for _ in range(rounds):
        schedule.append([(ids[i], ids[n - 1 - i]) for i in range(n // 2)])
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return schedule


def bench_season(year: int) -> tuple[Season, Competition]:
    """The bench season and its championship, emptied of matches and rosters."""
    season, _ = Season.objects.get_or_create(
        year=year, defaults={"annual_meeting": dt.date(year, 1, 17)}
    )
    championship, _ = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.CHAMPIONSHIP,
        defaults={"name": "Team Championship"},
    )
    old = Match.objects.filter(competition__season=season)
    TrophyAward.objects.filter(match__in=old).delete()
    Hand.objects.filter(match__in=old).delete()
    MatchResult.objects.filter(match__in=old).delete()
    Lineup.objects.filter(match__in=old).delete()
    old.delete()
    Membership.objects.filter(season=season).delete()
    return season, championship


def bench_rosters(
    season: Season, teams_n: int, players_n: int
) -> tuple[list[Team], list[Player], dict[int, tuple[Player, Player]]]:
    """The teams, the players, and each team's driver and catcher for the season."""
    year = season.year
    prefix = f"Bench {year}"
    Team.objects.bulk_create(
        [
            Team(name=f"{prefix} team {i:03d}", club=CLUBS[i % len(CLUBS)])
            for i in range(teams_n)
        ],
        ignore_conflicts=True,
    )
    teams = list(
        Team.objects.filter(name__startswith=f"{prefix} team ").order_by("name")
    )[:teams_n]
    Player.objects.bulk_create(
        [
            Player(
                name=f"Bench Player {year}-{i:04d}",
                name_folded=fold(f"Bench Player {year}-{i:04d}"),
                federation_number=f"B{year}{i:05d}",
                club=CLUBS[i % len(CLUBS)],
            )
            for i in range(players_n)
        ],
        ignore_conflicts=True,
    )
    players = list(
        Player.objects.filter(federation_number__startswith=f"B{year}").order_by(
            "federation_number"
        )
    )
    roster: dict[int, tuple[Player, Player]] = {}
    members = []
    for index, team in enumerate(teams):
        driver, catcher = players[2 * index], players[2 * index + 1]
        roster[team.pk] = (driver, catcher)
        members += [
            Membership(season=season, team=team, player=driver, role="driver"),
            Membership(season=season, team=team, player=catcher, role="catcher"),
        ]
    Membership.objects.bulk_create(members, batch_size=BATCH)
    return teams, players, roster


def bench_matches(
    championship: Competition, teams: list[Team], per_team: int
) -> list[Match]:
    """A round robin of ``per_team`` rounds, every match completed."""
    now = timezone.now()
    start = dt.date(championship.season.year, 1, 20)
    matches = []
    for number, pairs in enumerate(round_robin(len(teams), per_team)):
        day = start + dt.timedelta(days=number * 6 % 340)
        for a, b in pairs:
            matches.append(
                Match(
                    competition=championship,
                    team_a=teams[a],
                    team_b=teams[b],
                    date=day,
                    venue=teams[a].club,
                    public=True,
                    first_attack=teams[a],
                    status=Match.Status.COMPLETED,
                    completed_at=now - dt.timedelta(days=340 - number * 6 % 340),
                )
            )
    Match.objects.bulk_create(matches, batch_size=BATCH)
    # Ids, also on backends that do not return them from bulk_create.
    return list(Match.objects.filter(competition=championship).order_by("id"))


@dataclass
class _Played:
    hands: list[Hand] = field(default_factory=list)
    # Each match's hands for its results, stored by the results service (R11).
    matches: list[tuple[Match, list[HandPlayed]]] = field(default_factory=list)
    lineups: list[Lineup] = field(default_factory=list)
    # (index in hands, team id, "driver"/"catcher", trophy code, match)
    trophies: list[tuple[int, int, str, str, Match]] = field(default_factory=list)


def _match_play(
    match: Match,
    rng: random.Random,
    pool: list[dict[str, Any]],
    roster: dict[int, tuple[Player, Player]],
    played: _Played,
) -> None:
    scores: list[HandPlayed] = []
    for team in (match.team_a_id, match.team_b_id):
        driver, catcher = roster[team]
        played.lineups.append(
            Lineup(match=match, team_id=team, driver=driver, catcher=catcher)
        )
    for number in range(1, MATCH_HANDS + 1):
        item = pool[rng.randrange(len(pool))]
        teams = (match.team_a_id, match.team_b_id)
        attack, defence = hand_sides(teams, match.first_attack_id, number)
        made = tuple((side, feast) for side, _by, feast in item["trophies"])
        scores.append(HandPlayed(item["attack"], item["defence"], made))
        played.hands.append(
            Hand(
                match=match,
                number=number,
                record=item["record"],
                result=item["result"],
                attack_team_id=attack,
                attack_score=item["attack"],
                defence_score=item["defence"],
            )
        )
        for side, by, feast in item["trophies"]:
            team = attack if side == "attack" else defence
            played.trophies.append((len(played.hands) - 1, team, by, feast, match))
    played.matches.append((match, scores))


def bench_play(
    championship: Competition,
    matches: list[Match],
    rng: random.Random,
    pool: list[dict[str, Any]],
    roster: dict[int, tuple[Player, Player]],
) -> dict[str, int]:
    """Line-ups, hands, results and trophy awards of every match."""
    played = _Played()
    for match in matches:
        _match_play(match, rng, pool, roster, played)
    Lineup.objects.bulk_create(played.lineups, batch_size=BATCH)
    Hand.objects.bulk_create(played.hands, batch_size=BATCH)
    match_results_bulk_store(played.matches, batch_size=BATCH)
    by_key = {
        (m, n): pk
        for pk, m, n in Hand.objects.filter(
            match__competition=championship
        ).values_list("pk", "match_id", "number")
    }
    seen = set()
    rows = []
    for index, team, by, feast, match in played.trophies:
        key = (by_key[(match.pk, played.hands[index].number)], team)
        if key in seen:
            continue
        seen.add(key)
        driver, catcher = roster[team]
        player, partner = (driver, catcher) if by == "driver" else (catcher, driver)
        rows.append(
            TrophyAward(
                player=player,
                partner=partner,
                team_id=team,
                feast=feast,
                value=FEASTS[feast].value,
                date=match.date,
                hand_id=key[0],
                match=match,
            )
        )
    TrophyAward.objects.bulk_create(rows, batch_size=BATCH)
    return {"hands": len(played.hands), "trophies": len(rows)}


def bench_check(year: int) -> list[int]:
    """Re-judge a few matches whole; the ids of those whose stored result is not
    the engine's."""
    wrong = []
    sample = (
        Match.objects.filter(competition__season__year=year)
        .select_related("team_a", "team_b")
        .order_by("?")[:5]
    )
    for match in sample:
        judged = score_match_record(match_as_record(match))
        stored = {r.team.name: (r.total, r.points) for r in match.results.all()}
        for name, numbers in judged["teams"].items():
            if stored[name] != (numbers["total"], numbers["points"]):
                wrong.append(match.pk)
    return wrong
