"""``manage.py seed_trophy_bench``: the trophy list's bench data."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarokk_admin.demo.trophy_bench import bench_clear, bench_seed


class Command(BaseCommand):
    help = (
        "Seed bench players (federation numbers BENCH-…) with variant-game trophy "
        "awards, their points and cups; --clear removes them."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=20_000)
        parser.add_argument("--awards", type=int, default=100_000)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--clear", action="store_true", help="only remove them")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["clear"]:
            bench_clear()
            self.stdout.write("Bench players and their trophies removed.")
            return
        if options["players"] < 1 or options["awards"] < 0:
            raise CommandError("--players must be at least 1 and --awards at least 0.")
        bench_seed(
            players=options["players"], awards=options["awards"], seed=options["seed"]
        )
        self.stdout.write(
            f"Seeded {options['players']} players and {options['awards']} awards."
        )
