"""``manage.py import_fixtures COMPETITION_ID FILE``: schedule a competition's
matches from a fixtures file (HAND_RECORD.md "Fixtures file (CSV)"). Prints
``{"scheduled": N}`` and exits 0, or every problem as ``line L, column C: …`` on
stderr and exits 1 with nothing stored; rows already scheduled go to stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from competitions.models import Competition
from competitions.services.fixtures import fixtures_import
from tarokk_admin.core.errors import ServiceError


class Command(BaseCommand):
    help = (
        "Schedule a championship or free-games competition's matches from a "
        "fixtures file (CSV, UTF-8); all or nothing."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("competition_id", help="the competition's id")
        parser.add_argument("file", help="the fixtures file (CSV), or - for stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        raw_id = options["competition_id"]
        competition = (
            Competition.objects.select_related("season").filter(pk=int(raw_id)).first()
            if raw_id.isdigit()
            else None
        )
        if competition is None:
            self._fail(f"There is no competition with id {raw_id!r}.")
        content = self._read(options["file"])
        try:
            with transaction.atomic():
                outcome = fixtures_import(
                    competition=competition, content=content, user=None
                )
                if not outcome.ok:
                    transaction.set_rollback(True)
        except ServiceError as error:
            self._fail(error.message)
        for row in outcome.present:
            self.stderr.write(f"line {row.line}: {row.message}")
        if not outcome.ok:
            for problem in outcome.problems:
                where = f"line {problem.line}"
                if problem.column:
                    where += f", column {problem.column}"
                self.stderr.write(f"{where}: {problem.message}")
            self.stderr.write("Nothing was scheduled.")
            sys.exit(1)
        self.stdout.write(json.dumps(outcome.as_json()))

    def _read(self, source: str) -> bytes:
        try:
            if source == "-":
                return sys.stdin.buffer.read()
            with open(source, "rb") as handle:
                return handle.read()
        except OSError as error:
            self._fail(f"Cannot read {source}: {error.strerror or error}.")
        raise AssertionError  # pragma: no cover

    def _fail(self, message: str) -> Any:
        self.stderr.write(message)
        sys.exit(1)
