"""Keys of the public pages' cached HTML (issue 6 "Speed").

A page's body is rendered once and kept in the cache under a key that changes
whenever the rows it shows change. The key is read cheaply, in ONE query of scalar
subqueries, each an index lookup whatever the data size:

- the newest history row (django-simple-history) of the models a page shows: every
  ``save()`` and ``delete()`` of a match, result, hand, line-up, team, player,
  membership or trophy award writes one, also in the admin, the import and the
  Celery worker — so the key changes in every process, without signals;
- per match for its hands, line-ups and results (the match page), so the referees
  saving hands of one match do not empty the cache of every other match page;
- the competitions' flags (``Competition`` has no history and the Grand Prix service
  re-flags its matches with a bulk ``update``): their count, newest id and flagged ids;
- jury approvals (they make a match public, R15): their count and newest id;
- the seasons (the season list of the championship page): their count and years;
- a version in the cache that ``standings_refresh`` bumps (``match_completed``:
  completion, correction, void), the explicit hook for anything else.

Rows written around the ORM (bulk ``update``/``bulk_create`` of the bench seeds)
leave no history; pages are also cached for a bounded time (``PAGE_SECONDS``).
"""

from __future__ import annotations

import functools
import hashlib
import uuid
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from django.utils.translation import get_language

PAGE_SECONDS = 60 * 60
PREFIX = "tarokk:page:v1"

cache_sql = functools.cache  # table names are fixed once the models are loaded

# Global marks: (model label, where clause or "") -> one scalar subquery each.
MATCHES = "competitions.Match"
RESULTS = "competitions.MatchResult"
TEAMS = "competitions.Team"
PLAYERS = "competitions.Player"
MEMBERSHIPS = "competitions.Membership"
LINEUPS = "competitions.Lineup"
HANDS = "scoring.Hand"
AWARDS = "trophies.TrophyAward"


@cache_sql
def _history_table(label: str) -> str:
    from django.apps import apps

    model = apps.get_model(label)
    return model.history.model._meta.db_table  # type: ignore[attr-defined]


@cache_sql
def _table(label: str) -> str:
    from django.apps import apps

    return apps.get_model(label)._meta.db_table


def _newest(label: str, where: str = "") -> str:
    clause = f" WHERE {where}" if where else ""
    return f"(SELECT MAX(history_id) FROM {_history_table(label)}{clause})"


def _structure() -> list[str]:
    """Competitions (flags), jury approvals and seasons (the season list): small
    tables."""
    competitions = _table("competitions.Competition")
    approvals = _table("competitions.JuryApproval")
    seasons = _table("competitions.Season")
    return [
        f"(SELECT COUNT(*) FROM {competitions})",
        f"(SELECT MAX(id) FROM {competitions})",
        f"(SELECT SUM(CASE WHEN counts_for_championship THEN id ELSE 0 END)"
        f" FROM {competitions})",
        f"(SELECT COUNT(*) FROM {approvals})",
        f"(SELECT MAX(id) FROM {approvals})",
        f"(SELECT COUNT(*) FROM {seasons})",
        f"(SELECT SUM(year) FROM {seasons})",
    ]


@cache_sql
def _mark_parts(labels: tuple[str, ...], per_match: bool) -> list[tuple[str, bool]]:
    """Each part's SQL and whether it takes the match id as its one parameter."""
    parts = []
    for label in labels:
        if per_match and label in (HANDS, LINEUPS, RESULTS):
            parts.append((_newest(label, "match_id = %s"), True))
        elif per_match and label == MATCHES:
            parts.append((_newest(label, "id = %s"), True))
        else:
            parts.append((_newest(label), False))
    return parts + [(sql, False) for sql in _structure()]


def _joined(values: Any) -> str:
    return ".".join("-" if value is None else str(value) for value in values)


def with_data_mark(
    queryset: QuerySet[Any], labels: tuple[str, ...], *, match_id: int | None = None
) -> QuerySet[Any]:
    """``queryset`` with the data mark read in the same query, as one text column
    ``page_mark``: one round trip less for a page that loads a row anyway."""
    parts = _mark_parts(labels, match_id is not None)
    text = " || '.' || ".join(f"COALESCE(CAST({sql} AS TEXT), '-')" for sql, _ in parts)
    return queryset.annotate(
        page_mark=RawSQL(text, [match_id for _, takes in parts if takes])
    )


def cache_token(key: str) -> str:
    """A random token stored under ``key`` until someone replaces it; a fresh one
    after the cache is flushed, so nothing cached before survives."""
    token = cache.get(key)
    if token is None:
        cache.add(key, uuid.uuid4().hex[:12], None)
        token = cache.get(key)
    return str(token)


def pages_version() -> str:
    """A token bumped by ``pages_version_bump`` (``standings_refresh``, after every
    completion, correction or void: a few a day)."""
    return cache_token(f"{PREFIX}:version")


def pages_version_bump() -> None:
    cache.set(f"{PREFIX}:version", uuid.uuid4().hex[:12], None)


def page_key(page: str, *parts: Any, query: str = "") -> str:
    """The cache key of a page body: the page, its data marks and versions, the
    language (bodies hold translated text) and the address' query parameters."""
    extra = hashlib.sha256(f"{get_language()}?{query}".encode()).hexdigest()[:24]
    return f"{PREFIX}:{page}:" + ":".join(str(part) for part in parts) + f":{extra}"
