"""What each ``api:`` address answers, by URL name: a summary, its query parameters
and the shape of its 200 answer. Path parameters come from the route itself
(:mod:`tarokk_admin.schema.document`). A new API address must be described here: a
test fails on an ``api:`` name without an entry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.engine.catalogue import TROPHIES as TROPHY_CATALOGUE
from tarokk_admin.core.params import ID, YEAR
from tarokk_admin.schema import shapes
from tarokk_admin.schema.shapes import Schema


@dataclass(frozen=True)
class Operation:
    summary: str
    answer: Schema
    tag: str
    query: list[dict[str, Any]] = field(default_factory=list)
    not_found: str | None = None  # when the 404 answer is possible, what is missing


def _query(name: str, schema: Schema, description: str, **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "schema": schema,
        "description": description,
        **extra,
    }


# Text without a NUL character, which no parameter may hold (core.request_text).
TEXT = {"type": "string", "pattern": "^[^\\u0000]*$"}
TROPHY_QUERY = _query(
    "trophy",
    {"type": "string", "enum": sorted(TROPHY_CATALOGUE)},
    "a trophy code of the catalogue (R9)",
)

OPERATIONS: dict[str, Operation] = {
    "championship": Operation(
        "The championship standings of a season (R11)",
        shapes.CHAMPIONSHIP,
        "standings",
        not_found="the season",
    ),
    "grand_prix_list": Operation(
        "The Grand Prix events of a season",
        shapes.GRAND_PRIX_LIST,
        "standings",
        query=[
            _query("season", YEAR.schema, "the season's year, e.g. 2026", required=True)
        ],
        not_found="the season",
    ),
    "grand_prix": Operation(
        "The standings of one Grand Prix event",
        shapes.GRAND_PRIX,
        "standings",
        not_found="the Grand Prix",
    ),
    "cup": Operation(
        "The cup bracket of a year (R15)", shapes.CUP, "cup", not_found="the cup"
    ),
    "free_games": Operation(
        "The free-games tables of a year, with the winners once closed (R15)",
        shapes.FREE_GAMES,
        "free games",
        not_found="the season",
    ),
    "trophy_list": Operation(
        "Every player with trophy points, ranked (R14)", shapes.TROPHY_LIST, "trophies"
    ),
    "trophies": Operation(
        "Trophies newest first, 20 a page",
        shapes.TROPHIES,
        "trophies",
        query=[
            _query("q", {**TEXT, "maxLength": 200}, "words of the player's name"),
            TROPHY_QUERY,
            _query("year", YEAR.schema, "the year of the trophies"),
            _query("page", ID.schema, "from 1; past the last page is a 404"),
        ],
        not_found="page",
    ),
    "player_trophies": Operation(
        "A player's trophy points, cups and trophies",
        shapes.PLAYER_TROPHIES,
        "trophies",
        not_found="the player",
    ),
    "statistics_seasons": Operation(
        "One line of statistics per season", shapes.SEASONS, "statistics"
    ),
    "statistics_season": Operation(
        "The federation's statistics of a season",
        shapes.SEASON,
        "statistics",
        not_found="the season",
    ),
    "statistics_teams": Operation(
        "The statistics of every team in a season",
        shapes.subject_rows("team"),
        "statistics",
        not_found="the season",
    ),
    "statistics_team": Operation(
        "One team's statistics in a season",
        shapes.TEAM,
        "statistics",
        not_found="the season or the team",
    ),
    "statistics_players": Operation(
        "The statistics of every player in a season",
        shapes.subject_rows("player"),
        "statistics",
        not_found="the season",
    ),
    "statistics_player": Operation(
        "One player's statistics in a season",
        shapes.PLAYER,
        "statistics",
        not_found="the season or the player",
    ),
}
