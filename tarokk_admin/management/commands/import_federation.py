"""``manage.py import_federation FILE``: restore a federation backup
(``royal-tarokk-federation/1``) into an empty, migrated database, keeping every
primary key; a damaged file, an unknown format or a non-empty database is refused
with nothing stored."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tarokk_admin.backup.restore import federation_import
from tarokk_admin.core.errors import ServiceError


class Command(BaseCommand):
    help = (
        "Restore a federation backup (royal-tarokk-federation/1) into an empty "
        "database; all or nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup written by export_federation")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            counts = federation_import(path=Path(options["file"]))
        except ServiceError as error:
            raise CommandError(f"{error} Nothing was stored.") from error
        self.stdout.write(
            f"Backup restored: {sum(counts.values())} records in {len(counts)} tables."
        )
