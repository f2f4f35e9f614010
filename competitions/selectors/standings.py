"""Standings read from the database (HackSoft selectors): the Team Championship table
of a season and a Grand Prix event's table (R11, R15).

Each table is one aggregate query over ``MatchResult`` whatever the season's size,
plus the best trophies stored on the results (R15's tie-break). Tables are cached
(Redis when configured) under a key that carries a fingerprint of the counted matches
(one cheap aggregate: catches new, imported, voided and re-flagged matches) and a
version that ``standings_refresh`` bumps after every completion, correction or void.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.core.cache import cache
from django.db.models import Count, Max, Q, QuerySet, Sum

from competitions.models import Competition, Match, MatchResult, Season
from competitions.rules.standings import StandingRow, best_trophy, rank_rows
from tarokk_admin.core.page_cache import cache_token

CACHE_SECONDS = 60 * 60 * 24
CACHE_PREFIX = "tarokk:standings:v1"


def championship_matches(season_id: int) -> QuerySet[Match]:
    """R15: the season's championship matches plus Grand Prix matches marked to count;
    only completed ones (void matches never count)."""
    return Match.objects.filter(
        Q(competition__kind=Competition.Kind.CHAMPIONSHIP)
        | Q(counts_for_championship=True),
        competition__season_id=season_id,
        status=Match.Status.COMPLETED,
    )


def event_matches(competition_id: int) -> QuerySet[Match]:
    return Match.objects.filter(
        competition_id=competition_id, status=Match.Status.COMPLETED
    )


def _rows(matches: QuerySet[Match], value: str) -> list[StandingRow]:
    """Per team: matches, the sum and the best of ``value`` (points or total)."""
    sums = (
        MatchResult.objects.filter(match__in=matches)
        .values("team_id", "team__name", "team__club")
        .annotate(n=Count("id"), score=Sum(value), best=Max(value))
    )
    return [
        StandingRow(
            team_id=row["team_id"],
            team=row["team__name"],
            club=row["team__club"],
            matches=row["n"],
            score=row["score"] or 0,
            best_match=row["best"] or 0,
        )
        for row in sums
    ]


def _add_trophies(rows: list[StandingRow], matches: QuerySet[Match]) -> None:
    """The best trophy each team made in the counted matches (R15), from the best
    trophies stored on its results."""
    made: dict[int, list[str]] = defaultdict(list)
    for team_id, code in (
        MatchResult.objects.filter(match__in=matches)
        .exclude(best_trophy="")
        .values_list("team_id", "best_trophy")
        .distinct()
    ):
        made[team_id].append(code)
    for row in rows:
        row.best_trophy = best_trophy(made.get(row.team_id, ()))


def _table(matches: QuerySet[Match], value: str) -> list[StandingRow]:
    rows = _rows(matches, value)
    _add_trophies(rows, matches)
    return rank_rows(rows)


def standings_version(scope: str) -> str:
    """A token bumped by ``standings_refresh`` (completions, corrections, voids)."""
    return cache_token(f"{CACHE_PREFIX}:version:{scope}")


def _fingerprint(scope: str, matches: QuerySet[Match]) -> str:
    """What the table depends on, read cheaply: one aggregate over the counted matches
    (how many, the last id, the last completion: a new, imported, voided or re-flagged
    match changes it) and the version ``standings_refresh`` bumps."""
    m = matches.aggregate(n=Count("id"), top=Max("id"), last=Max("completed_at"))
    last = m["last"].timestamp() if m["last"] else 0
    return f"{m['n']}.{m['top']}.{last}.{standings_version(scope)}"


def _cached(
    scope: str,
    matches: QuerySet[Match],
    value: str,
    *,
    fresh: bool,
    fingerprint: str | None = None,
) -> list[StandingRow]:
    key = f"{CACHE_PREFIX}:{scope}:{fingerprint or _fingerprint(scope, matches)}"
    rows = None if fresh else cache.get(key)
    if rows is None:
        rows = _table(matches, value)
        cache.set(key, rows, CACHE_SECONDS)
    return rows


def championship_scope(season_id: int) -> str:
    return f"championship:{season_id}"


def grand_prix_scope(competition_id: int) -> str:
    return f"grand_prix:{competition_id}"


def championship_table(
    *, season: Season, fresh: bool = False, fingerprint: str | None = None
) -> list[StandingRow]:
    """The Team Championship table (R15): points = sum of match points (R11); ties by
    best single match, then best trophy, else a shared rank."""
    return _cached(
        championship_scope(season.pk),
        championship_matches(season.pk),
        "points",
        fresh=fresh,
        fingerprint=fingerprint,
    )


def grand_prix_table(
    *, competition: Competition, fresh: bool = False
) -> list[StandingRow]:
    """A Grand Prix event's table (R15): raw hand scores summed over the 24 hands;
    ties by the best single match (raw 8-hand sum), then best trophy, else shared."""
    return _cached(
        grand_prix_scope(competition.pk),
        event_matches(competition.pk),
        "total",
        fresh=fresh,
    )


def standings_as_api(
    rows: list[StandingRow], *, score_key: str
) -> list[dict[str, Any]]:
    """The Standings API's row shape (HAND_RECORD.md)."""
    return [
        {
            "rank": row.rank,
            "team": row.team,
            "matches": row.matches,
            score_key: row.score,
            "best_match": row.best_match,
            "best_trophy": row.best_trophy,
        }
        for row in rows
    ]
