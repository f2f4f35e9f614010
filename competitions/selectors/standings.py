"""Standings read from the database (HackSoft selectors): the Team Championship table
of a season and a Grand Prix event's table (R11, R15).

Each table is one aggregate query over ``MatchResult`` whatever the season's size,
plus the best trophies stored on the results (R15's tie-break). Tables are cached
(Redis when configured) under the one freshness key of every cached page
(``core.page_cache.page_key``): what the table depends on — a fingerprint of the
counted matches (one cheap aggregate: catches new, imported, voided and re-flagged
matches), the results' and the teams' data mark (a correction, a best trophy, a
renamed team) — and the code that ranks it (a new tie-break is a new key by itself).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import Count, Max, Q, QuerySet, Sum

from competitions.models import Competition, Match, MatchResult, Season
from competitions.rules.standings import StandingRow, best_trophy, rank_rows
from competitions.selectors.page_marks import RESULTS, TEAMS
from tarokk_admin.core.page_cache import cached, data_mark, page_key

CACHE_SECONDS = 60 * 60 * 24
# Besides the counted matches: their results (points, totals, best trophies) and the
# teams' names and clubs, which the rows carry.
TABLE_MARKS = (RESULTS, TEAMS)


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


def table_key(scope: str, matches: QuerySet[Match]) -> str:
    """What the table depends on, read cheaply (two queries): one aggregate over the
    counted matches (how many, the last id, the last completion: a new, imported,
    voided or re-flagged match changes it) and the data mark of the results and
    teams; as the one freshness key (``page_cache.page_key``)."""
    m = matches.aggregate(n=Count("id"), top=Max("id"), last=Max("completed_at"))
    last = m["last"].timestamp() if m["last"] else 0
    counted = f"{m['n']}.{m['top']}.{last}"
    return page_key("standings", scope, counted, data_mark(TABLE_MARKS))


def _cached(
    scope: str, matches: QuerySet[Match], value: str, *, fresh: bool
) -> list[StandingRow]:
    return cached(
        table_key(scope, matches),
        lambda: _table(matches, value),
        CACHE_SECONDS,
        fresh=fresh,
    )


def championship_scope(season_id: int) -> str:
    return f"championship:{season_id}"


def grand_prix_scope(competition_id: int) -> str:
    return f"grand_prix:{competition_id}"


def championship_table(*, season: Season, fresh: bool = False) -> list[StandingRow]:
    """The Team Championship table (R15): points = sum of match points (R11); ties by
    best single match, then best trophy, else a shared rank."""
    return _cached(
        championship_scope(season.pk),
        championship_matches(season.pk),
        "points",
        fresh=fresh,
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
