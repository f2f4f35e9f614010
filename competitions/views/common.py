"""Helpers shared by the public pages: season lookup, table export."""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig, Table

from competitions.models import Season
from competitions.selectors.page_cache import PAGE_SECONDS
from tarokk_admin.core.export import table_export as core_table_export

PER_PAGE = 50


def season_or_404(year: int) -> Season:
    return get_object_or_404(Season, year=year)


def table_configure(request: HttpRequest, table: Table) -> None:
    """Sorting (``?sort=``) and pagination (``?page=``) from the address; a page past
    the end is a 404 like any other missing page."""
    try:
        RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    except Http404:
        raise
    except Exception as error:  # a bad ?page= gives django_tables2 an EmptyPage
        raise Http404(_("There is no such page of this table.")) from error


def table_export(
    request: HttpRequest, table: Table, filename: str
) -> HttpResponse | None:
    """``?_export=csv|xlsx``: the table's rows as on the page (filtered, sorted) —
    every page of them, without the page's HTML (``tarokk_admin.core.export``)."""
    return core_table_export(request, table, filename)


def cached_body(key: str, render: Callable[[], str]) -> SafeString:
    """A page body from the cache, or rendered (by our own templates) and kept under
    ``key`` (see ``competitions.selectors.page_cache``)."""
    body = cache.get(key)
    if body is None:
        body = render()
        cache.set(key, body, PAGE_SECONDS)
    return mark_safe(body)  # rendered by our own templates
