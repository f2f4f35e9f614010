"""Updating many rows, each with its own values, in a few statements, and
recording many rows' history (django-simple-history) without a model instance
per row.

Django's ``bulk_update`` writes one ``CASE WHEN pk = … THEN …`` per field and row and
builds it in Python: about a millisecond a row and field (30,000 trophy cups took
half a minute). :func:`rows_update` sends ``UPDATE … FROM (VALUES …)`` instead, which
PostgreSQL and SQLite (3.33+) both run as a join on the primary key. Values are
passed as parameters (never spliced into the SQL) and converted by the fields
(``get_db_prep_value``); on PostgreSQL each is cast to its column's type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import connection, models
from django.utils import timezone

BATCH = 1000


def rows_update(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> int:
    """Set ``fields`` of each row ``(pk, value, …)``; returns the rows updated.
    Writes no history and sends no signal: the caller records what it must."""
    if not rows:
        return 0
    meta = model._meta
    pk = meta.pk
    columns = [pk, *(meta.get_field(name) for name in fields)]
    quote = connection.ops.quote_name
    postgres = connection.vendor == "postgresql"
    cell = "%s::{}" if postgres else "%s"
    row_sql = (
        "("
        + ", ".join(
            cell.format(field.db_type(connection)) if postgres else cell
            for field in columns
        )
        + ")"
    )
    # A VALUES list's columns are column1, column2 … in both databases.
    sets = ", ".join(
        f"{quote(field.column)} = v.column{index}"
        for index, field in enumerate(columns[1:], start=2)
    )
    table = quote(meta.db_table)
    updated = 0
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BATCH):
            batch = rows[start : start + BATCH]
            params = [
                field.get_db_prep_value(value, connection)
                for row in batch
                for field, value in zip(columns, row, strict=True)
            ]
            cursor.execute(
                f"UPDATE {table} SET {sets} FROM (VALUES "
                + ", ".join([row_sql] * len(batch))
                + f") AS v WHERE {table}.{quote(pk.column)} = v.column1",
                params,
            )
            updated += cursor.rowcount
    return updated


def history_copy(
    model: type[models.Model],
    pks: Sequence[int],
    *,
    history_type: str,
    reason: str | None = "",
    user: Any = None,
    values: dict[str, Any] | None = None,
) -> int:
    """Record these rows' current state in their django-simple-history table (what
    ``save()`` records for one row), in one ``INSERT … SELECT`` per thousand rows:
    no model instance is built in Python. ``history_type`` is ``+`` (created) or
    ``~`` (changed); ``reason`` None is what ``save()`` records without one.
    ``values`` (field name -> value) records an earlier state of the rows: those
    fields take the value given instead of the row's current one (a match created
    as scheduled, completed since). Returns the rows recorded."""
    if not pks:
        return 0
    history = model.history.model  # type: ignore[attr-defined]
    quote = connection.ops.quote_name
    live = {field.column for field in model._meta.concrete_fields}
    given = {
        model._meta.get_field(name).column: (model._meta.get_field(name), value)
        for name, value in (values or {}).items()
    }
    copied = [
        field.column for field in history._meta.concrete_fields if field.column in live
    ]
    postgres = connection.vendor == "postgresql"
    selected = ", ".join(
        (
            (f"%s::{given[column][0].db_type(connection)}" if postgres else "%s")
            if column in given
            else quote(column)
        )
        for column in copied
    )
    fixed = [
        given[column][0].get_db_prep_value(given[column][1], connection)
        for column in copied
        if column in given
    ]
    columns = ", ".join(quote(column) for column in copied)
    extra = ("history_date", "history_change_reason", "history_type", "history_user_id")
    now = history._meta.get_field("history_date").get_db_prep_value(
        timezone.now(), connection
    )
    table, source = quote(history._meta.db_table), quote(model._meta.db_table)
    recorded = 0
    with connection.cursor() as cursor:
        for start in range(0, len(pks), BATCH):
            batch = list(pks[start : start + BATCH])
            marks = ", ".join(["%s"] * len(batch))
            cursor.execute(
                f"INSERT INTO {table} ({columns}, "
                + ", ".join(quote(c) for c in extra)
                + f") SELECT {selected}, %s, %s, %s, %s FROM {source} "
                f"WHERE {quote(model._meta.pk.column)} IN ({marks}) "
                f"ORDER BY {quote(model._meta.pk.column)}",
                [*fixed, now, reason, history_type, getattr(user, "pk", None), *batch],
            )
            recorded += cursor.rowcount
    return recorded


def _cast(field: Any) -> str:
    """A parameter's placeholder, cast to the field's type on PostgreSQL."""
    if connection.vendor == "postgresql":
        return f"%s::{field.db_type(connection)}"
    return "%s"


def _case(field: Any, values: list[tuple[int, Any]], default: str) -> tuple:
    """``CASE`` on the step number: each step's value, else ``default``."""
    sql = " ".join(f"WHEN {n} THEN {_cast(field)}" for n, _v in values)
    params = [field.get_db_prep_value(v, connection) for _n, v in values]
    return f"CASE s.column1 {sql} ELSE {default} END", params


def history_steps(
    model: type[models.Model],
    pks: Sequence[int],
    steps: Sequence[tuple[Any, ...]],
    *,
    user: Any = None,
) -> int:
    """Record each row's history through several saves at once, as the saves one
    after the other record it: for each row (in the order of their ids), one history
    row per step ``(history_type, reason, values)``, where ``values`` (field name ->
    value) are the fields that differed from the row's current state at that save
    (see :func:`history_copy`); a 4th item names the step's user (``user``
    otherwise). One ``INSERT … SELECT`` per thousand rows, ordered
    by row and step so that the history's ids follow the saves. Returns the rows
    recorded."""
    if not pks or not steps:
        return 0
    pks = sorted(pks)  # the history follows the rows' ids, batch after batch
    history = model.history.model  # type: ignore[attr-defined]
    quote = connection.ops.quote_name
    live = {field.column for field in model._meta.concrete_fields}
    copied = [f for f in history._meta.concrete_fields if f.column in live]
    source = quote(model._meta.db_table)
    selected, params = [], []
    for field in copied:
        given = [
            (n, step[2][field.name])
            for n, step in enumerate(steps)
            if field.name in step[2]
        ]
        if not given:
            selected.append(f"{source}.{quote(field.column)}")
            continue
        sql, more = _case(field, given, f"{source}.{quote(field.column)}")
        selected.append(sql)
        params += more
    for name, index in (("history_change_reason", 1), ("history_type", 0)):
        field = history._meta.get_field(name)
        sql, more = _case(
            field, [(n, step[index]) for n, step in enumerate(steps)], "NULL"
        )
        selected.append(sql)
        params += more
    authors = [
        getattr(step[3] if len(step) > 3 else user, "pk", None) for step in steps
    ]
    sql, more = _case(
        history._meta.get_field("history_user"), list(enumerate(authors)), "NULL"
    )
    when = history._meta.get_field("history_date")
    selected += [_cast(when), sql]
    params += [when.get_db_prep_value(timezone.now(), connection), *more]
    columns = [f.column for f in copied] + [
        "history_change_reason",
        "history_type",
        "history_date",
        "history_user_id",
    ]
    numbers = ", ".join(f"({n})" for n in range(len(steps)))
    head = (
        f"INSERT INTO {quote(history._meta.db_table)} ("
        + ", ".join(quote(c) for c in columns)
        + ") SELECT "
        + ", ".join(selected)
        + f" FROM {source} CROSS JOIN (VALUES {numbers}) AS s WHERE "
        + f"{source}.{quote(model._meta.pk.column)} IN "
    )
    recorded = 0
    with connection.cursor() as cursor:
        for start in range(0, len(pks), BATCH):
            batch = list(pks[start : start + BATCH])
            cursor.execute(
                head
                + "("
                + ", ".join(["%s"] * len(batch))
                + f") ORDER BY {source}.{quote(model._meta.pk.column)}, s.column1",
                [*params, *batch],
            )
            recorded += cursor.rowcount
    return recorded


def rows_insert(model: type[models.Model], objs: Sequence[models.Model]) -> None:
    """Insert new rows as ``bulk_create`` does, their ids set on them (no signal,
    no history: the caller records what it must). On PostgreSQL by ``COPY``, the
    ids taken from the table's sequence first, in order (a primary key that is
    not a sequence, a one-to-one's, is the row's own): several times faster
    for many rows with JSON (a bulk import's hands)."""
    if not objs:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(objs, batch_size=BATCH)
        return
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.generated]
    with connection.cursor() as cursor:
        if meta.auto_field is not None and meta.pk is meta.auto_field:
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) "
                "FROM generate_series(1, %s) ORDER BY 1",
                [meta.db_table, meta.pk.column, len(objs)],
            )
            for obj, (pk,) in zip(objs, cursor.fetchall(), strict=True):
                obj.pk = pk
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        with cursor.cursor.copy(
            f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
        ) as copy:
            for obj in objs:
                copy.write_row(
                    [
                        field.get_db_prep_save(
                            field.pre_save(obj, add=True), connection
                        )
                        for field in fields
                    ]
                )
    for obj in objs:
        obj._state.adding = False
        obj._state.db = connection.alias
