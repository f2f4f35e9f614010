"""``manage.py seed_bench``: a large federation for benchmarks (``demo/bench.py``).
Refuses a database that already has teams unless ``--force``; with ``--force`` the
bench season is replaced."""

from __future__ import annotations

import random
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from competitions.models import Team
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from tarokk_admin.demo.bench import (
    bench_check,
    bench_matches,
    bench_play,
    bench_rosters,
    bench_season,
    record_pool,
)


class Command(BaseCommand):
    help = "Build a large federation for benchmarks (300 teams × 52 matches)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--teams", type=int, default=300)
        parser.add_argument(
            "--matches", type=int, default=CHAMPIONSHIP_MATCH_CAP, help="per team"
        )
        parser.add_argument("--players", type=int, default=2000)
        parser.add_argument("--year", type=int, default=2026)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--force",
            action="store_true",
            help="run on a database that already has data (replaces the bench season)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        teams_n, per_team = options["teams"], options["matches"]
        players_n, year = options["players"], options["year"]
        if teams_n < 2 or teams_n % 2:
            raise CommandError("--teams must be an even number of at least 2.")
        if not 1 <= per_team < teams_n or per_team > CHAMPIONSHIP_MATCH_CAP:
            raise CommandError(
                f"--matches must be between 1 and {CHAMPIONSHIP_MATCH_CAP} (R15) "
                "and below --teams."
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
        pool = record_pool(rng)
        with transaction.atomic():
            season, championship = bench_season(year)
            teams, players, roster = bench_rosters(season, teams_n, players_n)
            matches = bench_matches(championship, teams, per_team)
            counts = bench_play(championship, matches, rng, pool, roster)
        wrong = bench_check(year)
        if wrong:
            raise CommandError(f"Match {wrong[0]}: stored result disagrees.")
        seconds = round(time.perf_counter() - started, 1)
        self.stdout.write(
            f"seed_bench: {len(teams)} teams, {len(players)} players, "
            f"{len(matches)} matches, {counts['hands']} hands, "
            f"{counts['trophies']} trophies in {seconds} s"
        )
