"""The year's free-games tables (R15): one per variant, players ranked by the sum of
their confirmed points in that variant; and the Royal free-games table, teams ranked
by match points (R11). Points of different variants are never added together: each
Royal variant, training and test game has a table under its own name. Equal points
share a rank (1, 2, 2, 4), by name (compared without accents) within it.

A sitting carried over from the team-based entries holds teams: in its variant's
table such a row is the team's (``entrant`` "team").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Sum
from django.utils.text import slugify
from django.utils.translation import gettext as _

from competitions.models import (
    Competition,
    FreeGamesClosing,
    Match,
    MatchResult,
    Player,
    Season,
    SittingResult,
    Variant,
    VariantSitting,
)
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.ranking import shared_ranks
from tarokk_admin.core.text import fold

ROYAL = "royal"
VARIANT_ORDER = {value: index for index, value in enumerate(Variant.values)}


@dataclass
class FreeRow:
    rank: int
    entrant: str  # "player" or "team"
    id: int
    name: str
    games: int
    points: int

    @property
    def name_sort(self) -> tuple[Any, ...]:
        """The name as the Hungarian order sorts it (a table's A-Z)."""
        return collation_key(self.name)

    def as_api(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "entrant": self.entrant,
            "id": self.id,
            "name": self.name,
            "games": self.games,
            "points": self.points,
        }


@dataclass
class FreeTable:
    key: str
    variant: str  # "" for the Royal free games
    name: str  # the game's own name (Royal variants, training, test), else ""
    rows: list[FreeRow] = field(default_factory=list)

    @property
    def title(self) -> str:
        if not self.variant:
            return _("Royal free games")
        label = str(Variant(self.variant).label)
        return f"{label}: {self.name}" if self.name else label

    @property
    def leaders(self) -> list[FreeRow]:
        return [row for row in self.rows if row.rank == 1]

    @property
    def leader_names(self) -> list[str]:
        return [row.name for row in self.leaders]


def table_key(variant: str, name: str) -> str:
    """A table's stable key in addresses (``?table=``) and the API."""
    if not variant:
        return ROYAL
    return f"{variant}-{slugify(name)}" if name else variant


def _ranked(rows: Iterable[FreeRow]) -> list[FreeRow]:
    ordered = sorted(rows, key=lambda r: (-r.points, collation_key(r.name), r.id))
    for row, rank in zip(
        ordered, shared_ranks(ordered, lambda r: r.points), strict=True
    ):
        row.rank = rank
    return ordered


def royal_free_table(season: Season) -> FreeTable:
    """Teams by the sum of their match points (R11) in completed Royal free games:
    one query."""
    rows = [
        FreeRow(
            0, "team", item["team_id"], item["team__name"], item["n"], item["p"] or 0
        )
        for item in MatchResult.objects.filter(
            match__competition__season=season,
            match__competition__kind=Competition.Kind.FREE,
            match__status=Match.Status.COMPLETED,
        )
        .values("team_id", "team__name")
        .annotate(n=Count("id"), p=Sum("points"))
    ]
    return FreeTable(ROYAL, "", "", _ranked(rows))


def _variant_rows(season_ids: list[int]) -> Any:
    return (
        SittingResult.objects.filter(
            sitting__season_id__in=season_ids,
            sitting__status=VariantSitting.Status.CONFIRMED,
        )
        .values(
            "sitting__season_id",
            "sitting__variant",
            "sitting__name",
            "player_id",
            "player__name",
            "team_id",
            "team__name",
        )
        .annotate(n=Count("id"), p=Sum("points"))
        .order_by()
    )


def _variant_tables(items: Iterable[dict[str, Any]]) -> dict[Any, list[FreeTable]]:
    """Tables per season from the aggregated rows, in the order of the variants
    (named games by name)."""
    grouped: dict[Any, dict[tuple[str, str], list[FreeRow]]] = defaultdict(
        lambda: defaultdict(list)
    )
    for item in items:
        if item["player_id"] is not None:
            row = FreeRow(0, "player", item["player_id"], item["player__name"], 0, 0)
        else:
            row = FreeRow(0, "team", item["team_id"], item["team__name"], 0, 0)
        row.games, row.points = item["n"], item["p"] or 0
        key = (item["sitting__variant"], item["sitting__name"])
        grouped[item["sitting__season_id"]][key].append(row)
    tables: dict[Any, list[FreeTable]] = {}
    for season_id, by_key in grouped.items():
        ordered = sorted(
            by_key, key=lambda k: (VARIANT_ORDER.get(k[0], 99), fold(k[1]), k[1])
        )
        tables[season_id] = [
            FreeTable(table_key(*k), k[0], k[1], _ranked(by_key[k])) for k in ordered
        ]
    return tables


def free_games_tables(*, season: Season) -> list[FreeTable]:
    """The Royal free-games table, then one table per variant (and per name): two
    queries. Only confirmed sittings and completed matches count."""
    variant = _variant_tables(_variant_rows([season.pk])).get(season.pk, [])
    return [royal_free_table(season), *variant]


def free_games_closing(season: Season) -> FreeGamesClosing | None:
    """The season's closing with its winners, or None: two queries."""
    return (
        FreeGamesClosing.objects.filter(season=season)
        .select_related("closed_by__player")
        .prefetch_related("winners")
        .first()
    )


def free_games_closed_years(years: Iterable[int]) -> set[int]:
    """Which of these years have their free games closed: one query."""
    return set(
        FreeGamesClosing.objects.filter(season__year__in=list(years)).values_list(
            "season__year", flat=True
        )
    )


@dataclass
class PlayerFreeResult:
    year: int
    variant: str
    key: str
    title: str
    games: int
    points: int
    rank: int
    of: int


def player_free_games(player: Player) -> list[PlayerFreeResult]:
    """The player's confirmed free-games results per year and variant table, with
    the rank in that table (R15): three queries."""
    combos = set(
        SittingResult.objects.filter(
            player=player, sitting__status=VariantSitting.Status.CONFIRMED
        ).values_list("sitting__season_id", "sitting__variant", "sitting__name")
    )
    if not combos:
        return []
    seasons = dict(
        Season.objects.filter(pk__in={c[0] for c in combos}).values_list("pk", "year")
    )
    tables = _variant_tables(_variant_rows(list(seasons)))
    results = []
    for season_id, season_tables in tables.items():
        for table in season_tables:
            if (season_id, table.variant, table.name) not in combos:
                continue
            row = next(
                r for r in table.rows if r.entrant == "player" and r.id == player.pk
            )
            results.append(
                PlayerFreeResult(
                    seasons[season_id],
                    table.variant,
                    table.key,
                    table.title,
                    row.games,
                    row.points,
                    row.rank,
                    len(table.rows),
                )
            )
    results.sort(key=lambda r: (-r.year, VARIANT_ORDER[r.variant], fold(r.title)))
    return results
