"""A team's and a player's season statistics."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.models import Player, Team
from stats.rules.counting import ROLES
from stats.selectors.season import player_season, team_season
from stats.tables import ContraTable, FeastTable, decimal
from stats.views.common import (
    body_key,
    export_links,
    feast_lines,
    figure,
    season_with_mark,
    tables_configure,
    tables_export,
)
from tarokk_admin.core.charts import bar_chart
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import cached_body

TOP_FEASTS = 10


def _feast_chart(rows: list[dict]) -> dict:
    top = sorted(rows, key=lambda row: -row["announced"])[:TOP_FEASTS]
    return bar_chart([(r["name"], r["announced"], r["made"]) for r in top])


def _contra_chart(rows: list[dict]) -> dict:
    return bar_chart([(r["name"], r["given"], r["won"]) for r in rows[:TOP_FEASTS]])


def _team_parts(data: dict) -> tuple[dict, dict]:
    feasts = feast_lines(data["announcements"])
    contras = feast_lines(data["contras"])
    tables = {
        "feasts": FeastTable(feasts),
        "contras": ContraTable(contras, prefix="contras-"),
    }
    charts = {"feasts": _feast_chart(feasts), "contras": _contra_chart(contras)}
    return tables, charts


def _team_figures(data: dict) -> list[dict]:
    hands, averages = data["hands"], data["average_hand_score"]
    return [
        figure(_("Matches"), data["matches"], "", "matches"),
        figure(
            _("Match points"),
            data["match_points"],
            _("%(n)s a match on average")
            % {"n": decimal(data["average_match_points"])},
            "match-points",
        ),
        figure(
            _("Average hand in attack"),
            decimal(averages["attack"]),
            ngettext("%(n)s hand", "%(n)s hands", hands["attack"])
            % {"n": hands["attack"]},
            "attack",
        ),
        figure(
            _("Average hand in defence"),
            decimal(averages["defence"]),
            ngettext("%(n)s hand", "%(n)s hands", hands["defence"])
            % {"n": hands["defence"]},
            "defence",
        ),
        figure(
            _("Contra points"),
            data["contra_points"],
            _("capped at ±20 a hand (R8)"),
            "contra-points",
        ),
        figure(
            _("Trophies made"),
            data["trophies"]["count"],
            _("%(n)s trophy points") % {"n": data["trophies"]["points"]},
            "trophies",
        ),
    ]


def _player_figures(data: dict) -> list[dict]:
    contras = sum(
        row["given"] for part in data["roles"].values() for row in part["contras"]
    )
    won = sum(row["won"] for part in data["roles"].values() for row in part["contras"])
    return [
        figure(_("Matches"), data["matches"], "", "matches"),
        figure(_("Hands"), data["hands"], "", "hands"),
        figure(
            _("Announcements"),
            data["announced"],
            _("%(n)s made") % {"n": data["made"]},
            "announced",
        ),
        figure(
            _("Contras given"),
            contras,
            _("%(n)s won") % {"n": won},
            "contras",
        ),
        figure(
            _("Trophies credited"),
            data["trophies"]["count"],
            _("%(n)s trophy points") % {"n": data["trophies"]["points"]},
            "trophies",
        ),
    ]


def _subject(model, year: int, pk: int, message: str):
    """The season and the team or player of the page, in the page's one query."""
    season = season_with_mark(year, model, pk)
    if season.subject_name is None:
        raise Http404(message)
    return season, model(pk=pk, name=season.subject_name)


@get_only
def team_page(request: HttpRequest, year: int, pk: int) -> HttpResponse:
    """A team's season: matches, points, average hand score in attack and defence,
    the feasts it announced and how often each was made, contras given and their
    outcome, silent premiums, trophies."""
    season, team = _subject(Team, year, pk, _("There is no such team."))
    if "_export" in request.GET:
        tables, _charts = _team_parts(team_season(season, team))
        tables_configure(request, tables)
        return tables_export(  # type: ignore[return-value]
            request, tables, f"statistics-{year}-team-{pk}", f"{team.name} {year}"
        )

    def body() -> str:
        data = team_season(season, team)
        tables, charts = _team_parts(data)
        tables_configure(request, tables)
        return render_to_string(
            "statistics/_team_body.html",
            {
                "season": season,
                "team": team,
                "data": data,
                "tables": tables,
                "exports": export_links(request, tables),
                "charts": charts,
                "figures": _team_figures(data),
                "silent_lines": feast_lines(
                    [
                        {"feast": r["premium"], "count": r["count"]}
                        for r in data["silent"]
                    ]
                ),
                "trophy_lines": _trophy_lines(data),
                "request": request,
            },
        )

    return render(
        request,
        "statistics/subject.html",
        {
            "title": _("%(name)s: statistics %(year)s")
            % {"name": team.name, "year": season.year},
            "body": cached_body(body_key(request, "team", season, team.pk), body),
            "section": "statistics",
        },
    )


def _trophy_lines(data: dict) -> list[dict]:
    return feast_lines(
        [
            {"feast": row["trophy"], "count": row["count"]}
            for row in data["trophies"]["by_trophy"]
        ]
    )


def _player_parts(data: dict, request=None) -> tuple[dict, list[dict]]:
    tables: dict = {}
    roles = []
    for role in ROLES:
        part = data["roles"][role]
        if not part["hands"]["attack"] + part["hands"]["defence"]:
            continue
        feasts = feast_lines(part["announcements"])
        contras = feast_lines(part["contras"])
        tables[role] = FeastTable(feasts, prefix=f"{role}-")
        tables[f"{role}-contras"] = ContraTable(contras, prefix=f"{role}-contras-")
        roles.append(
            {
                "role": role,
                "data": part,
                "feasts": tables[role],
                "contras": tables[f"{role}-contras"],
                "chart": _feast_chart(feasts),
            }
        )
    if request is not None:
        links = export_links(request, tables)
        for part in roles:
            part["links"] = links[part["role"]]
            part["contras_links"] = links[f"{part['role']}-contras"]
    return tables, roles


def _role_labels(tables: dict) -> dict[str, str]:
    """What each of a player's tables is: the announcements or contras as driver or
    as catcher."""
    roles = {"driver": _("as driver"), "catcher": _("as catcher")}
    labels = {}
    for role, words in roles.items():
        labels[role] = f"{_('Announcements')} {words}"
        labels[f"{role}-contras"] = f"{_('Contras')} {words}"
    return {name: label for name, label in labels.items() if name in tables}


@get_only
def player_page(request: HttpRequest, year: int, pk: int) -> HttpResponse:
    """A player's season, per role (driver, catcher): the team's hands while playing
    it, the player's own announcements and contras, and the trophies credited."""
    season, player = _subject(Player, year, pk, _("There is no such player."))
    if "_export" in request.GET:
        tables, _roles = _player_parts(player_season(season, player))
        if not tables:
            raise Http404(_("This player has no statistics this season."))
        tables_configure(request, tables)
        return tables_export(  # type: ignore[return-value]
            request,
            tables,
            f"statistics-{year}-player-{pk}",
            f"{player.name} {year}",
            _role_labels(tables),
        )

    def body() -> str:
        data = player_season(season, player)
        tables, roles = _player_parts(data, request)
        tables_configure(request, tables)
        return render_to_string(
            "statistics/_player_body.html",
            {
                "season": season,
                "player": player,
                "data": data,
                "roles": roles,
                "figures": _player_figures(data),
                "trophy_lines": _trophy_lines(data),
                "request": request,
            },
        )

    return render(
        request,
        "statistics/subject.html",
        {
            "title": _("%(name)s: statistics %(year)s")
            % {"name": player.name, "year": season.year},
            "body": cached_body(body_key(request, "player", season, player.pk), body),
            "section": "statistics",
        },
    )
