"""``manage.py import_archive KIND FILE``: bring in an archive file (HAND_RECORD.md
"Archive files"): ``players``, ``trophies``, ``sittings`` (free-games sittings
copied from paper sheets, ``docs/SITTINGS_FILE.md``) or ``honours``, a CSV or XLSX
file, or ``-`` for a CSV on stdin.

Stored: prints ``{"kind": "trophies", "stored": N, "already_stored": M}`` as one
JSON line and exits 0 (a second import of the same file stores nothing and says
so). Refused: prints ``{"kind": …, "valid": false, "errors": [{code, line, column,
message}, …]}``, each problem also as ``line L, column C: …`` on stderr, stores
nothing and exits 1. A kind that does not exist or is not available yet, or a file
that cannot be read, is one sentence on stderr and exit 1, never a traceback. Every
import is recorded among the officials' imports (``/officials/import/``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError, OperationalError, transaction

from scoring.services.imports.archive import (
    archive_run_begin,
    archive_run_end,
    archive_run_refused,
)
from scoring.services.imports.store import import_user, imports_serialise
from tarokk_admin.core.archive import PLANNED, ArchiveKind, archive_kind
from tarokk_admin.core.sheets import Problem, Sheet, SheetError, problem_where
from tarokk_admin.core.sheets import sheet_read as read_sheet


class Command(BaseCommand):
    help = (
        "Import an archive file (players, trophies or sittings; CSV or XLSX) of "
        "the federation's past; all or nothing, and a second import stores nothing."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", help="players, trophies, sittings or honours")
        parser.add_argument("file", help="the CSV or XLSX file, or - for stdin (CSV)")

    def handle(self, *args: Any, **options: Any) -> None:
        kind = self._kind(options["kind"])
        path = options["file"]
        name = "stdin" if path == "-" else path
        content = self._read(path)
        try:
            sheet = read_sheet(content, source=Path(name).name)
        except SheetError as error:
            self._refused(kind, name, [error.problem], None)
        try:
            outcome = self._store(kind, name, sheet)
        except DatabaseError as error:
            self._fail(f"The import could not be stored: {error}".strip())
        if not outcome.ok:
            self._refused(kind, name, outcome.problems, sheet)
        self.stdout.write(json.dumps(outcome.as_json(), ensure_ascii=False))
        if outcome.known:
            lines = ", ".join(str(row.line) for row in outcome.known[:50])
            more = ", …" if len(outcome.known) > 50 else ""
            self.stderr.write(
                f"{len(outcome.known)} row(s) of the file were already stored and "
                f"were not stored again (lines {lines}{more})."
            )

    def _kind(self, name: str) -> ArchiveKind:
        kind = archive_kind(name)
        if kind is not None:
            return kind
        if name in PLANNED:
            self._fail(
                f"The {name} archive cannot be imported yet: this version does not "
                "keep it. Importable now: " + ", ".join(self._available()) + "."
            )
        self._fail(
            f"There is no archive kind {name!r}; use one of "
            + ", ".join(self._available())
            + "."
        )

    def _available(self) -> list[str]:
        return [name for name in PLANNED if archive_kind(name) is not None]

    def _read(self, path: str) -> bytes:
        try:
            if path == "-":
                return sys.stdin.buffer.read()
            with open(path, "rb") as handle:
                return handle.read()
        except OSError as error:
            self._fail(f"Cannot read {path}: {error.strerror or error}.")

    def _store(self, kind: ArchiveKind, name: str, sheet: Sheet) -> Any:
        with transaction.atomic():
            try:
                imports_serialise()
            except OperationalError:  # SQLite: the other import held on too long
                self._fail("Another import is being stored just now; try again soon.")
            user = import_user()
            run = archive_run_begin(kind=kind.name, file_name=name, user=user)
            outcome = kind.store(sheet, user=user, run_id=run.pk)
            if outcome.ok:
                archive_run_end(run, outcome, sheet)
            else:
                transaction.set_rollback(True)
        return outcome

    def _refused(
        self,
        kind: ArchiveKind,
        name: str,
        problems: list[Problem],
        sheet: Sheet | None,
    ) -> NoReturn:
        errors = [problem.as_json() for problem in problems]
        try:
            archive_run_refused(
                kind=kind.name, file_name=name, problems=errors, sheet=sheet
            )
        except DatabaseError as error:  # the answer is the import's own
            self.stderr.write(f"The import could not be recorded: {error}")
        self.stdout.write(
            json.dumps(
                {"kind": kind.name, "valid": False, "errors": errors},
                ensure_ascii=False,
            )
        )
        header = sheet.header if sheet is not None else []
        xlsx = sheet is not None and sheet.xlsx
        for problem in problems:
            where = problem_where(problem, xlsx=xlsx, header=header)
            self.stderr.write(
                f"{where}: {problem.message}" if where else problem.message
            )
        self.stderr.write("Nothing was stored.")
        sys.exit(1)

    def _fail(self, message: str) -> NoReturn:
        self.stderr.write(message)
        sys.exit(1)
