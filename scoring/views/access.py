"""Who may see and do what on the result-entry pages (issue 5 "Roles")."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from competitions.models import Match
from competitions.permissions import (
    captain_team_ids,
    is_jury,
    is_official,
    is_referee,
)
from competitions.permissions import roles as user_roles
from competitions.roles import Role
from competitions.services.matches import match_needs_jury_approval
from tarokk_admin.access import forbidden


def is_captain(user: Any) -> bool:
    return Role.TEAM_CAPTAIN.value in user_roles(user)


def is_assigned_referee(user: Any, match: Match) -> bool:
    return Role.REFEREE.value in user_roles(user) and match.referee_id == user.pk


def is_match_captain(user: Any, match: Match) -> bool:
    return bool(captain_team_ids(user) & {match.team_a_id, match.team_b_id})


def can_view_match(user: Any, match: Match) -> bool:
    """The match page: officials; the assigned referee; the teams' captains; the jury
    while the match waits for an approval it needs (R15)."""
    if is_official(user) or is_assigned_referee(user, match):
        return True
    if is_match_captain(user, match):
        return True
    return is_jury(user) and match_needs_jury_approval(match)


def is_public_result(match: Match) -> bool:
    """A completed match played in public: anyone may take its record away."""
    return match.status == Match.Status.COMPLETED and match.public


def load_match(pk: int, *, for_update: bool = False) -> Match:
    try:
        return Match.objects.select_related(
            "competition__season", "team_a", "team_b", "referee", "first_attack"
        ).get(pk=pk)
    except Match.DoesNotExist as exc:
        raise Http404(_("There is no match %(id)s.") % {"id": pk}) from exc


def match_view_refusal(request: HttpRequest, match: Match) -> HttpResponse | None:
    """None when the user may see the match; else the login redirect or 403 page."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if can_view_match(request.user, match):
        return None
    if is_referee(request.user):
        return forbidden(request, _("This match is not assigned to you."))
    return forbidden(
        request,
        _("Only officials, the match's referee and the teams' captains see this page."),
    )
