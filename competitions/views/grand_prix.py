"""Grand Prix pages: the season's events, and an event's table (raw sums over the 24
hands, R15, tie-breaks shown in words) with its rounds' pairings."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from competitions.models import Competition
from competitions.rules.standings import tie_breaks_words
from competitions.selectors.closings import competition_kept
from competitions.selectors.matches import public_matches, with_scores
from competitions.selectors.seasons import season_from_param, season_years
from competitions.selectors.standings import grand_prix_table
from competitions.tables import GrandPrixTable
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import is_official
from tarokk_admin.core.tables import table_configure, table_export


@get_only
def grand_prix_list(request: HttpRequest) -> HttpResponse:
    season = season_from_param(request.GET.get("season"))
    events = (
        list(
            Competition.objects.filter(
                season=season, kind=Competition.Kind.GRAND_PRIX
            ).order_by("starts", "id")
        )
        if season
        else []
    )
    return render(
        request,
        "competitions/grand_prix_list.html",
        {
            "season": season,
            "years": season_years(),
            "events": events,
            "is_official": is_official(request.user),
            "section": "grand_prix",
        },
    )


@get_only
def grand_prix_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = (
        Competition.objects.select_related("season")
        .filter(pk=pk, kind=Competition.Kind.GRAND_PRIX)
        .first()
    )
    if event is None:
        raise Http404(_("There is no such Grand Prix."))
    rows = grand_prix_table(competition=event)
    table = GrandPrixTable(rows)
    table_configure(request, table)
    exported = table_export(request, table, f"grand-prix-{event.pk}", title=str(event))
    if exported is not None:
        return exported
    matches = with_scores(
        list(
            public_matches(request.user)
            .filter(competition=event)
            .select_related("team_a", "team_b")
            .prefetch_related("results")
            .order_by("round", "id")
        )
    )
    rounds: dict[int, list] = {}
    for match in matches:
        rounds.setdefault(match.round or 0, []).append(match)
    return render(
        request,
        "competitions/grand_prix.html",
        {
            "event": event,
            "table": table,
            "rows": rows,
            "tie_breaks": tie_breaks_words(),
            "rounds": sorted(rounds.items()),
            "kept": competition_kept(event),
            # The event's days, each with its live page.
            "days": sorted({match.date for match in matches}),
            "is_official": is_official(request.user),
            "section": "grand_prix",
        },
    )
