"""Writing a federation backup: every table of :func:`catalogue.backup_models` as
Django's serializer gives it, read in one snapshot, into a file only its owner can
read (it holds password hashes)."""

from __future__ import annotations

import datetime as dt
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from django.core import serializers
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.utils import timezone

from tarokk_admin.backup.catalogue import ACCOUNT_MODELS, FORMAT, backup_models

OWNER_ONLY = 0o600


class BackupEncoder(DjangoJSONEncoder):
    """Django's encoder keeps milliseconds only; a backup keeps every microsecond
    (history dates, ``updated_at`` marks) so the restored site is the same."""

    def default(self, o: Any) -> Any:
        if isinstance(o, (dt.datetime, dt.time)):
            text = o.isoformat()
            return text[:-6] + "Z" if text.endswith("+00:00") else text
        return super().default(o)


def _rows(model: Any) -> Iterator[dict[str, Any]]:
    natural = model._meta.label_lower in ACCOUNT_MODELS
    queryset = model._default_manager.order_by("pk")
    for item in serializers.serialize(
        "python",
        queryset.iterator(chunk_size=2000),
        use_natural_foreign_keys=natural,
    ):
        yield {"pk": item["pk"], "fields": item["fields"]}


def federation_snapshot() -> dict[str, Any]:
    """The whole backup as one JSON-ready dict, read in one consistent snapshot."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        tables = {
            model._meta.label_lower: list(_rows(model)) for model in backup_models()
        }
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "counts": {label: len(rows) for label, rows in tables.items()},
        "models": tables,
    }


def federation_export(*, path: Path) -> dict[str, int]:
    """Write the backup to ``path`` (replacing it whole, never half-written) with
    owner-only permissions; return the counts per table."""
    snapshot = federation_snapshot()
    path = Path(path)
    descriptor, temporary = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=".part"
    )
    try:
        os.fchmod(descriptor, OWNER_ONLY)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(snapshot, file, cls=BackupEncoder, ensure_ascii=False)
            file.write("\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return snapshot["counts"]
