"""The federation's season statistics and the lists of teams and players.

Bodies are cached (``tarokk_admin.core.page_cache``) under the data mark that
``season_with_mark`` reads with the season: a warm page is one query."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.selectors.seasons import season_current, season_years
from stats.selectors.season import federation_season, player_rows, team_rows
from stats.tables import (
    AnnouncementTable,
    ContraTable,
    PlayerStatisticsTable,
    TeamStatisticsTable,
    decimal,
)
from stats.views.common import (
    body_key,
    export_links,
    feast_lines,
    figure,
    season_with_mark,
    tables_configure,
    tables_export,
)
from tarokk_admin.core.charts import bar_chart, line_chart
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import cached_body
from tarokk_admin.core.tables import table_configure, table_export

TOP_FEASTS = 12


@get_only
def statistics_current(request: HttpRequest) -> HttpResponse:
    """``/statistics/`` leads to the current season."""
    season = season_current()
    if season is None:
        return render(request, "statistics/no_season.html", {"section": "statistics"})
    return redirect("statistics:season", year=season.year)


def _federation_tables(data: dict) -> dict:
    return {
        "announcements": AnnouncementTable(feast_lines(data["announcements"])),
        "contras": ContraTable(feast_lines(data["contras"]), prefix="contras-"),
    }


def _federation_charts(data: dict) -> dict:
    announced = [row for row in data["announcements"] if row["announced"]]
    top = sorted(announced, key=lambda row: -row["announced"])[:TOP_FEASTS]
    lines = feast_lines(top)
    return {
        "feasts": bar_chart(
            [(line["name"], line["announced"], line["made"]) for line in lines]
        ),
        "months": line_chart(
            [
                (_month_label(row["month"]), row["average_hand_score"] or 0)
                for row in data["months"]
            ]
        ),
        "trophies": line_chart(
            [(str(row["season"]), row["trophies"]) for row in data["seasons"]]
        ),
    }


def _federation_figures(data: dict) -> list[dict]:
    hands = data["average_hand_score"]
    contras = sum(row["given"] for row in data["contras"])
    won = sum(row["won"] for row in data["contras"])
    return [
        figure(
            _("Matches"),
            data["matches"],
            ngettext("%(n)s hand", "%(n)s hands", data["hands"]) % {"n": data["hands"]},
            "matches",
        ),
        figure(
            _("Average hand score"),
            decimal(hands["all"]),
            _("attack %(a)s · defence %(d)s")
            % {"a": decimal(hands["attack"]), "d": decimal(hands["defence"])},
            "average-hand",
        ),
        figure(
            _("Average match points"),
            decimal(data["average_match_points"]),
            _("per team and match (R11)"),
            "average-match",
        ),
        figure(
            _("Trophies made"),
            data["trophies"]["count"],
            _("%(n)s trophy points") % {"n": data["trophies"]["points"]},
            "trophies",
        ),
        figure(
            _("Contras"),
            contras,
            _("%(n)s won by the caller") % {"n": won},
            "contras",
        ),
    ]


def _month_label(month: int) -> str:
    """The month's short name as the reader's language writes it ("jan.", "Jan.")."""
    from django.utils.dates import MONTHS_AP

    return str(MONTHS_AP[month])


@get_only
def federation_page(request: HttpRequest, year: int) -> HttpResponse:
    """The federation's season: every announcement by group, trophies, average hand
    and match scores, the most frequent contras; charts with text alternatives."""
    season = season_with_mark(year)
    if "_export" in request.GET:
        tables = _federation_tables(federation_season(season))
        tables_configure(request, tables)
        return tables_export(  # type: ignore[return-value]
            request,
            tables,
            f"statistics-{season.year}",
            _("Statistics %(year)s") % {"year": season.year},
        )

    def body() -> str:
        data = federation_season(season)
        tables = _federation_tables(data)
        tables_configure(request, tables)
        return render_to_string(
            "statistics/_season_body.html",
            {
                "season": season,
                "years": season_years(),
                "data": data,
                "tables": tables,
                "exports": export_links(request, tables),
                "charts": _federation_charts(data),
                "figures": _federation_figures(data),
                "trophy_lines": feast_lines(
                    [
                        {"feast": row["trophy"], "count": row["count"]}
                        for row in data["trophies"]["by_trophy"]
                    ]
                ),
                "silent_lines": feast_lines(
                    [
                        {"feast": r["premium"], "count": r["count"]}
                        for r in data["silent"]
                    ]
                ),
                "request": request,
            },
        )

    return render(
        request,
        "statistics/season.html",
        {
            "season": season,
            "body": cached_body(body_key(request, "season", season), body),
            "section": "statistics",
        },
    )


def _list_page(request: HttpRequest, year: int, kind: str) -> HttpResponse:
    season = season_with_mark(year)
    rows_of, table_class, name_key = {
        "teams": (team_rows, TeamStatisticsTable, "team"),
        "players": (player_rows, PlayerStatisticsTable, "player"),
    }[kind]

    def table():
        rows = [
            {
                **row,
                "year": season.year,
                "sort_key": collation_key(row[name_key]),
                "average_attack": row["average_hand_score"]["attack"],
                "average_defence": row["average_hand_score"]["defence"],
            }
            for row in rows_of(season)
        ]
        built = table_class(rows)
        table_configure(request, built)
        return built

    if "_export" in request.GET:
        built = table()
        return table_export(  # type: ignore[return-value]
            request,
            built,
            f"statistics-{season.year}-{kind}",
            title=f"{built.title} – {season.year}",
        )

    def body() -> str:
        return render_to_string(
            "statistics/_list_body.html",
            {
                "season": season,
                "years": season_years(),
                "kind": kind,
                "table": table(),
                "exports": {"list": export_links(request, [kind])[kind]},
                "request": request,
            },
        )

    return render(
        request,
        "statistics/list.html",
        {
            "season": season,
            "kind": kind,
            "body": cached_body(body_key(request, kind, season), body),
            "section": "statistics",
        },
    )


@get_only
def teams_page(request: HttpRequest, year: int) -> HttpResponse:
    """Every team's season in one sortable, exportable table."""
    return _list_page(request, year, "teams")


@get_only
def players_page(request: HttpRequest, year: int) -> HttpResponse:
    """Every player's season in one sortable, exportable table."""
    return _list_page(request, year, "players")
