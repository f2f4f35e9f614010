"""Pages of the trophy list: the public ranked list and search, a player's trophies
and cups, and the officials' entry of variant-game trophies (R14)."""

from __future__ import annotations

import hashlib
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from competitions.models import Player
from competitions.permissions import is_official
from competitions.services import ServiceError
from tarokk_admin.core.export import table_export
from trophies.catalogue import trophy_name
from trophies.cups import cup_thresholds
from trophies.filters import TrophyListFilter
from trophies.forms import VariantTrophyForm
from trophies.models import TrophyAward
from trophies.selectors import (
    AwardFilters,
    awards_recent,
    cups_of,
    player_trophies,
    ranking_rows,
    ranks_fill,
    trophy_data_mark,
    years_known,
)
from trophies.services import trophy_variant_enter
from trophies.tables import (
    CUP_ICON,
    RecentTrophyTable,
    TrophyAwardTable,
    TrophyRankingTable,
)

RANKING_PER_PAGE = 25
LIST_CACHE_PREFIX = "tarokk:trophy-list:v1"
LIST_CACHE_SECONDS = 60 * 60


def _export(request: HttpRequest, table: Any, name: str) -> HttpResponse | None:
    return table_export(request, table, name, exclude_columns=())


def trophy_list(request: HttpRequest) -> HttpResponse:
    """Players ranked by trophy points with their cups; search and filters (R14).

    The list and search (everything below the title) is cached per address query and
    language under the trophy data's mark (``trophy_data_mark``: any award, cup,
    player or points change gives a new key); the title bar, with the officials'
    button, and the navbar are rendered per request."""
    if "_export" in request.GET:
        return _list_export(request)
    query = urlencode(sorted(request.GET.lists()), doseq=True)
    digest = hashlib.sha256(f"{get_language()}?{query}".encode()).hexdigest()[:32]
    mark = trophy_data_mark()
    key = f"{LIST_CACHE_PREFIX}:{mark.key}:{digest}"
    body = cache.get(key)
    if body is None:
        with years_known(mark.years):
            body = _list_body(request)
        cache.set(key, body, LIST_CACHE_SECONDS)
    return render(
        request,
        "trophies/list.html",
        {
            "body": mark_safe(body),  # rendered by our own template
            "thresholds": ", ".join(map(str, cup_thresholds())),
            "can_enter": is_official(request.user),
        },
    )


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
    RequestConfig(request, paginate=False).configure(table)
    table.cups_by_player = cups_of(None)
    return _export(request, table, "trophy-list")  # type: ignore[return-value]


def _list_body(request: HttpRequest) -> str:
    """The search form, the ranked players and the recent trophies, as HTML."""
    filterset, invalid, filters = _filters(request)
    rows = [] if invalid else ranking_rows(filters)
    table = TrophyRankingTable(rows)
    RequestConfig(request, paginate={"per_page": RANKING_PER_PAGE}).configure(table)
    page_rows = [row.record for row in table.page.object_list]
    ranks_fill(page_rows)
    table.cups_by_player = cups_of(row["player_id"] for row in page_rows)
    recent = [] if invalid else awards_recent(filters)
    return render_to_string(
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


def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A player's every trophy (linked to its match) and every cup as badges."""
    player = get_object_or_404(Player, pk=pk)
    awards = player_trophies(player)
    table = TrophyAwardTable(awards, exclude=("player",))
    RequestConfig(request, paginate=False).configure(table)
    response = _export(request, table, f"trophies-{player.pk}")
    if response is not None:
        return response
    return render(
        request,
        "trophies/player.html",
        {
            "player": player,
            "points": sum(a.value for a in awards),
            "cups": cups_of([player.pk]).get(player.pk, []),
            "table": table,
            "count": len(awards),
            "first_threshold": cup_thresholds()[0],
            "cup_icon": mark_safe(CUP_ICON),
        },
    )


@login_required
def variant_trophy_new(request: HttpRequest) -> HttpResponse:
    """Officials enter a trophy made in a recognised variant game (R14)."""
    if not is_official(request.user):
        raise PermissionDenied(_("Only officials enter variant-game trophies."))
    form = VariantTrophyForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            award = trophy_variant_enter(
                feast=data["feast"],
                variant=data["variant"],
                date=data["date"],
                event=data["event"],
                jury_note=data["jury_note"],
                player=data["player"],
                partner=data.get("partner"),
                team=data.get("team"),
                user=request.user,
            )
        except ServiceError as error:
            form.add_error(getattr(error, "field", None), str(error))
        else:
            messages.success(
                request,
                _("%(trophy)s (%(points)s points) entered for %(player)s.")
                % {
                    "trophy": trophy_name(award.feast),
                    "points": award.value,
                    "player": award.player.name,
                },
            )
            return redirect("trophies:player", pk=award.player_id)
    return render(request, "trophies/variant_form.html", {"form": form})
