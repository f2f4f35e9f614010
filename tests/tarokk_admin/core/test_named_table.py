"""A table's columns declared once (``core.tables.NamedTable``): the page and its
CSV/XLSX export come from the same declaration, every cell names its column, and a
new column moves nothing a test reads (``tests/tables.py``)."""

from __future__ import annotations

import django_tables2 as tables
from django.test import RequestFactory

from tarokk_admin.core.tables import NamedTable, table_export
from tests.tables import export_cells, table_cells, table_columns

ROWS = [
    {"id": 1, "team": "Pécsi Ászok", "points": 7},
    {"id": 2, "team": "=Egri", "points": 4},
]


class PointsTable(NamedTable):
    team = tables.Column(
        verbose_name="Team", linkify=lambda record: f"/teams/{record['id']}/"
    )
    points = tables.Column(verbose_name="Points", attrs={"td": {"class": "text-end"}})


class WiderTable(PointsTable):
    """The same table with a new column in front: no test of the old ones moves."""

    club = tables.Column(verbose_name="Club", default="")

    class Meta:
        sequence = ("club", "team", "points")


def _page(table_class: type) -> str:
    request = RequestFactory().get("/")
    return table_class(ROWS).as_html(request)


def test_every_cell_names_its_column_and_keeps_its_own_attributes():
    html = _page(PointsTable)
    assert table_columns(html) == ["team", "points"]
    assert '<td class="text-end" data-column="points">7</td>' in html
    assert '<a href="/teams/1/">Pécsi Ászok</a>' in html
    assert table_cells(html) == [
        {"team": "Pécsi Ászok", "points": "7"},
        {"team": "=Egri", "points": "4"},
    ]


def test_a_new_column_moves_no_cell_a_test_reads():
    narrow, wide = table_cells(_page(PointsTable)), table_cells(_page(WiderTable))
    assert [{k: row[k] for k in ("team", "points")} for row in wide] == narrow


def test_the_export_comes_from_the_same_declaration_read_by_name():
    request = RequestFactory().get("/", {"_export": "csv"})
    response = table_export(request, WiderTable(ROWS), "points", title="Points")
    rows = export_cells(response, WiderTable)
    assert [row["team"] for row in rows] == ["Pécsi Ászok", "'=Egri"]  # no link
    assert [row["points"] for row in rows] == ["7", "4"]
