"""The result-entry pages' refusals: the match a page is about, and who may open it."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from competitions.models import Match
from scoring.selectors.access import can_view_match
from tarokk_admin.core.roles import is_referee, refuse


def load_match(pk: int) -> Match:
    try:
        return Match.objects.select_related(
            "competition__season", "team_a", "team_b", "referee__player", "first_attack"
        ).get(pk=pk)
    except Match.DoesNotExist as exc:
        raise Http404(_("There is no match %(id)s.") % {"id": pk}) from exc


def match_view_check(request: HttpRequest, match: Match) -> None:
    """Refuse the match page to whoever may not see it (the login page for an
    anonymous visitor)."""
    if can_view_match(request.user, match):
        return
    if is_referee(request.user):
        refuse(request, _("This match is not assigned to you."))
    refuse(
        request,
        _("Only officials, the match's referee and the teams' captains see this page."),
    )
