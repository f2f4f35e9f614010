"""The yearly free-games table (R15): Royal free games count their match points
(R11), variant games the points an official entered; the table names the winner."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Sum

from competitions.models import Competition, Match, MatchResult, Season, VariantScore
from tarokk_admin.core.ranking import shared_ranks


def free_games_table(*, season: Season) -> list[dict[str, Any]]:
    """Two queries. Rows by total (higher first); equal totals share a rank (1, 2, 2,
    4), by team name within it."""
    rows: dict[int, dict[str, Any]] = {}

    def row(team_id: int, name: str) -> dict[str, Any]:
        return rows.setdefault(
            team_id,
            {
                "team_id": team_id,
                "team": name,
                "royal_games": 0,
                "royal_points": 0,
                "variant_games": 0,
                "variant_points": 0,
            },
        )

    for item in (
        MatchResult.objects.filter(
            match__competition__season=season,
            match__competition__kind=Competition.Kind.FREE,
            match__status=Match.Status.COMPLETED,
        )
        .values("team_id", "team__name")
        .annotate(n=Count("id"), points=Sum("points"))
    ):
        entry = row(item["team_id"], item["team__name"])
        entry["royal_games"], entry["royal_points"] = item["n"], item["points"] or 0
    for item in (
        VariantScore.objects.filter(
            game__competition__season=season,
            game__competition__kind=Competition.Kind.FREE,
        )
        .values("team_id", "team__name")
        .annotate(n=Count("id"), points=Sum("points"))
    ):
        entry = row(item["team_id"], item["team__name"])
        entry["variant_games"], entry["variant_points"] = item["n"], item["points"] or 0
    ordered = sorted(rows.values(), key=lambda r: r["team"].casefold())
    for entry in ordered:
        entry["total"] = entry["royal_points"] + entry["variant_points"]
    ordered.sort(key=lambda r: r["total"], reverse=True)
    for entry, rank in zip(
        ordered, shared_ranks(ordered, lambda row: row["total"]), strict=True
    ):
        entry["rank"] = rank
    return ordered


def free_games_winners(rows: list[dict[str, Any]]) -> list[str]:
    return [row["team"] for row in rows if row["rank"] == 1]
