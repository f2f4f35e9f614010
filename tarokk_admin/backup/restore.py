"""Restoring a federation backup into an empty database, whole or not at all.

The file is checked before anything is written (its format, that every table is
known and its count matches its rows, that every reference points at a row the file
holds and no text holds a NUL character); the rows are then inserted in one
transaction with their primary keys, the references checked again by the database
at its end, and the database's sequences moved past the restored keys so the next
record gets a new number. Every refusal is one sentence of ours naming the table
and the row, never the database's own message.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth.models import Group
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, IntegrityError, connection, transaction

from tarokk_admin.backup.catalogue import FORMAT, backup_models, model_label
from tarokk_admin.backup.references import rows_check
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.jsonio import json_parse
from tarokk_admin.errors import ERRORS

BATCH = 500


def backup_read(*, path: Path) -> dict[str, Any]:
    """The parsed backup, checked for shape, format and counts (nothing written)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        ERRORS.refuse("unreadable_backup", file=path, reason=exc.strerror or exc)
    backup, error = json_parse(data, source=str(path))
    if error is not None:
        ERRORS.refuse("damaged_backup__json", problem=error["message"])
    if not isinstance(backup, dict) or backup.get("format") != FORMAT:
        found = backup.get("format") if isinstance(backup, dict) else None
        ERRORS.refuse("unknown_format", file=path, format=FORMAT, found=found)
    counts, tables = backup.get("counts"), backup.get("models")
    if not isinstance(counts, dict) or not isinstance(tables, dict):
        ERRORS.refuse("damaged_backup__shape")
    known = {model_label(model) for model in backup_models()}
    for label in sorted(set(counts) | set(tables)):
        if label not in known:
            ERRORS.refuse("damaged_backup__table", table=label)
        rows = tables.get(label)
        if not isinstance(rows, list) or counts.get(label) != len(rows):
            ERRORS.refuse(
                "damaged_backup__count",
                table=label,
                count=counts.get(label),
                rows=len(rows) if isinstance(rows, list) else 0,
            )
    return backup


def database_is_empty() -> bool:
    """True when no federation record is stored: only the role groups that the
    migrations create (with no members) may be there."""
    for model in backup_models():
        manager = model._default_manager
        if model is Group:
            if manager.filter(user__isnull=False).exists():
                return False
            continue
        if manager.exists():
            return False
    return True


def _objects(label: str, rows: list[Any]) -> list[Any]:
    records = []
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("fields"), dict):
            ERRORS.refuse("damaged_backup__row", index=index, table=label)
        records.append({"model": label, "pk": row.get("pk"), "fields": row["fields"]})
    try:
        return list(serializers.deserialize("python", records))
    except (DeserializationError, ValidationError, ValueError, TypeError) as exc:
        raise ERRORS.error(
            "damaged_backup__row_unreadable", table=label, reason=exc
        ) from exc


def _table_restore(model: Any, rows: list[Any]) -> None:
    label = model_label(model)
    objects = _objects(label, rows)
    if any(item.object.pk is None for item in objects):
        ERRORS.refuse("damaged_backup__no_key", table=label)
    # A raw insert, as loaddata's: the stored values as they are (bulk_create would
    # stamp auto_now and auto_now_add fields with the time of the restore).
    rows = [item.object for item in objects]
    fields = model._meta.concrete_fields
    for start in range(0, len(rows), BATCH):
        model._base_manager._insert(
            rows[start : start + BATCH], fields=fields, raw=True
        )
    for field in model._meta.many_to_many:
        through = field.remote_field.through
        source = field.m2m_field_name() + "_id"
        target = field.m2m_reverse_field_name() + "_id"
        links = [
            through(**{source: item.object.pk, target: other})
            for item in objects
            for other in (item.m2m_data or {}).get(field.name, [])
        ]
        through._default_manager.bulk_create(links, batch_size=BATCH)


def federation_import(*, path: Path) -> dict[str, int]:
    """Restore the backup at ``path`` into this (empty) database; return the counts
    per table. Refuses (ServiceError) a non-empty database and any damaged file,
    storing nothing."""
    backup = backup_read(path=path)
    models = backup_models()
    problem = rows_check(backup["models"], models)
    if problem is not None:
        raise problem
    label = ""
    try:
        with transaction.atomic():
            if not database_is_empty():
                ERRORS.refuse("database_not_empty")
            Group.objects.all().delete()  # the migrations' role groups, replaced
            for model in models:
                label = model_label(model)
                _table_restore(model, backup["models"].get(label, []))
            label = ""
            try:
                connection.check_constraints()
            except DatabaseError as exc:
                raise ERRORS.error("damaged_backup__dangling") from exc
            _sequences_reset(models)
    except DatabaseError as exc:
        raise _database_refusal(label, exc) from exc
    return {
        model_label(m): len(backup["models"].get(model_label(m), [])) for m in models
    }


def _database_refusal(label: str, error: DatabaseError) -> ServiceError:
    """What the database refused, in a sentence of ours (its own message names
    constraints and columns, not what is wrong with the file)."""
    if not label:
        return ERRORS.error("damaged_backup__refused")
    if isinstance(error, IntegrityError):
        return ERRORS.error("damaged_backup__not_unique", table=label)
    return ERRORS.error("damaged_backup__value", table=label)


def _sequences_reset(models: list[Any]) -> None:
    """Move each table's key sequence past its largest restored key (PostgreSQL;
    SQLite follows the largest key by itself)."""
    statements = connection.ops.sequence_reset_sql(no_style(), models)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)
