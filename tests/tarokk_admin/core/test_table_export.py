"""Exports open right in a Hungarian spreadsheet and in an English one
(core/tables): a CSV with a byte-order mark, ``;`` between fields and ``74,4`` in
Hungarian, ``,`` and ``74.4`` in English; an XLSX whose numbers are numeric cells and
whose sheet is named after the table in the reader's language, as Excel allows."""

from __future__ import annotations

import io

import django_tables2 as tables
import openpyxl
import pytest
from django.test import RequestFactory
from django.utils import translation

from tarokk_admin.core.tables import sheet_title, table_export

ROWS = [
    {"name": "Győri Rába", "average": 74.4, "points": 52},
    {"name": "=HYPERLINK(1)", "average": 60.25, "points": -3},
]


class _Table(tables.Table):
    name = tables.Column(verbose_name="Team")
    average = tables.Column(verbose_name="Average")
    points = tables.Column(verbose_name="Points")


def _export(fmt: str, language: str, title: str = "Csapatbajnokság 2026"):
    request = RequestFactory().get("/", {"_export": fmt})
    with translation.override(language):
        return table_export(request, _Table(ROWS), "table", title=title)


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "hu",
            ["Team;Average;Points", "Győri Rába;74,4;52", "'=HYPERLINK(1);60,25;-3"],
        ),
        (
            "en",
            ["Team,Average,Points", "Győri Rába,74.4,52", "'=HYPERLINK(1),60.25,-3"],
        ),
    ],
)
def test_the_csv_is_what_the_readers_spreadsheet_expects(language, lines):
    response = _export("csv", language)
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="table.csv"'
    assert response.content.startswith(b"\xef\xbb\xbf")  # UTF-8 byte-order mark
    assert response.content.decode("utf-8-sig").splitlines() == lines


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_xlsx_has_numeric_cells_and_a_named_sheet(language):
    response = _export("xlsx", language)
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert book.sheetnames == ["Csapatbajnokság 2026"]
    sheet = book.active
    assert [cell.value for cell in sheet[2]] == ["Győri Rába", 74.4, 52]
    assert [cell.data_type for cell in sheet[3]] == ["s", "n", "n"]
    assert sheet["A3"].value == "'=HYPERLINK(1)"  # text, never a formula


@pytest.mark.parametrize(
    ("title", "sheet"),
    [
        ("Statisztika 2026", "Statisztika 2026"),
        ("Kontrák: 2026/27 [vázlat]*?", "Kontrák 2026 27 vázlat"),
        (
            "Bemondások – Hódmezővásárhelyi Tulipán 2026",
            "Bemondások – Hódmezővásárhelyi…",
        ),
        ("'idézett'", "idézett"),
        ("???", "1"),
    ],
)
def test_a_sheets_name_is_one_excel_takes(title, sheet):
    assert sheet_title(title) == sheet
    assert len(sheet_title(title)) <= 31
