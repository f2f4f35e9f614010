"""Cached pages and tables: the one page-cache module of the project, and its one
freshness key (:func:`page_key`) for every cached page body, table and board.

A key derives from what the cached thing depends on, never from a version number
bumped by hand:

- the DATA: its data mark, read cheaply in ONE query of scalar subqueries, each an
  index lookup or an aggregate of a small table (:class:`Mark`): the newest history
  row (django-simple-history) of each model shown — every ``save()`` and
  ``delete()`` writes one, also in the admin, the import and the Celery worker, so
  the key changes in every process, without signals — or, for a model without
  history, an aggregate of its rows. A mark may be limited to one match (its hands,
  line-ups, results) so that referees saving hands of one match do not empty the
  cache of every other match page;
- the CODE that renders it: :func:`code_mark`, a digest of the project's source,
  templates, translations and assets read once per process. A new column, a new
  tie-break or a changed template is a new key by itself (no ``v2`` to remember);
- the language and the page's recognised parameters.

A version token (:func:`pages_version_bump`, after every completion, correction or
void) is the explicit hook for rows written around the ORM, which leave no history;
bodies are also kept for a bounded time.
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tarokk_admin.core.cache import cache_set_strict

PAGE_SECONDS = 60 * 60
PREFIX = "tarokk:page"
# What the code mark reads: every file under these folders of the project.
CODE_ROOTS = (
    "tarokk_admin",
    "competitions",
    "scoring",
    "trophies",
    "stats",
    "templates",
    "static",
    "locale",
)


@dataclass(frozen=True)
class Mark:
    """The newest history row of a model (``app_label.Model``), of every row or only
    of the rows whose ``column`` equals the page's match id; or, with ``rows``, an
    aggregate of the model's own rows (``"COUNT(*)"``, ``"MAX(updated_at)"``) for a
    model without history."""

    label: str
    column: str | None = None
    rows: str | None = None


@functools.cache
def _table(label: str, history: bool) -> str:
    from django.apps import apps

    model = apps.get_model(label)
    if history:
        model = model.history.model  # type: ignore[attr-defined]
    return model._meta.db_table


@functools.cache
def mark_sql(marks: tuple[Mark, ...]) -> tuple[str, int]:
    """One SQL text of the marks joined by dots, and how many take the match id: for
    a page's own query that reads its mark in passing."""
    parts = []
    for mark in marks:
        where = f" WHERE {mark.column} = %s" if mark.column else ""
        what = mark.rows or "MAX(history_id)"
        sql = f"(SELECT {what} FROM {_table(mark.label, not mark.rows)}{where})"
        parts.append(f"COALESCE(CAST({sql} AS TEXT), '-')")
    return " || '.' || ".join(parts), sum(1 for mark in marks if mark.column)


def tree_mark(base: Path, roots: Iterable[str]) -> str:
    """A digest of every file under ``roots`` (folders of ``base``): their paths and
    contents, compiled Python left out."""
    digest = hashlib.sha256()
    for root in roots:
        for path in sorted((base / root).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            digest.update(str(path.relative_to(base)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@functools.cache
def code_mark() -> str:
    """The code's part of every key (read once per process, ~25 ms): what renders a
    cached page or computes a cached table changed, so did the key."""
    return tree_mark(Path(settings.BASE_DIR), CODE_ROOTS)


def with_data_mark(
    queryset: QuerySet[Any], marks: Sequence[Mark], *, match_id: int | None = None
) -> QuerySet[Any]:
    """``queryset`` with the data mark read in the same query, as one text column
    ``page_mark``: one round trip less for a page that loads a row anyway."""
    sql, takes = mark_sql(tuple(marks))
    return queryset.annotate(page_mark=RawSQL(sql, [match_id] * takes))


def data_mark(marks: Sequence[Mark]) -> str:
    """The data mark alone, in one query."""
    sql, _takes = mark_sql(tuple(mark for mark in marks if not mark.column))
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sql}")
        return str(cursor.fetchone()[0])


def cache_token(key: str) -> str:
    """A random token stored under ``key`` until someone replaces it; a fresh one
    after the cache is flushed, so nothing cached before survives."""
    token = cache.get(key)
    if token is None:
        cache.add(key, uuid.uuid4().hex[:12], None)
        token = cache.get(key)
    return str(token)


def cache_token_bump(key: str) -> None:
    """A new token under ``key``, now and again once the current transaction
    commits. Now, strictly: when the cache does not take it the caller (a
    follow-up) fails and is retried, rather than leaving stale pages. Again after the
    commit: a page rendered from the rows before the commit, in between, is not kept
    under the new token."""
    cache_set_strict(cache, key, uuid.uuid4().hex[:12], None)
    if connection.in_atomic_block:
        transaction.on_commit(
            lambda: cache.set(key, uuid.uuid4().hex[:12], None), robust=True
        )


def pages_version() -> str:
    """A token bumped by :func:`pages_version_bump`."""
    return cache_token(f"{PREFIX}:version")


def pages_version_bump() -> None:
    """Every cached page body is stale from now on (a completion, correction or
    void: a few a day)."""
    cache_token_bump(f"{PREFIX}:version")


class Unkept(str):
    """A body rendered for parameters the page could not use (an invalid filter, a
    search that found nobody, a page past the end): shown, never kept, so junk in
    an address adds no cache entry."""


def page_key(page: str, *parts: Any, query: str = "") -> str:
    """THE freshness key of whatever is cached (a page body, a table, a board): the
    page, what it depends on (its data marks, its ids), the code (:func:`code_mark`),
    the language (bodies hold translated text) and the page's recognised parameters,
    normalised (``core.page_params``), never the raw query string."""
    text = "\x1f".join(str(part) for part in (code_mark(), *parts, get_language()))
    digest = hashlib.sha256(f"{text}?{query}".encode()).hexdigest()[:32]
    return f"{PREFIX}:{page}:{digest}"


def cached(
    key: str,
    compute: Callable[[], Any],
    seconds: int = PAGE_SECONDS,
    *,
    fresh: bool = False,
) -> Any:
    """The value kept under ``key`` (a :func:`page_key`), or computed and kept
    (``fresh``: computed and kept whatever is there)."""
    value = None if fresh else cache.get(key)
    if value is None:
        value = compute()
        cache.set(key, value, seconds)
    return value


def cached_body(key: str | None, render: Callable[[], str]) -> SafeString:
    """A page body from the cache, or rendered (by our own templates) and kept under
    ``key``; with no key (parameters not cached) or an :class:`Unkept` body, only
    rendered."""
    body = cache.get(key) if key is not None else None
    if body is None:
        body = render()
        if key is not None and not isinstance(body, Unkept):
            cache.set(key, str(body), PAGE_SECONDS)
    return mark_safe(body)  # rendered by our own templates
