"""Cached page bodies: the one page-cache module of the project.

A page's body is rendered once and kept in the cache under a key that changes
whenever the rows it shows change. The key is read cheaply, in ONE query of scalar
subqueries, each an index lookup whatever the data size: the newest history row
(django-simple-history) of each model the page shows. Every ``save()`` and
``delete()`` writes one, also in the admin, the import and the Celery worker, so the
key changes in every process, without signals. A mark may be limited to one match
(its hands, line-ups, results) so that referees saving hands of one match do not
empty the cache of every other match page.

A version token (:func:`pages_version_bump`, after every completion, correction or
void) is the explicit hook for anything else. Rows written around the ORM (the bench
seeds' bulk writes) leave no history; bodies are also kept for a bounded time.
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from tarokk_admin.core.cache import cache_set_strict

PAGE_SECONDS = 60 * 60
PREFIX = "tarokk:page:v1"


@dataclass(frozen=True)
class Mark:
    """The newest history row of a model (``app_label.Model``), of every row or only
    of the rows whose ``column`` equals the page's match id."""

    label: str
    column: str | None = None


@functools.cache
def _history_table(label: str) -> str:
    from django.apps import apps

    model = apps.get_model(label)
    return model.history.model._meta.db_table  # type: ignore[attr-defined]


@functools.cache
def _mark_sql(marks: tuple[Mark, ...]) -> tuple[str, int]:
    """One SQL text of the marks joined by dots, and how many take the match id."""
    parts = []
    for mark in marks:
        where = f" WHERE {mark.column} = %s" if mark.column else ""
        sql = f"(SELECT MAX(history_id) FROM {_history_table(mark.label)}{where})"
        parts.append(f"COALESCE(CAST({sql} AS TEXT), '-')")
    return " || '.' || ".join(parts), sum(1 for mark in marks if mark.column)


def with_data_mark(
    queryset: QuerySet[Any], marks: Sequence[Mark], *, match_id: int | None = None
) -> QuerySet[Any]:
    """``queryset`` with the data mark read in the same query, as one text column
    ``page_mark``: one round trip less for a page that loads a row anyway."""
    sql, takes = _mark_sql(tuple(marks))
    return queryset.annotate(page_mark=RawSQL(sql, [match_id] * takes))


def data_mark(marks: Sequence[Mark]) -> str:
    """The data mark alone, in one query."""
    sql, _takes = _mark_sql(tuple(mark for mark in marks if not mark.column))
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
    """The cache key of a page body: the page, its data marks and versions, the
    language (bodies hold translated text) and the page's recognised parameters,
    normalised (``core.page_params``), never the raw query string."""
    extra = hashlib.sha256(f"{get_language()}?{query}".encode()).hexdigest()[:24]
    return f"{PREFIX}:{page}:" + ":".join(str(part) for part in parts) + f":{extra}"


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
