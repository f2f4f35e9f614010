"""The year's free-games tables (R15): the Royal free games by match points, and one
table per variant by confirmed points; CSV/XLSX of any table; the year's winners once
an official has closed it."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.models import Competition, Match, VariantSitting
from competitions.selectors.free_games import free_games_closing, free_games_tables
from competitions.selectors.matches import public_matches, with_scores
from competitions.selectors.seasons import season_current, season_or_404, season_years
from competitions.selectors.sittings import sittings_of_season
from competitions.tables import free_games_table
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import is_official
from tarokk_admin.core.tables import table_configure, table_export

RECENT = 20


@get_only
def free_games_current(request: HttpRequest) -> HttpResponse:
    season = season_current()
    if season is None:
        return render(request, "competitions/no_season.html", {"section": "free_games"})
    return redirect("competitions:free_games_season", year=season.year)


def _exported(request: HttpRequest, tables: list, year: int) -> HttpResponse | None:
    if "_export" not in request.GET:
        return None
    # Without ?table= the first table (the Royal free games) is exported.
    key = request.GET.get("table", "") or tables[0].key
    chosen = next((t for t in tables if t.key == key), None)
    if chosen is None:
        return HttpResponse(
            _("Unknown table “%(key)s”: use one of %(keys)s.")
            % {"key": key[:40], "keys": ", ".join(t.key for t in tables)},
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    return table_export(
        request,
        free_games_table(chosen),
        f"free-games-{year}-{chosen.key}",
        title=f"{chosen.title} {year}",
    )


@get_only
def free_games_season(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    tables = free_games_tables(season=season)
    exported = _exported(request, tables, season.year)
    if exported is not None:
        return exported
    rendered = []
    for table in tables:
        rendered_table = free_games_table(table)
        table_configure(request, rendered_table, per_page=None)
        rendered.append((table, rendered_table))
    royal = with_scores(
        list(
            public_matches(request.user)
            .filter(
                competition__season=season,
                competition__kind=Competition.Kind.FREE,
                status=Match.Status.COMPLETED,
            )
            .select_related("team_a", "team_b")
            .prefetch_related("results")
            .order_by("-date", "-id")[:RECENT]
        )
    )
    closing = free_games_closing(season)
    return render(
        request,
        "competitions/free_games.html",
        {
            "season": season,
            "years": season_years(),
            "tables": rendered,
            "closing": closing,
            "winners": list(closing.winners.all()) if closing else [],
            "royal": royal,
            "sittings": sittings_of_season(
                season, status=VariantSitting.Status.CONFIRMED, limit=RECENT
            ),
            "is_official": is_official(request.user),
            "section": "free_games",
        },
    )
