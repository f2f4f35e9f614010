"""``manage.py import_matches FILE|-``: bring played matches in from a matches file
(``royal-tarokk-matches/1``, HAND_RECORD.md). Prints ``{"imported": N}`` and exits 0,
or ``{"valid": false, "errors": [...]}`` (every error with its path) and exits 1
with nothing stored."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from scoring.management.commands._json_command import read_json
from scoring.services.imports.store import import_user, matches_import


class Command(BaseCommand):
    help = (
        "Import played matches from a matches file (royal-tarokk-matches/1); all or "
        "nothing. The import stands as the jury approval and is recorded under the "
        "'import' account."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the matches file (JSON), or - for stdin")

    def handle(self, *args: Any, **options: Any) -> None:
        data, error = read_json(options["file"])
        if error:
            self._print({"valid": False, "errors": [error]})
            sys.exit(1)
        with transaction.atomic():
            # The import account is created with the import, and rolled back with it.
            outcome = matches_import(data=data, user=import_user())
            if not outcome.ok:
                transaction.set_rollback(True)
        self._print(outcome.as_json())
        if not outcome.ok:
            sys.exit(1)
        if outcome.present:
            self.stderr.write(
                f"{outcome.present} match(es) of the file were already stored and "
                "were not imported again."
            )

    def _print(self, payload: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(payload, ensure_ascii=False))
