"""The Team Championship table of a season (R11, R15)."""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from competitions.filters import standings_filter
from competitions.selectors.seasons import season_current, season_years
from competitions.selectors.standings import (
    CACHE_PREFIX,
    CACHE_SECONDS,
    championship_fingerprint,
    championship_table,
)
from competitions.tables import ChampionshipTable
from competitions.views.common import season_or_404, table_configure, table_export


def championship_current(request: HttpRequest) -> HttpResponse:
    """``/championship/`` leads to the current season's table."""
    season = season_current()
    if season is None:
        return render(
            request, "competitions/no_season.html", {"section": "championship"}
        )
    return redirect("competitions:championship_season", year=season.year)


def championship_season(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    fingerprint = championship_fingerprint(season)
    exporting = "_export" in request.GET
    # The rendered table (filters, sorting and page included) is cached under the
    # standings' fingerprint: a new or corrected result gives a new key.
    params = urlencode(sorted(request.GET.items()))
    key = f"{CACHE_PREFIX}:html:championship:{season.pk}:{fingerprint}:"
    key += hashlib.sha256(f"{get_language()}?{params}".encode()).hexdigest()[:24]
    body = None if exporting else cache.get(key)
    if body is None:
        rows = championship_table(season=season, fingerprint=fingerprint)
        filterset, kept = standings_filter(rows, request.GET)
        table = ChampionshipTable(kept)
        table_configure(request, table)
        exported = table_export(request, table, f"championship-{season.year}")
        if exported is not None:
            return exported
        body = render_to_string(
            "competitions/_championship_body.html",
            {"table": table, "filter": filterset, "request": request},
            request=None,
        )
        cache.set(key, body, CACHE_SECONDS)
    return render(
        request,
        "competitions/championship.html",
        {
            "season": season,
            "years": season_years(),
            "body": mark_safe(body),  # rendered by our own template above
            "section": "championship",
        },
    )
