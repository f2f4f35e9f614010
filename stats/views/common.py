"""What the statistics pages share: the season with the data mark of their cached
bodies (one query, ``core.page_cache``), the catalogue's names in the visitor's
language (the engine's ``feast_name`` and ``group_name``), several sortable and
exportable tables on one page."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_tables2 import Table

from competitions.models import Player, Season, Team
from scoring.engine.catalogue import FEASTS, Group
from scoring.engine.made import feast_name, group_name
from stats.selectors.season import GROUP_ORDER, share
from tarokk_admin.core.page_cache import Mark, mark_sql, page_key
from tarokk_admin.core.tables import table_configure, table_export


def feast_lines(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The selector's feast rows with what the tables show and sort by."""
    out = []
    for row in rows:
        feast = FEASTS[row["feast"]]
        group = Group(feast.group)
        announced = row.get("announced")
        line = {
            "value": feast.value,
            **row,
            "name": feast_name(row["feast"]),
            "group_name": group_name(group),
            "group_order": (GROUP_ORDER.index(group), feast.row),
            "row": feast.row,
        }
        if "made" in row and "made_share" not in row:
            line["made_share"] = share(row["made"], announced or 0)
        out.append(line)
    return out


def figure(label: str, value: Any, note: str = "", key: str = "") -> dict[str, Any]:
    """One headline figure of a page (``templates/statistics/_figures.html``)."""
    return {"label": label, "value": value, "note": note, "key": key}


# What every statistics page shows besides its season: the statistics rows (the
# refresh sets ``updated_at``), the team and player names (their history) and the
# season list (the pages' season navigation).
STATISTICS_MARKS = (
    Mark("stats.SeasonStatistics", rows="MAX(updated_at)"),
    Mark("competitions.Team"),
    Mark("competitions.Player"),
    Mark("competitions.Season", rows="COUNT(*)"),
    Mark("competitions.Season", rows="SUM(year)"),
)


@functools.cache
def _season_sql(subject: str | None = None) -> str:
    """The season row with the data mark of the statistics pages (``page_cache``,
    one query of scalar subqueries, each an index lookup or a small table's
    aggregate). Raw SQL, written once: the page's only query, without the ORM's
    compile step."""
    season = Season._meta.db_table
    mark, _takes = mark_sql(STATISTICS_MARKS)
    name = f"(SELECT name FROM {subject} WHERE id = %s)" if subject else "NULL"
    return (
        f"SELECT s.id, s.year, {mark} AS page_mark, {name} AS subject_name "
        f"FROM {season} s WHERE s.year = %s"
    )


def season_with_mark(year: int, subject: type[Team | Player] | None = None, pk=None):
    """The season and the data mark of its statistics pages in one query, and the
    name of the team or player a page is about (``subject_name``, None when there is
    no such one); 404 with a sentence when there is no such season."""
    if year > 9999 or (pk is not None and pk >= 2**63):  # past the columns' range
        raise Http404(_("There is no %(year)s season.") % {"year": year})
    table = subject._meta.db_table if subject else None
    params = [pk, year] if subject else [year]
    season = next(iter(Season.objects.raw(_season_sql(table), params)), None)
    if season is None:
        raise Http404(_("There is no %(year)s season.") % {"year": year})
    return season


def body_key(request: HttpRequest, page: str, season: Season, *parts: Any) -> str:
    """The cache key of a statistics page body (``page_cache.page_key``)."""
    return page_key(
        f"statistics:{page}",
        season.pk,
        *parts,
        season.page_mark,
        query=urlencode(sorted(request.GET.lists()), doseq=True),
    )


def export_links(request: HttpRequest, names) -> dict[str, dict[str, str]]:
    """For each table name, the addresses of its CSV and XLSX exports: the page's
    own parameters (sorting) with ``_export`` and ``table``."""
    links = {}
    for name in names:
        links[name] = {}
        for fmt in ("csv", "xlsx"):
            query = request.GET.copy()
            query["_export"], query["table"] = fmt, name
            links[name][fmt] = "?" + query.urlencode()
    return links


def tables_configure(request: HttpRequest, tables: dict[str, Table]) -> None:
    """Sorting of each table from the address (its own ``<name>-sort`` parameter
    after the first); every row on one page."""
    for table in tables.values():
        table_configure(request, table, per_page=None)


def tables_export(
    request: HttpRequest,
    tables: dict[str, Table],
    filename: str,
    subject: str,
    labels: dict[str, str] | None = None,
) -> HttpResponse | None:
    """``?_export=csv|xlsx[&table=<name>]``: one of the page's tables (the first by
    default), through the export helper every public table uses; its sheet is named
    what the table is (``labels`` by name, else the table's ``title``) and whose
    (``subject``): "Contras – Statistics 2026"."""
    if "_export" not in request.GET:
        return None
    name = request.GET.get("table") or next(iter(tables))
    if name not in tables:
        return HttpResponse(
            _("Unknown table %(name)s: use one of %(names)s.")
            % {"name": name[:40], "names": ", ".join(tables)},
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    label = (labels or {}).get(name) or tables[name].title
    return table_export(
        request, tables[name], f"{filename}-{name}", title=f"{label} – {subject}"
    )
