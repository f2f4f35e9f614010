"""A match's page: the whole score sheet hand by hand, then totals and match points."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from competitions.models import Match
from competitions.selectors.matches import (
    match_as_record,
    match_visible_to,
    publicly_visible,
)
from competitions.selectors.page_marks import (
    PLAYERS,
    STRUCTURE,
    TEAMS,
    THIS_MATCH,
    THIS_MATCH_LINEUPS,
    THIS_MATCH_RESULTS,
)
from scoring.selectors.sheets import match_sheet
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.page_cache import (
    Mark,
    cached_body,
    page_key,
    pages_version,
    with_data_mark,
)

# What the page shows: the match row, its hands, line-ups and results (of this
# match only), the teams' and players' names.
MATCH_MARKS = (
    THIS_MATCH,
    Mark("scoring.Hand", "match_id"),
    THIS_MATCH_LINEUPS,
    THIS_MATCH_RESULTS,
    TEAMS,
    PLAYERS,
    *STRUCTURE,
)


@get_only
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    # One query, no model to build: what the visibility rule and the title need,
    # and the data mark of the cached body (page_cache).
    head = next(
        iter(
            with_data_mark(
                Match.objects.filter(pk=pk), MATCH_MARKS, match_id=pk
            ).values(
                "public",
                "referee_id",
                "team_a_id",
                "team_b_id",
                "team_a__name",
                "team_b__name",
                "jury_approval__id",
                "page_mark",
            )
        ),
        None,
    )
    # A match not played in public, without a jury approval, does not exist for an
    # anonymous visitor (R15): the same 404 as a missing one, nothing leaks. This is
    # decided from the database on every request, before the cache is looked at.
    if head is None or not match_visible_to(_Visibility(head), request.user):
        raise Http404(_("There is no such match."))

    def body() -> str:  # the whole match loads only here
        match = Match.objects.select_related(
            "competition__season", "team_a", "team_b", "jury_approval"
        ).get(pk=pk)
        return render_to_string(
            "scoring/_public_match_body.html",
            {
                "match": match,
                "sheet": match_sheet(match),
                "downloadable": match.status == Match.Status.COMPLETED,
            },
        )

    approval = head["jury_approval__id"]
    # Who may read it is part of the key too: a body rendered for an official of a
    # match not (yet) public is never looked up by a public visitor's key.
    visible = publicly_visible(head["public"], approval is not None)
    audience = "public" if visible else "restricted"
    key = page_key(
        "match", pk, audience, approval or "-", head["page_mark"], pages_version()
    )
    return render(
        request,
        "scoring/public_match.html",
        {
            "title": f"{head['team_a__name']} – {head['team_b__name']}",
            "body": cached_body(key, body),
            "section": "championship",
        },
    )


@get_only
def match_record_download(request: HttpRequest, pk: int) -> HttpResponse:
    """A completed match's record (royal-tarokk-match/1) for anyone who may see the
    match (R15: public or approved by the jury); others get the same 404 as for a
    missing match."""
    match = (
        Match.objects.select_related("team_a", "team_b", "jury_approval")
        .filter(pk=pk)
        .first()
    )
    if (
        match is None
        or match.status != Match.Status.COMPLETED
        or not match_visible_to(match, request.user)
    ):
        raise Http404(_("There is no such match."))
    return match_record_response(match)


def match_record_response(match: Match) -> HttpResponse:
    """The match as a match record file (HAND_RECORD.md ``royal-tarokk-match/1``)."""
    body = json.dumps(match_as_record(match), ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(f"{match.date} {match.team_a.name} {match.team_b.name}")
    response["Content-Disposition"] = f'attachment; filename="match-{name}.json"'
    return response


class _Visibility:
    """The fields ``match_visible_to`` reads, from the page's one-row query."""

    def __init__(self, head: dict) -> None:
        self.public = head["public"]
        self.referee_id = head["referee_id"]
        self.team_a_id = head["team_a_id"]
        self.team_b_id = head["team_b_id"]
        self.jury_approval = head["jury_approval__id"]
