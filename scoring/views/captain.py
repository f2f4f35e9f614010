"""A captain's match page (/captain/matches/<id>/): the match as the team's captain
of the season checks it before answering — every hand with its announcements (who
announced, made or failed, contras) and scores as the referee entered them, the
result and the team's answer (confirm or dispute, ``result_answer``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from competitions.models import Match
from competitions.selectors.teams import captain_team_ids
from scoring.selectors.sheets import captain_sheet
from scoring.views.access import load_match
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import refuse


@get_only
def captain_match(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's captain of the match's season only (``captain_check``'s rule): an
    official has the referee's page, a captain of another team nothing here."""
    return captain_match_page(request, load_match(pk))


def captain_match_page(
    request: HttpRequest, match: Match, refused: tuple[int, str] | None = None
) -> HttpResponse:
    """The page; ``refused``: a team's answer refused, (team id, the problem),
    shown at its note with the focus there, the note kept."""
    mine = captain_team_ids(request.user, match.competition.season_id) & {
        match.team_a_id,
        match.team_b_id,
    }
    if not mine:
        refuse(
            request,
            _("Only the captains of the match's teams in its season see this page."),
        )
    sheet = captain_sheet(match)
    answerable = match.status == Match.Status.COMPLETED
    return render(
        request,
        "scoring/captain_match.html",
        {
            "match": match,
            "sheet": sheet,
            "mine": mine,
            "answerable": answerable,
            "refused_team": refused[0] if refused else None,
            "refused_message": refused[1] if refused else "",
            "note": request.POST.get("note", "") if refused else "",
        },
        status=400 if refused else 200,
    )
