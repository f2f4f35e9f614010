"""``manage.py import_matches FILE|-``: bring played matches in from a matches file
(``royal-tarokk-matches/1``, HAND_RECORD.md). Prints ``{"imported": N}`` and exits 0
(the matches already stored are named on stderr, by their path),
or ``{"valid": false, "errors": [...]}`` (every error with its path) and exits 1
with nothing stored. Every file read is recorded among the officials' imports
(``/officials/import/``): stored, or refused with its problems (a file that cannot
be read, or an import told to try again because another is being stored, is not)."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import OperationalError, transaction
from django.utils.translation import gettext as _

from scoring.management.commands._json_command import read_json
from scoring.services.imports.runs import import_run_record
from scoring.services.imports.store import (
    ImportOutcome,
    import_user,
    imports_serialise,
    matches_import,
)


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
            if error.get("code") != "unreadable_file":  # read, but not JSON
                self._record(options["file"], None, ImportOutcome(errors=[error]), None)
            self._print({"valid": False, "errors": [error]})
            sys.exit(1)
        with transaction.atomic():
            # Two imports at once: the second waits here for the first to commit,
            # then finds its matches present (no duplicates).
            try:
                imports_serialise()
            except OperationalError:  # SQLite: the other import held on too long
                busy = _("Another import is being stored just now; try again soon.")
                self._print(
                    {
                        "valid": False,
                        "errors": [{"code": "busy", "message": busy, "path": ""}],
                    }
                )
                sys.exit(1)
            # The import account is created with the import, and rolled back with it.
            user = import_user()
            outcome = matches_import(data=data, user=user)
            if not outcome.ok:
                transaction.set_rollback(True)
        self._record(options["file"], data, outcome, user if outcome.ok else None)
        self._print(outcome.as_json())
        if not outcome.ok:
            sys.exit(1)
        if outcome.present:
            self.stderr.write(
                f"{outcome.present} match(es) of the file were already stored and "
                "were not imported again: " + ", ".join(outcome.present_paths)
            )

    def _record(self, path: str, data: Any, outcome: ImportOutcome, user: Any) -> None:
        """The import among the officials' imports; the import itself stands (it
        is committed, or refused) if recording it fails, which is said on stderr."""
        try:
            import_run_record(
                file_name="stdin" if path == "-" else path,
                data=data,
                outcome=outcome,
                user=user,
            )
        except Exception as error:  # the answer and exit status are the import's own
            self.stderr.write(
                f"The import could not be recorded among the imports: {error}"
            )

    def _print(self, payload: dict[str, Any]) -> None:
        self.stdout.write(json.dumps(payload, ensure_ascii=False))
