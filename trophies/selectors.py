"""Reading the national trophy list (R14): the ranked list, the awards, a player's
trophies and cups. Every function runs a fixed number of queries.

Search (UX.md, HAND_RECORD.md): the query is folded like ``Player.name_folded``
(lower case, accents removed: "Kovács" -> "kovacs") and split into words; a player
matches when every word occurs anywhere in the folded name ("kovacs", "KOVÁCS",
"eva kov" and "ács" all find "Kovács Éva").
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models import F, Max, Min, Q, QuerySet, Sum

from competitions.models import RECOGNISED_VARIANTS, Player, VariantSitting
from tarokk_admin.core.collation import collation_key, hu
from tarokk_admin.core.ranking import rank_above, shared_ranks
from tarokk_admin.core.text import fold
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
    players with more points in the same list; within a rank by name in the
    Hungarian order (core/collation.py: "Gödöllői" before "Győri"). The
    name search narrows the rows but keeps each player's rank in the whole list.
    Without a trophy, year or variant filter the points come from the kept tally
    (one indexed query, paginated by the database); with one, they are summed from
    the matching awards in one query.
    """
    if not filters.narrows_awards:
        # "name_sort" orders by name the Hungarian way (core/collation.py).
        rows = TrophyTally.objects.filter(points__gt=0).annotate(
            name=F("player__name"), name_sort=hu("player__name")
        )
        if filters.q.strip():
            rows = rows.filter(player_id__in=players_named(filters.q))
        return rows.values("player_id", "name", "name_sort", "points").order_by(
            "-points", "name_sort", "player_id"
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
    for total in totals:
        total["name_sort"] = collation_key(total["name"])  # the table's A-Z
    rows = ranked(
        sorted(
            totals,
            key=lambda r: (-r["points"], r["name_sort"], r["player_id"]),
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
            row["rank"] = rank_above(above[row["points"]])


def ranked(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Give rows already in order (points descending) their shared rank (1, 2, 2, 4)."""
    result = list(rows)
    for row, rank in zip(
        result, shared_ranks(result, lambda row: row["points"]), strict=True
    ):
        row["rank"] = rank
    return result


def tally_rows() -> QuerySet[Any]:
    """Every player with trophy points, by points then name (R14): one query."""
    return (
        TrophyTally.objects.filter(points__gt=0)
        .annotate(name=F("player__name"))
        .values("player_id", "name", "points")
        .order_by("-points", hu("player__name"), "player_id")
    )


def trophy_cups_of(player_ids: Iterable[int] | None) -> dict[int, list[TrophyCup]]:
    """Each player's cups, by threshold (every player's for ``None``): one query."""
    cups: dict[int, list[TrophyCup]] = defaultdict(list)
    queryset = TrophyCup.objects.order_by("player_id", "threshold")
    if player_ids is not None:
        queryset = queryset.filter(player_id__in=list(player_ids))
    for cup in queryset:
        cups[cup.player_id].append(cup)
    return cups


def trophy_cup_thresholds_by_player() -> dict[int, list[int]]:
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


def trophy_cup_thresholds() -> tuple[int, ...]:
    """The thresholds from the settings (R14: 100, 250, 500, 1000), ascending."""
    return tuple(sorted(set(settings.TROPHY_CUP_THRESHOLDS)))


def sitting_trophies(sitting: Any) -> list[TrophyAward]:
    """The trophies entered against a variant sitting (R14): one query."""
    return list(
        TrophyAward.objects.filter(sitting=sitting)
        .select_related("player", "partner")
        .order_by("-value", "id")
    )


def sittings_for_trophies(limit: int = 50) -> list[Any]:
    """Confirmed sittings of recognised variants, newest first, that a trophy may be
    entered against (R14): one query."""
    return list(
        VariantSitting.objects.filter(
            status=VariantSitting.Status.CONFIRMED,
            variant__in=RECOGNISED_VARIANTS,
            results__player__isnull=False,
        )
        .distinct()
        .order_by("-date", "-id")[:limit]
    )


def archive_awards(*, q: str = "", year: int | None = None) -> QuerySet[TrophyAward]:
    """Archive awards (R14), newest first, by player name and year."""
    awards = TrophyAward.objects.filter(source=TrophyAward.Source.ARCHIVE)
    if q.strip():
        awards = awards.filter(player_id__in=players_named(q))
    if year:
        awards = awards.filter(date__year=year)
    return awards.select_related("player", "partner").order_by("-date", "-id")


def archive_awards_withdrawn(limit: int = 20) -> list[Any]:
    """The archive awards officials withdrew last, with who and why: one query."""
    return list(
        TrophyAward.history.filter(history_type="-", source=TrophyAward.Source.ARCHIVE)
        .select_related("player", "history_user__player")
        .order_by("-history_date")[:limit]
    )
