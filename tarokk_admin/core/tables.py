"""What every table of the project shares (django-tables2): sorting and pages from
the address, and the CSV/XLSX export."""

from __future__ import annotations

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


def table_export(
    request: HttpRequest, table: Table, filename: str
) -> HttpResponse | None:
    """``?_export=csv|xlsx``: the table's rows as on the page (filtered, sorted) —
    every page of them, without the page's HTML. None without ``_export``."""
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
    return TableExport(export, table).response(f"{filename}.{export}")
