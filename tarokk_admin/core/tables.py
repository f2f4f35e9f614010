"""What every table of the project shares (django-tables2): sorting and pages from
the address, and ``?_export=csv|xlsx``, one way:

- only the offered formats: any other ``_export`` is a 400 with one sentence (tablib
  would fail on xls, ods or yaml without their optional packages);
- no cell is written as a formula: a text cell that starts with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return (a team named ``=HYPERLINK(…)``) gets a leading
  apostrophe, so a spreadsheet shows it as the text it is (OWASP's advice for CSV
  injection). Numbers, even negative ones, are left as they are.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig, Table
from django_tables2.export import TableExport

EXPORT_FORMATS = ("csv", "xlsx")
PER_PAGE = 50


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


class SafeTableExport(TableExport):
    """TableExport whose every header and cell went through ``spreadsheet_safe``."""

    def table_to_dataset(
        self,
        table: Table,
        exclude_columns: Iterable[str] | None,
        dataset_kwargs: dict[str, Any] | None = None,
    ) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = [[spreadsheet_safe(value) for value in row] for row in dataset]
        headers = [spreadsheet_safe(header) for header in dataset.headers or []]
        title = dataset.title
        dataset.wipe()
        dataset.title = title
        dataset.headers = headers or None
        for row in safe:
            dataset.append(row)
        return dataset


def table_export(
    request: HttpRequest,
    table: Table,
    filename: str,
    *,
    exclude_columns: Iterable[str] | None = None,
) -> HttpResponse | None:
    """The table as a file when the address asks for ``?_export=``, else None."""
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
    exporter = SafeTableExport(export, table, exclude_columns=exclude_columns)
    return exporter.response(f"{filename}.{export}")
