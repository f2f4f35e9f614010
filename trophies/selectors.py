"""Reading the national trophy list (R14): the ranked list, the awards, a player's
trophies and cups. Every function runs a fixed number of queries.

Search (UX.md, HAND_RECORD.md): the query is folded like ``Player.name_folded``
(lower case, accents removed: "Kovács" -> "kovacs") and split into words; a player
matches when every word occurs anywhere in the folded name ("kovacs", "KOVÁCS",
"eva kov" and "ács" all find "Kovács Éva").
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import F, Max, Min, Q, QuerySet, Sum

from competitions.models import Player, Team
from competitions.models.people import fold
from trophies.models import TrophyAward, TrophyCup, TrophyTally

RANK_COUNTS_MAX = 100
ROYAL = "royal"  # the variant filter's value for trophies made in Royal matches


@dataclass(frozen=True)
class AwardFilters:
    """What the list, the awards and the API may be narrowed by (all optional)."""

    q: str = ""
    trophy: str = ""
    year: int | None = None
    variant: str = ""  # "" all, "royal" Royal matches, else a VariantGame.Variant

    @property
    def narrows_awards(self) -> bool:
        """Whether points must be summed from the awards rather than the tally."""
        return bool(self.trophy or self.year or self.variant)


def name_query(q: str, field: str = "name_folded") -> Q:
    """Every folded word of ``q`` occurs in the folded name."""
    condition = Q()
    # A NUL byte never occurs in a name (and PostgreSQL refuses it in a query).
    for word in fold(q.replace("\x00", " ")).split():
        condition &= Q(**{f"{field}__contains": word})
    return condition


def players_named(q: str) -> QuerySet[Player]:
    """Ids of the players whose folded name holds every folded word of ``q``. Used
    as a subquery: the database scans the players' folded names once, then uses the
    awards' player index (rather than checking the name of every award)."""
    return Player.objects.filter(name_query(q)).values("pk")


def awards_filtered(filters: AwardFilters) -> QuerySet[TrophyAward]:
    """Awards, newest first, narrowed by the filters."""
    awards = TrophyAward.objects.all()
    if filters.q.strip():
        awards = awards.filter(player_id__in=players_named(filters.q))
    if filters.trophy:
        awards = awards.filter(feast=filters.trophy)
    if filters.year:
        awards = awards.filter(date__year=filters.year)
    if filters.variant == ROYAL:
        awards = awards.filter(variant="")
    elif filters.variant:
        awards = awards.filter(variant=filters.variant)
    return awards.order_by("-date", "-id")


def awards_recent(filters: AwardFilters, limit: int = 10) -> list[TrophyAward]:
    return list(
        awards_filtered(filters).select_related("player", "partner", "team")[:limit]
    )


def ranking_rows(filters: AwardFilters) -> QuerySet[Any] | list[dict[str, Any]]:
    """Players with trophy points, by points then name (R14), as dicts with
    ``player_id``, ``name``, ``points`` and ``rank`` (for the tally's rows the rank
    is filled in by :func:`ranks_fill` once the page is cut).

    Ranks are shared as in the standings (1, 2, 2, 4): one more than the number of
    players with more points in the same list; within a rank by name, compared
    without accents ("Ács" before "Zala", whatever the database's collation). The
    name search narrows the rows but keeps each player's rank in the whole list.
    Without a trophy, year or variant filter the points come from the kept tally
    (one indexed query, paginated by the database); with one, they are summed from
    the matching awards in one query.
    """
    if not filters.narrows_awards:
        rows = TrophyTally.objects.filter(points__gt=0).annotate(
            name=F("player__name"), folded=F("player__name_folded")
        )
        if filters.q.strip():
            rows = rows.filter(player_id__in=players_named(filters.q))
        return rows.values("player_id", "name", "folded", "points").order_by(
            "-points", "folded", "name", "player_id"
        )
    narrowed = AwardFilters(
        trophy=filters.trophy, year=filters.year, variant=filters.variant
    )
    totals = (
        awards_filtered(narrowed)
        .order_by()
        .values("player_id")
        .annotate(
            name=F("player__name"),
            folded=F("player__name_folded"),
            points=Sum("value"),
        )
    )
    rows = ranked(
        sorted(
            totals, key=lambda r: (-r["points"], r["folded"], r["name"], r["player_id"])
        )
    )
    if filters.q.strip():
        words = fold(filters.q).split()
        rows = [r for r in rows if all(w in r["folded"] for w in words)]
    return rows


def ranks_fill(rows: list[dict[str, Any]]) -> None:
    """Give tally rows (any subset, e.g. one page or a search result) their rank in
    the whole list: one more than the players with more points. One query."""
    missing = sorted({row["points"] for row in rows if "rank" not in row})
    if not missing:
        return
    if len(missing) <= RANK_COUNTS_MAX:
        # A page: one SELECT of a counting subquery per points value, each a range
        # of the points index (a FILTER per value would scan every tally per value).
        table = TrophyTally._meta.db_table
        count = f"(SELECT COUNT(*) FROM {table} WHERE points > %s)"
        with connection.cursor() as cursor:
            cursor.execute("SELECT " + ", ".join([count] * len(missing)), missing)
            above = dict(zip(missing, cursor.fetchone(), strict=True))
    else:  # an export: every player's points, counted here
        everyone = sorted(TrophyTally.objects.values_list("points", flat=True))
        above = {p: len(everyone) - bisect_right(everyone, p) for p in missing}
    for row in rows:
        if "rank" not in row:
            row["rank"] = above[row["points"]] + 1


def ranked(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give rows already in order (points descending) their shared rank (1, 2, 2, 4)."""
    result = list(rows)
    rank = 0
    for position, row in enumerate(result, start=1):
        if position == 1 or row["points"] != result[position - 2]["points"]:
            rank = position
        row["rank"] = rank
    return result


def tally_rows() -> QuerySet[Any]:
    """Every player with trophy points, by points then name (R14): one query."""
    return (
        TrophyTally.objects.filter(points__gt=0)
        .annotate(name=F("player__name"))
        .values("player_id", "name", "points")
        .order_by("-points", "player__name_folded", "name", "player_id")
    )


def cups_of(player_ids: Iterable[int] | None) -> dict[int, list[TrophyCup]]:
    """Each player's cups, by threshold (every player's for ``None``): one query."""
    cups: dict[int, list[TrophyCup]] = defaultdict(list)
    queryset = TrophyCup.objects.order_by("player_id", "threshold")
    if player_ids is not None:
        queryset = queryset.filter(player_id__in=list(player_ids))
    for cup in queryset:
        cups[cup.player_id].append(cup)
    return cups


def cup_thresholds_by_player() -> dict[int, list[int]]:
    """Every player's cup thresholds, ascending: one query, no model instances."""
    cups: dict[int, list[int]] = defaultdict(list)
    for player_id, threshold in TrophyCup.objects.order_by(
        "player_id", "threshold"
    ).values_list("player_id", "threshold"):
        cups[player_id].append(threshold)
    return cups


def award_years() -> list[int]:
    """The years from the first trophy to the last, newest first (for the year
    filter): one query on the date index, not a scan of every award."""
    known = _years_known.get()
    if known is not None:
        return list(known)
    # Two queries: SQLite reads MIN or MAX from the index only when alone.
    first = TrophyAward.objects.aggregate(first=Min("date"))["first"]
    last = TrophyAward.objects.aggregate(last=Max("date"))["last"]
    if first is None or last is None:
        return []
    return list(range(last.year, first.year - 1, -1))


def player_trophies(player: Player) -> list[TrophyAward]:
    """Every trophy of the player, newest first, with partner and team: one query."""
    return list(
        TrophyAward.objects.filter(player=player)
        .select_related("player", "partner", "team")
        .order_by("-date", "-id")
    )


@functools.cache
def _mark_sql() -> str:
    award = TrophyAward.history.model._meta.db_table  # type: ignore[attr-defined]
    cup = TrophyCup.history.model._meta.db_table  # type: ignore[attr-defined]
    player = Player.history.model._meta.db_table  # type: ignore[attr-defined]
    team = Team.history.model._meta.db_table  # type: ignore[attr-defined]
    tally = TrophyTally._meta.db_table
    award_table = TrophyAward._meta.db_table
    return (
        f"SELECT (SELECT MAX(history_id) FROM {award}),"
        f" (SELECT MAX(history_id) FROM {cup}),"
        f" (SELECT MAX(history_id) FROM {player}),"
        f" (SELECT MAX(history_id) FROM {team}),"
        f" (SELECT MIN(date) FROM {award_table}),"
        f" (SELECT MAX(date) FROM {award_table}),"
        f" COUNT(*), SUM(points), SUM(points * (player_id % 9973 + 1))"
        f" FROM {tally}"
    )


@dataclass(frozen=True)
class TrophyDataMark:
    key: str  # changes whenever the list may show something else
    years: list[int]  # the year filter's choices, newest first (as award_years)


def trophy_data_mark() -> TrophyDataMark:
    """What the trophy list looks like now, in one query (the key of its cached
    page): the newest history row of the awards, cups, players and teams (every save
    and delete writes one, in any process), the first and last award dates (the year
    filter's choices, so the page needs no query of its own for them) and a checksum
    of the kept points (the cup task updates ``TrophyTally`` after the awards; a
    tally has no history)."""
    with connection.cursor() as cursor:
        cursor.execute(_mark_sql())
        row = cursor.fetchone()
    first, last = row[4], row[5]
    years = (
        list(range(int(str(last)[:4]), int(str(first)[:4]) - 1, -1))
        if first is not None and last is not None
        else []
    )
    return TrophyDataMark(
        ".".join("-" if value is None else str(value) for value in row), years
    )


_years_known: ContextVar[list[int] | None] = ContextVar("years_known", default=None)


@contextmanager
def years_known(years: list[int]) -> Iterator[None]:
    """Within the block, ``award_years`` answers ``years`` (read by the data mark's
    query) instead of querying the awards again."""
    token = _years_known.set(years)
    try:
        yield
    finally:
        _years_known.reset(token)
