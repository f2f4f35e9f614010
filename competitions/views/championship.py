"""The Team Championship table of a season (R11, R15)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from competitions.filters import standings_filter
from competitions.models import Season
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP, tie_breaks_words
from competitions.selectors.closings import championship_kept
from competitions.selectors.page_marks import MATCHES, RESULTS, STRUCTURE, TEAMS
from competitions.selectors.seasons import season_current, season_years
from competitions.selectors.standings import championship_table
from competitions.tables import ChampionshipTable
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import (
    Unkept,
    cached_body,
    page_key,
    pages_version,
    with_data_mark,
)
from tarokk_admin.core.page_params import (
    PAGE,
    Normaliser,
    choice,
    one_of,
    page_params,
    page_params_apply,
    whole,
)
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.tables import sort_values, table_configure, table_export

# What the page shows: counted matches, their results (with their best trophies),
# the teams' names and the season list.
CHAMPIONSHIP_MARKS = (MATCHES, RESULTS, TEAMS, *STRUCTURE)


@get_only
def championship_current(request: HttpRequest) -> HttpResponse:
    """``/championship/`` leads to the current season's table."""
    season = season_current()
    if season is None:
        return render(
            request, "competitions/no_season.html", {"section": "championship"}
        )
    return redirect("competitions:championship_season", year=season.year)


@get_only
def championship_season(request: HttpRequest, year: int) -> HttpResponse:
    # One query: the season and the data mark of its cached page body.
    season = with_data_mark(Season.objects.filter(year=year), CHAMPIONSHIP_MARKS)
    season = next(iter(season), None)
    if season is None:
        raise Http404(_("There is no %(year)s season.") % {"year": year})
    if "_export" in request.GET:
        table = _table(request, season)
        return table_export(  # type: ignore[return-value]
            request,
            table,
            f"championship-{season.year}",
            title=_("Team Championship %(year)s") % {"year": season.year},
        )

    params = page_params(request, _recognised())
    page_params_apply(request, params)

    def body() -> str:
        table = _table(request, season)
        html = render_to_string(
            "competitions/_championship_content.html",
            {
                "season": season,
                "years": season_years(),
                "table": table,
                "filter": table.filterset,
                "request": request,
                "tie_breaks": tie_breaks_words(),
            },
        )
        return html if _usable(request, table) else Unkept(html)

    # The rendered table (filters, sorting and page included) and the season list
    # are cached under the data mark of the rows shown (page_cache: a new, corrected
    # or voided result is a new key) and the pages' version the follow-up bumps.
    # Only the parameters the page reads make the key.
    key = page_key(
        "championship",
        season.pk,
        season.page_mark,
        pages_version(),
        query=params.key,
    )
    return render(
        request,
        "competitions/championship.html",
        {
            "season": season,
            "body": cached_body(key if params.cacheable else None, body),
            "kept": championship_kept(season),
            "section": "championship",
        },
    )


def _recognised() -> dict[str, Normaliser]:
    return {
        "sort": one_of(sort_values(ChampionshipTable)),
        "page": PAGE,
        "club": choice(),
        "min_matches": whole(maximum=CHAMPIONSHIP_MATCH_CAP),
    }


def _usable(request: HttpRequest, table: ChampionshipTable) -> bool:
    """The filters were valid and the page asked for is the page shown."""
    asked = request.GET.get("page")
    return table.filterset.form.is_valid() and (
        asked is None or whole_number(asked) == table.page.number
    )


def _table(request: HttpRequest, season: Season) -> ChampionshipTable:
    """The table filtered, sorted and paginated as the address says."""
    rows = championship_table(season=season)
    filterset, kept = standings_filter(rows, request.GET)
    table = ChampionshipTable(kept)
    table.filterset = filterset
    table_configure(request, table)
    return table
