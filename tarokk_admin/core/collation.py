"""Names in the Hungarian order, in Python and in both databases.

Hungarian sorts cs, dz, dzs, gy, ly, ny, sz, ty and zs as letters of their own (Cegléd
before Csongrádi, Gödöllői before Győri, Székesfehérvári before Szombathelyi) and an
accent only breaks a tie between otherwise equal names (Váci before Veszprémi: á is
an a, then sorted after it); ö/ő and ü/ű are letters of their own after o and u.

- :func:`collation_key` is the key for ``sorted()`` (pure Python, in
  ``core.alphabet``; importable without Django).
- :func:`hu` wraps a field or expression for ``order_by()``: PostgreSQL uses its ICU
  collation ``hu-x-icu``; SQLite uses the collation ``hu`` that
  :func:`sqlite_collation_register` installs on every new connection, comparing
  :func:`collation_key`; another database falls back to its default order.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Func
from django.db.models.expressions import Expression

from tarokk_admin.core.alphabet import ALPHABET, collation_key, hu_sorted

__all__ = ["ALPHABET", "collation_key", "hu", "hu_sorted", "sqlite_collation_register"]

POSTGRESQL_COLLATION = "hu-x-icu"
SQLITE_COLLATION = "hu"


def _compare(left: str | None, right: str | None) -> int:
    a, b = collation_key(left or ""), collation_key(right or "")
    return (a > b) - (a < b)


def sqlite_collation_register(sender: Any, connection: Any, **kwargs: Any) -> None:
    """``connection_created`` receiver: teach each SQLite connection the ``hu``
    collation."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(SQLITE_COLLATION, _compare)


class HungarianCollate(Func):
    """``expression COLLATE <Hungarian>``, the collation named per database."""

    template = "%(expressions)s"

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        sql, params = super().as_sql(compiler, connection, **extra)
        return f'{sql} COLLATE "{POSTGRESQL_COLLATION}"', params

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        sql, params = super().as_sql(compiler, connection, **extra)
        return f'{sql} COLLATE "{SQLITE_COLLATION}"', params


def hu(field: str | Expression) -> HungarianCollate:
    """For ``order_by``: ``qs.order_by(hu("name"))``, ``hu("team__name").desc()``."""
    return HungarianCollate(F(field) if isinstance(field, str) else field)
