"""Reading the season statistics (``stats.models.SeasonStatistics``): the federation,
a team, a player, and the lists. Plain data with catalogue codes, the same for the
pages and the JSON API (names are put into the visitor's language by the views).

Each function reads a fixed number of rows whatever the season's size: the
federation page one row per season, a team or player page one row, a list the
headline columns of its rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from competitions.models import Player, Season, Team
from scoring.engine.catalogue import FEASTS, SHEET_ORDER
from stats.models import Scope, SeasonStatistics
from stats.rules.counting import HEADLINES, ROLES, SIDES
from tarokk_admin.core.collation import collation_key

# The paper score sheet's sections (R13), then silent premiums and messages.
GROUP_ORDER = SHEET_ORDER


def average(total: int, count: int) -> float | None:
    """``total / count`` to two decimals; None when nothing was counted."""
    return round(total / count, 2) if count else None


def share(part: int, whole: int) -> float | None:
    """``part`` as a percentage of ``whole`` to one decimal; None for 0 of 0."""
    return round(100 * part / whole, 1) if whole else None


def _hand_averages(source: Any) -> dict[str, float | None]:
    return {
        "attack": average(source.score_attack, source.hands_attack),
        "defence": average(source.score_defence, source.hands_defence),
    }


def _trophies(counts: Mapping[str, int], prefix: str = "") -> dict[str, Any]:
    by_trophy = [
        {"trophy": code, "count": counts[f"trophy:{code}"]}
        for code, feast in FEASTS.items()
        if feast.is_trophy and counts.get(f"trophy:{code}")
    ]
    return {
        "count": counts.get("trophies", 0),
        "points": counts.get("trophy_points", 0),
        "by_trophy": sorted(by_trophy, key=lambda row: -row["count"]),
    }


def _announcements(counts: Mapping[str, int], prefix: str = "") -> list[dict]:
    """The feasts announced (by this subject), in catalogue order, with how often
    each was made (R6)."""
    return [
        {
            "feast": code,
            "group": str(feast.group),
            "value": feast.value,
            "announced": counts[f"{prefix}announced:{code}"],
            "made": counts.get(f"{prefix}made:{code}", 0),
        }
        for code, feast in FEASTS.items()
        if counts.get(f"{prefix}announced:{code}")
    ]


def _contras(counts: Mapping[str, int], prefix: str = "") -> list[dict]:
    """Contras called (R8), most frequent first, with their outcome for the caller."""
    rows = []
    for code in FEASTS:
        given = counts.get(f"{prefix}contra:{code}", 0)
        if given:
            won = counts.get(f"{prefix}contra_won:{code}", 0)
            rows.append(
                {"feast": code, "given": given, "won": won, "lost": given - won}
            )
    return sorted(rows, key=lambda row: (-row["given"], FEASTS[row["feast"]].row))


def _silent(counts: Mapping[str, int]) -> list[dict]:
    return [
        {"premium": code, "count": counts[f"silent:{code}"]}
        for code, feast in FEASTS.items()
        if feast.is_silent and counts.get(f"silent:{code}")
    ]


def _catalogue(counts: Mapping[str, int]) -> list[dict]:
    """Every one of the 70 announcements (R13), by group: announced and made; a
    silent premium is never announced, so it has ``announced`` None and ``made`` the
    times it scored (R7)."""
    rows = []
    for group in GROUP_ORDER:
        for code, feast in FEASTS.items():
            if feast.group is not group:
                continue
            silent = feast.is_silent
            announced = None if silent else counts.get(f"announced:{code}", 0)
            made = counts.get(f"{'silent' if silent else 'made'}:{code}", 0)
            rows.append(
                {
                    "feast": code,
                    "group": str(group),
                    "value": feast.value,
                    "announced": announced,
                    "made": made,
                    "made_share": share(made, announced) if announced else None,
                    "contras": counts.get(f"contra:{code}", 0),
                    "contras_won": counts.get(f"contra_won:{code}", 0),
                }
            )
    return rows


def _season_line(row: SeasonStatistics) -> dict[str, Any]:
    return {
        "season": row.season.year,
        "matches": row.matches,
        "hands": row.hands,
        "trophies": row.trophies,
        "trophy_points": row.trophy_points,
        "average_hand_score": average(
            row.score_attack + row.score_defence, 2 * row.hands
        ),
        "average_match_points": average(row.match_points, 2 * row.matches),
    }


def federation_season(season: Season) -> dict[str, Any]:
    """The federation's season (2 queries): every announcement by group, trophies,
    average hand and match scores, the most frequent contras, the months; and one
    line per season for the charts across seasons."""
    rows = list(
        SeasonStatistics.objects.filter(scope=Scope.FEDERATION)
        .select_related("season")
        .order_by("season__year")
    )
    row = next((r for r in rows if r.season_id == season.pk), None)
    row = row or SeasonStatistics(season=season, scope=Scope.FEDERATION)
    counts = row.counts or {}
    months = []
    for month in range(1, 13):
        hands = counts.get(f"month:{month:02d}:hands", 0)
        if hands:
            score = counts.get(f"month:{month:02d}:score", 0)
            months.append(
                {
                    "month": month,
                    "hands": hands,
                    "average_hand_score": average(score, 2 * hands),
                }
            )
    return {
        "season": season.year,
        "matches": row.matches,
        "hands": row.hands,
        "match_points": row.match_points,
        "average_match_points": average(row.match_points, 2 * row.matches),
        "average_hand_score": {
            "all": average(row.score_attack + row.score_defence, 2 * row.hands),
            **_hand_averages(row),
        },
        "announcements": _catalogue(counts),
        "contras": _contras(counts),
        "silent": _silent(counts),
        "trophies": _trophies(counts),
        "months": months,
        "seasons": [_season_line(r) for r in rows],
    }


def seasons_overview() -> list[dict[str, Any]]:
    """One line per season with statistics (1 query)."""
    return [
        _season_line(row)
        for row in SeasonStatistics.objects.filter(scope=Scope.FEDERATION)
        .select_related("season")
        .order_by("season__year")
    ]


def team_season(season: Season, team: Team) -> dict[str, Any]:
    """A team's season (1 query): matches, points, average hand score in attack and
    defence, feasts announced and made, contras given and their outcome, silent
    premiums, trophies."""
    row = SeasonStatistics.objects.filter(
        season=season, scope=Scope.TEAM, team=team
    ).first() or SeasonStatistics(season=season, scope=Scope.TEAM, team=team)
    counts = row.counts or {}
    return {
        "season": season.year,
        "team": {"id": team.pk, "name": team.name},
        "matches": row.matches,
        "match_points": row.match_points,
        "average_match_points": average(row.match_points, row.matches),
        "hands": {side: getattr(row, f"hands_{side}") for side in SIDES},
        "average_hand_score": _hand_averages(row),
        "announcements": _announcements(counts),
        "contras": _contras(counts),
        "contra_points": counts.get("contra_points", 0),
        "silent": _silent(counts),
        "trophies": _trophies(counts),
    }


def _role(counts: Mapping[str, int], role: str) -> dict[str, Any]:
    prefix = f"{role}:"
    hands = {side: counts.get(f"{prefix}hands:{side}", 0) for side in SIDES}
    return {
        "matches": counts.get(f"{prefix}matches", 0),
        "match_points": counts.get(f"{prefix}match_points", 0),
        "hands": hands,
        "average_hand_score": {
            side: average(counts.get(f"{prefix}score:{side}", 0), hands[side])
            for side in SIDES
        },
        "announcements": _announcements(counts, prefix),
        "contras": _contras(counts, prefix),
    }


def player_season(season: Season, player: Player) -> dict[str, Any]:
    """A player's season (1 query), per role in the line-ups (R15): the team's
    matches and hand scores while playing it, the player's own announcements and
    contras; and the trophies credited to the player (R14)."""
    row = SeasonStatistics.objects.filter(
        season=season, scope=Scope.PLAYER, player=player
    ).first() or SeasonStatistics(season=season, scope=Scope.PLAYER, player=player)
    counts = row.counts or {}
    return {
        "season": season.year,
        "player": {"id": player.pk, "name": player.name},
        "matches": row.matches,
        "hands": row.hands,
        "announced": row.announced,
        "made": row.made,
        "roles": {role: _role(counts, role) for role in ROLES},
        "trophies": _trophies(counts),
    }


def _list_line(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "matches": row["matches"],
        "match_points": row["match_points"],
        "average_match_points": average(row["match_points"], row["matches"]),
        "hands": row["hands"],
        "average_hand_score": {
            side: average(row[f"score_{side}"], row[f"hands_{side}"]) for side in SIDES
        },
        "announced": row["announced"],
        "made": row["made"],
        "made_share": share(row["made"], row["announced"]),
        "contras": row["contras"],
        "contras_won": row["contras_won"],
        "trophies": row["trophies"],
        "trophy_points": row["trophy_points"],
    }


def team_rows(season: Season) -> list[dict[str, Any]]:
    """Every team with statistics this season, by name (1 query, headline columns)."""
    rows = SeasonStatistics.objects.filter(season=season, scope=Scope.TEAM).values(
        "team_id", "team__name", *HEADLINES
    )
    return sorted(
        (
            {"id": row["team_id"], "team": row["team__name"], **_list_line(row)}
            for row in rows
        ),
        key=lambda line: collation_key(line["team"]),
    )


def player_rows(season: Season) -> list[dict[str, Any]]:
    """Every player with statistics this season, by name (1 query)."""
    rows = SeasonStatistics.objects.filter(season=season, scope=Scope.PLAYER).values(
        "player_id", "player__name", *HEADLINES
    )
    return sorted(
        (
            {"id": row["player_id"], "player": row["player__name"], **_list_line(row)}
            for row in rows
        ),
        key=lambda line: collation_key(line["player"]),
    )
