"""The public trophy list (R14): players ranked by trophy points with their cups,
search and filters, the most recent trophies."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from competitions.selectors.page_marks import PLAYERS, TEAMS
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import (
    Mark,
    Unkept,
    cached_body,
    data_mark,
    page_key,
)
from tarokk_admin.core.page_params import (
    PAGE,
    Normaliser,
    choice,
    one_of,
    page_params,
    page_params_apply,
    text,
    whole,
)
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import is_official
from tarokk_admin.core.tables import sort_values, table_configure, table_export
from trophies.filters import TrophyListFilter
from trophies.models import TrophyAward
from trophies.selectors import (
    AwardFilters,
    awards_recent,
    ranking_rows,
    ranks_fill,
    trophy_cup_thresholds,
    trophy_cups_of,
)
from trophies.tables import RecentTrophyTable, TrophyRankingTable

RANKING_PER_PAGE = 25
# What the list shows: the awards, the cups, the players' and teams' names and the
# points kept by the cup recompute (written in bulk: their newest change).
LIST_MARKS = (
    Mark("trophies.TrophyAward"),
    Mark("trophies.TrophyCup"),
    Mark("trophies.TrophyTally", rows="MAX(updated_at)"),
    PLAYERS,
    TEAMS,
)


@get_only
def trophy_list(request: HttpRequest) -> HttpResponse:
    """Players ranked by trophy points with their cups; search and filters (R14).

    The list and search (everything below the title) is cached per recognised
    parameters (normalised) and language under the trophy data's mark; the title
    bar, with the officials' button, and the navbar are rendered per request."""
    if "_export" in request.GET:
        return _list_export(request)
    # Only the parameters the list reads make the key (and the page's links).
    params = page_params(request, _recognised())
    page_params_apply(request, params)
    key = page_key(
        "trophy-list",
        data_mark(LIST_MARKS),
        query=params.key,
    )
    return render(
        request,
        "trophies/list.html",
        {
            "body": cached_body(
                key if params.cacheable else None, lambda: _list_body(request)
            ),
            "thresholds": ", ".join(map(str, trophy_cup_thresholds())),
            "can_enter": is_official(request.user),
        },
    )


def _recognised() -> dict[str, Normaliser]:
    return {
        "q": text(),
        "trophy": choice(),
        "year": whole(maximum=9999),
        "variant": choice(),
        "sort": one_of(sort_values(TrophyRankingTable)),
        "page": PAGE,
    }


def _filters(request: HttpRequest) -> tuple[TrophyListFilter, bool, AwardFilters]:
    filterset = TrophyListFilter(
        request.GET or None, queryset=TrophyAward.objects.all()
    )
    invalid = filterset.is_bound and not filterset.form.is_valid()
    return filterset, invalid, filterset.award_filters()


def _list_export(request: HttpRequest) -> HttpResponse:
    _filterset, invalid, filters = _filters(request)
    every_row = [] if invalid else list(ranking_rows(filters))
    ranks_fill(every_row)
    table = TrophyRankingTable(every_row)
    table_configure(request, table, per_page=None)
    table.cups_by_player = trophy_cups_of(None)
    return table_export(request, table, "trophy-list", title=_("Trophy list"))  # type: ignore[return-value]


def _list_body(request: HttpRequest) -> str:
    """The search form, the ranked players and the recent trophies, as HTML."""
    filterset, invalid, filters = _filters(request)
    rows = [] if invalid else ranking_rows(filters)
    table = TrophyRankingTable(rows)
    table_configure(request, table, per_page=RANKING_PER_PAGE)
    page_rows = [row.record for row in table.page.object_list]
    ranks_fill(page_rows)
    table.cups_by_player = trophy_cups_of(row["player_id"] for row in page_rows)
    recent = [] if invalid else awards_recent(filters)
    html = render_to_string(
        "trophies/_list_body.html",
        {
            "filterset": filterset,
            "table": table,
            "recent": RecentTrophyTable(recent),
            "searching": bool(filters.q.strip()),
            "invalid": invalid,
            "request": request,  # sorting and page links keep the address' query
        },
    )
    asked = request.GET.get("page")
    kept = (
        not invalid
        and (asked is None or whole_number(asked) == table.page.number)
        # A search that finds nobody is not kept: random texts add no entries.
        and (not filters.q.strip() or table.paginator.count > 0)
    )
    return html if kept else Unkept(html)
