"""``manage.py export_federation FILE``: write the whole federation, its accounts and
its change history to one JSON file (``royal-tarokk-federation/1``, HAND_RECORD.md
"Federation backup") readable by its owner only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarokk_admin.backup.export import federation_export


class Command(BaseCommand):
    help = (
        "Write a federation backup (royal-tarokk-federation/1) to FILE, readable by "
        "its owner only; restore it with import_federation."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="where to write the backup (JSON)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        if not path.parent.is_dir():
            raise CommandError(f"The folder {path.parent} does not exist.")
        try:
            counts = federation_export(path=path)
        except OSError as exc:
            raise CommandError(
                f"The backup cannot be written to {path}: {exc.strerror or exc}."
            ) from exc
        self.stdout.write(
            f"Backup written to {path}: {sum(counts.values())} records "
            f"in {len(counts)} tables."
        )
