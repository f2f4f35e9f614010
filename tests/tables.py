"""Reading a table by its columns' names, never by position (issue 21): a page's
cells carry ``data-column`` (``core.tables.NamedTable``), an export's header is the
table's own declaration in the reader's language. A new column moves no test."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from typing import Any

import openpyxl
from django.utils import translation

from tarokk_admin.core.tables import csv_delimiter


class _Cells(HTMLParser):
    """The ``data-column`` cells of the rows of one table's body."""

    def __init__(self, table_id: str | None) -> None:
        super().__init__()
        self.table_id = table_id
        self.depth = 0  # inside the wanted table: how many tables deep
        self.done = False
        self.in_body = False
        self.rows: list[dict[str, str]] = []
        self.columns: list[str] = []
        self.cell: str | None = None
        self.head = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "table":
            if self.depth:
                self.depth += 1
            elif not self.done and self.table_id in (None, a.get("id")):
                self.depth = 1
            return
        if self.depth != 1:
            return
        if tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append({})
        elif tag in ("td", "th") and a.get("data-column"):
            self.cell, self.head, self.text = a["data-column"], tag == "th", []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table" and self.depth:
            self.depth -= 1
            self.done = self.depth == 0
        elif self.depth != 1:
            return
        elif tag == "tbody":
            self.in_body = False
        elif tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.text).split())
            if self.head and not self.in_body:
                self.columns.append(self.cell)
            elif self.in_body and self.rows:
                self.rows[-1][self.cell] = text
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.text.append(data)


def _parsed(html: str, table: str | None) -> _Cells:
    parser = _Cells(table)
    parser.feed(html)
    assert parser.done, f"no table {table or ''} in the page"
    return parser


def table_cells(html: str, table: str | None = None) -> list[dict[str, str]]:
    """The body rows of the first table in ``html`` (or the one whose id is
    ``table``), each ``{column name: the cell's text}``; an empty table (its one
    "nothing yet" row) has none."""
    return [row for row in _parsed(html, table).rows if row]


def table_columns(html: str, table: str | None = None) -> list[str]:
    """The table's column names, in the order the page shows them."""
    return _parsed(html, table).columns


def export_cells(response: Any, table_class: type) -> list[dict[str, Any]]:
    """The rows of a CSV or XLSX export answered by the app, each
    ``{column name: value}`` (:func:`exported_cells`)."""
    fmt = "csv" if response["Content-Type"].startswith("text/csv") else "xlsx"
    language = response.get("Content-Language") or translation.get_language()
    return exported_cells(response.content, fmt, table_class, language)


def exported_cells(
    content: bytes, fmt: str, table_class: type, language: str
) -> list[dict[str, Any]]:
    """The rows of an exported file, each ``{column name: value}``: its header read
    through ``table_class``'s own declaration in the export's ``language``."""
    with translation.override(language):
        names = {str(c.header): c.name for c in table_class([]).columns.iterall()}
        delimiter = csv_delimiter()
    if fmt == "csv":
        text = content.decode("utf-8-sig")
        rows: list[list[Any]] = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    else:
        sheet = openpyxl.load_workbook(io.BytesIO(content)).active
        rows = [list(row) for row in sheet.values]
    header = [names[str(title)] for title in rows[0]]
    return [dict(zip(header, row, strict=True)) for row in rows[1:]]
