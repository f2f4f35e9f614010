"""A match's page: the whole score sheet hand by hand, then totals and match points."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from competitions.models import Match
from competitions.selectors.pages import match_sheet, match_visible_to


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = (
        Match.objects.select_related(
            "competition__season", "team_a", "team_b", "jury_approval", "tie"
        )
        .filter(pk=pk)
        .first()
    )
    # A match not played in public, without a jury approval, does not exist for an
    # anonymous visitor (R15): the same 404 as a missing one, nothing leaks.
    if match is None or not match_visible_to(match, request.user):
        raise Http404(_("There is no such match."))
    return render(
        request,
        "competitions/match.html",
        {"match": match, "sheet": match_sheet(match), "section": "championship"},
    )
