"""A large federation for benchmarks (issue 6 "Speed"): by default 300 teams playing
52 championship matches each (7,800 matches, 62,400 hands) and 2,000 players.

Fast: rows go in with ``bulk_create``; hands reuse a pool of generated records, each
judged once by the engine, and every match result is the engine's sum of them (R11:
points = floor(total / 8)); a few matches are re-judged whole by
``score_match_record`` as a check. Refuses a database that already has teams unless
``--force``; with ``--force`` the bench season is replaced.
"""

from __future__ import annotations

import datetime as dt
import random
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
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
from competitions.models.people import fold
from competitions.services.matches import match_record
from scoring.engine import score_hand_record, score_match_record, sheet_from_play
from scoring.engine.catalogue import FEASTS
from scoring.engine.generate import random_play_record
from scoring.models import Hand

POOL = 512
BATCH = 2000


def record_pool(rng: random.Random, size: int) -> list[dict[str, Any]]:
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


class Command(BaseCommand):
    help = "Build a large federation for benchmarks (300 teams × 52 matches)."

    def add_arguments(self, parser):
        parser.add_argument("--teams", type=int, default=300)
        parser.add_argument("--matches", type=int, default=52, help="per team")
        parser.add_argument("--players", type=int, default=2000)
        parser.add_argument("--year", type=int, default=2026)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--force",
            action="store_true",
            help="run on a database that already has data (replaces the bench season)",
        )

    def handle(self, *args, **options):
        teams_n, per_team = options["teams"], options["matches"]
        players_n, year = options["players"], options["year"]
        if teams_n < 2 or teams_n % 2:
            raise CommandError("--teams must be an even number of at least 2.")
        if not 1 <= per_team < teams_n or per_team > 52:
            raise CommandError(
                "--matches must be between 1 and 52 (R15) and below --teams."
            )
        if players_n < 2 * teams_n:
            raise CommandError("--players must be at least twice --teams.")
        if not 1900 <= year <= 2999:
            raise CommandError("--year must be a year such as 2026.")
        if Team.objects.exists() and not options["force"]:
            raise CommandError(
                "The database already has teams; seed_bench builds a benchmark "
                "federation in an empty database. Use --force to add it anyway "
                "(the bench season is replaced)."
            )
        started = time.perf_counter()
        rng = random.Random(options["seed"])
        pool = record_pool(rng, POOL)
        with transaction.atomic():
            counts = self._build(rng, pool, teams_n, per_team, players_n, year)
        self._check(year)
        counts["seconds"] = round(time.perf_counter() - started, 1)
        self.stdout.write(
            "seed_bench: {teams} teams, {players} players, {matches} matches, "
            "{hands} hands, {trophies} trophies in {seconds} s".format(**counts)
        )

    def _build(self, rng, pool, teams_n, per_team, players_n, year):
        from trophies.models import TrophyAward

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

        prefix = f"Bench {year}"
        clubs = ["Budapest", "Debrecen", "Szeged", "Pécs", "Győr", "Eger", "Sopron"]
        Team.objects.bulk_create(
            [
                Team(name=f"{prefix} team {i:03d}", club=clubs[i % len(clubs)])
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
                    club=clubs[i % len(clubs)],
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

        now = timezone.now()
        start = dt.date(year, 1, 20)
        matches = []
        for number, pairs in enumerate(round_robin(teams_n, per_team)):
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
        matches = list(
            Match.objects.filter(competition=championship).order_by("id")
        )  # ids, also on backends that do not return them from bulk_create

        hands, results, lineups, awards = [], [], [], []
        for match in matches:
            totals = {match.team_a_id: 0, match.team_b_id: 0}
            for team in (match.team_a_id, match.team_b_id):
                driver, catcher = roster[team]
                lineups.append(
                    Lineup(match=match, team_id=team, driver=driver, catcher=catcher)
                )
            for number in range(1, 9):
                item = pool[rng.randrange(len(pool))]
                attack = match.attack_team_id(number)
                defence = (
                    match.team_b_id if attack == match.team_a_id else match.team_a_id
                )
                totals[attack] += item["attack"]
                totals[defence] += item["defence"]
                hands.append(
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
                    awards.append((len(hands) - 1, team, by, feast, match))
            for team, opponent in (
                (match.team_a_id, match.team_b_id),
                (match.team_b_id, match.team_a_id),
            ):
                results.append(
                    MatchResult(
                        match=match,
                        team_id=team,
                        opponent_id=opponent,
                        total=totals[team],
                        points=totals[team] // 8,  # R11, as the engine computes it
                    )
                )
        Lineup.objects.bulk_create(lineups, batch_size=BATCH)
        Hand.objects.bulk_create(hands, batch_size=BATCH)
        MatchResult.objects.bulk_create(results, batch_size=BATCH)
        by_key = {
            (m, n): pk
            for pk, m, n in Hand.objects.filter(
                match__competition=championship
            ).values_list("pk", "match_id", "number")
        }
        seen = set()
        rows = []
        for index, team, by, feast, match in awards:
            hand = hands[index]
            key = (by_key[(match.pk, hand.number)], team)
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
        return {
            "teams": len(teams),
            "players": len(players),
            "matches": len(matches),
            "hands": len(hands),
            "trophies": len(rows),
        }

    def _check(self, year: int) -> None:
        """Re-judge a few matches whole: the stored results are the engine's."""
        sample = (
            Match.objects.filter(competition__season__year=year)
            .select_related("team_a", "team_b")
            .order_by("?")[:5]
        )
        for match in sample:
            judged = score_match_record(match_record(match))
            stored = {r.team.name: (r.total, r.points) for r in match.results.all()}
            for name, numbers in judged["teams"].items():
                if stored[name] != (numbers["total"], numbers["points"]):
                    raise CommandError(f"Match {match.pk}: stored result disagrees.")
