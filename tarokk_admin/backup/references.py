"""The rows of a backup checked before anything is stored: every reference points at
a row the backup holds, and no text holds a NUL character (which PostgreSQL refuses
in any text). The first problem is one sentence naming the table, the row, the
field and the value; the database's own messages never reach the officials."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db import models as db

from tarokk_admin.backup.catalogue import model_label
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.errors import ERRORS

Rows = dict[str, list[Any]]


def _keys(rows: list[Any], field: db.Field) -> set[str]:
    """The values of ``field`` (the primary key or a ``to_field``) in ``rows``."""
    if field.primary_key:
        return {str(row.get("pk")) for row in rows if isinstance(row, dict)}
    return {
        str(row["fields"].get(field.name))
        for row in rows
        if isinstance(row, dict) and isinstance(row.get("fields"), dict)
    }


def _references(model: Any, labels: set[str]) -> Iterator[tuple[db.Field, bool]]:
    """The model's fields that the database checks to point at a row of a model in
    the backup: (field, whether it holds a list: many-to-many)."""
    meta = model._meta
    for field in meta.concrete_fields:
        target = field.related_model if field.is_relation else None
        if target is not None and model_label(target) in labels and field.db_constraint:
            yield field, False
    for field in meta.many_to_many:
        if model_label(field.related_model) in labels:
            yield field, True


def _first_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, list):
        return any(_first_nul(item) for item in value)
    if isinstance(value, dict):
        return any(_first_nul(k) or _first_nul(v) for k, v in value.items())
    return False


def rows_check(tables: Rows, models: list[Any]) -> ServiceError | None:
    """The first problem of the backup's rows, or None."""
    labels = {model_label(model) for model in models}
    known: dict[tuple[str, str], set[str]] = {}
    for model in models:
        label = model_label(model)
        for index, row in enumerate(tables.get(label, [])):
            if not isinstance(row, dict) or not isinstance(row.get("fields"), dict):
                continue  # said by the restore, with the row's number
            where = {"table": label, "index": index + 1, "pk": row.get("pk")}
            for name, value in row["fields"].items():
                if _first_nul(value):
                    return ERRORS.error("damaged_backup__nul", **where, column=name)
            for field, many in _references(model, labels):
                target = model_label(field.related_model)
                to = field.target_field if not many else field.related_model._meta.pk
                key = (target, to.name)
                if key not in known:
                    known[key] = _keys(tables.get(target, []), to)
                value = row["fields"].get(field.name)
                values = value if many and isinstance(value, list) else [value]
                for item in values:
                    if item is None or isinstance(item, list):
                        continue  # no reference, or an account's natural key
                    if str(item) not in known[key]:
                        return ERRORS.error(
                            "damaged_backup__reference",
                            **where,
                            target=target,
                            value=str(item)[:40],
                            column=field.name,
                        )
    return None
