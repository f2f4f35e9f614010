"""Recompute the season statistics from the stored hands.

The follow-up of every completed, corrected or voided match keeps them in step; this
command is for data written around the services (``seed_bench``, a restored backup)
and for a database that had matches before the statistics existed.
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from competitions.models import Season
from stats.models import SeasonStatistics
from stats.services.refresh import statistics_rebuild


class Command(BaseCommand):
    help = "Recompute the season statistics from the stored hands."

    def add_arguments(self, parser):
        parser.add_argument("--year", type=int, help="only this season")
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="do nothing when statistics exist already (used by make run)",
        )

    def handle(self, *args, **options):
        if options["if_empty"] and SeasonStatistics.objects.exists():
            return
        seasons = Season.objects.order_by("year")
        if options["year"] is not None:
            seasons = seasons.filter(year=options["year"])
            if not seasons.exists():
                raise CommandError(f"There is no {options['year']} season.")
        for season in seasons:
            started = time.perf_counter()
            counted = statistics_rebuild(season=season)
            if counted or options["year"] is not None:
                self.stdout.write(
                    f"Statistics {season.year}: {counted} matches counted in "
                    f"{time.perf_counter() - started:.1f} s."
                )
