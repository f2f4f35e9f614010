"""iCalendar feeds (``selectors.calendars``): stable addresses a calendar program
subscribes to; each request answers the current schedule."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from competitions.models import Season, Team
from competitions.selectors.calendars import (
    calendar_of,
    referee_calendar_matches,
    referee_calendar_token_valid,
    season_calendar_matches,
    team_calendar_matches,
)
from tarokk_admin.core.methods import get_only


def _feed(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@get_only
def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=pk)
    name = _("%(team)s: matches") % {"team": team.name}
    return _feed(calendar_of(team_calendar_matches(team), name=name), f"team-{pk}.ics")


@get_only
def season_calendar(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    name = _("Royal Tarokk %(year)s: the schedule") % {"year": year}
    matches = season_calendar_matches(season)
    return _feed(calendar_of(matches, name=name), f"season-{year}.ics")


@get_only
def referee_calendar(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """A referee's own feed: a wrong token is a 404, like an unknown address."""
    if not referee_calendar_token_valid(pk, token):
        raise Http404
    name = _("My matches as referee")
    matches = referee_calendar_matches(pk)
    return _feed(calendar_of(matches, name=name), "referee.ics")
