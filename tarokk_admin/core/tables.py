"""What every table of the project shares (django-tables2): one declaration of its
columns (:class:`NamedTable`) for its page and its exports, sorting and pages from
the address, and ``?_export=csv|xlsx``, one way, that opens right in a Hungarian
spreadsheet and an English one:

- every header and data cell names its column (``data-column="points"``), so a test
  or a script reads a cell by its column, never by its position; a link column is
  declared with django-tables2's ``linkify`` (the page links, the export has the
  text);

- the CSV is UTF-8 with a byte-order mark; in the reader's language its numbers
  have the decimal separator the page shows (``74,4`` in Hungarian) and its fields
  are separated as that language's Excel expects (``;`` where the decimal separator
  is a comma, else ``,``);
- the XLSX has one sheet named after the table in the reader's language (at most
  31 characters, none Excel refuses), and its numbers are numeric cells;
- only the offered formats: any other ``_export`` is a 400 with one sentence (tablib
  would fail on xls, ods or yaml without their optional packages);
- no cell is written as a formula: a text cell that starts with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return (a team named ``=HYPERLINK(…)``) gets a leading
  apostrophe, so a spreadsheet shows it as the text it is (OWASP's advice for CSV
  injection). Numbers, even negative ones, are left as they are.
"""

from __future__ import annotations

import datetime
import functools
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils import formats
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig, Table
from tablib import Dataset

from tarokk_admin.core.l10n import human_date, human_number

EXPORT_FORMATS = ("csv", "xlsx")
PER_PAGE = 50


class NamedTable(Table):
    """The project's table: its columns declared once, for the page and the exports;
    every header and data cell carries its column's name (``data-column``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for bound in self.columns.iterall():
            column = bound.column  # this table's own copy of the declaration
            attrs = dict(column.attrs or {})
            for cell in ("th", "td"):
                base = (
                    attrs.get(cell)
                    or attrs.get("cell")
                    or self.attrs.get(cell)
                    or self.attrs.get("cell")
                    or {}
                )
                attrs[cell] = {**base, "data-column": bound.name}
            column.attrs = attrs


def table_configure(
    request: HttpRequest, table: Table, *, per_page: int | None = PER_PAGE
) -> None:
    """Sorting (``?sort=``) and pagination (``?page=``, none when ``per_page`` is
    None) from the address; a page past the end is a 404 like any other missing
    page."""
    paginate: dict[str, int] | bool = (
        {"per_page": per_page} if per_page is not None else False
    )
    try:
        RequestConfig(request, paginate=paginate).configure(table)
    except Http404:
        raise
    except Exception as error:  # a bad ?page= gives django_tables2 an EmptyPage
        raise Http404(_("There is no such page of this table.")) from error


@functools.cache
def sort_values(table_class: type[Table]) -> set[str]:
    """Every ``?sort=`` value a table obeys: its orderable columns, either way."""
    names = [column.name for column in table_class([]).columns if column.orderable]
    return {*names, *(f"-{name}" for name in names)}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?")


def spreadsheet_safe(value: Any) -> Any:
    """``value`` unchanged, or a text that a spreadsheet would take as a formula
    with an apostrophe in front."""
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and not PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


# Characters Excel refuses in a sheet's name, and its length limit.
SHEET_FORBIDDEN = re.compile(r"[\\/?*\[\]:]")
SHEET_CHARS = 31


def sheet_title(title: str) -> str:
    """``title`` as Excel takes a sheet's name: at most 31 characters, none of
    ``\\ / ? * [ ] :``, not starting or ending with an apostrophe, never empty."""
    text = " ".join(SHEET_FORBIDDEN.sub(" ", str(title)).split()).strip("'")
    if len(text) > SHEET_CHARS:
        text = text[: SHEET_CHARS - 1].rstrip(" -–·,'") + "…"
    return text or "1"


def _cell_for_people(value: Any) -> Any:
    """A CSV cell as the reader's spreadsheet takes it: numbers with the language's
    decimal separator (no grouping), dates as the language writes them."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float | Decimal):
        return human_number(value)
    if isinstance(value, datetime.date):
        return human_date(value)
    return value


def csv_delimiter() -> str:
    """What separates fields in the reader's language: a spreadsheet whose decimal
    separator is a comma (Hungarian Excel) expects ``;``."""
    return ";" if formats.get_format("DECIMAL_SEPARATOR") == "," else ","


def table_dataset(
    table: Table, title: str, exclude_columns: Iterable[str] | None = None
) -> Dataset:
    """The table's header and rows as the page shows them (sorted, filtered),
    every text cell through ``spreadsheet_safe``; numbers stay numbers."""
    rows = list(table.as_values(exclude_columns=exclude_columns or ()))
    dataset = Dataset(title=sheet_title(title))
    if rows:
        dataset.headers = [spreadsheet_safe(str(header)) for header in rows[0]]
    for row in rows[1:]:
        dataset.append([spreadsheet_safe(value) for value in row])
    return dataset


def dataset_csv(dataset: Dataset) -> bytes:
    """UTF-8 with a byte-order mark (Excel reads the accents right), fields and
    numbers as the reader's language separates them."""
    people = Dataset(headers=dataset.headers)
    for row in dataset:
        people.append([_cell_for_people(value) for value in row])
    text = people.export("csv", delimiter=csv_delimiter())
    return ("\ufeff" + text).encode("utf-8")


def dataset_xlsx(dataset: Dataset) -> bytes:
    """One sheet named after the table; numbers are numeric cells."""
    return bytes(dataset.export("xlsx"))


CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def table_export(
    request: HttpRequest,
    table: Table,
    filename: str,
    *,
    title: str,
    exclude_columns: Iterable[str] | None = None,
) -> HttpResponse | None:
    """The table as a file when the address asks for ``?_export=``, else None:
    ``title`` (in the reader's language) names the sheet."""
    export = request.GET.get("_export")
    if export is None:
        return None
    if export not in EXPORT_FORMATS:
        return HttpResponse(
            _("Unknown export format %(format)s: use csv or xlsx.")
            % {"format": export},
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    dataset = table_dataset(table, title, exclude_columns)
    body = dataset_csv(dataset) if export == "csv" else dataset_xlsx(dataset)
    response = HttpResponse(body, content_type=CONTENT_TYPES[export])
    response["Content-Disposition"] = f'attachment; filename="{filename}.{export}"'
    return response
