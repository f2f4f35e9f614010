"""iCalendar feeds of matches: a team's, a referee's and a season's schedule.

Each match is one event whose UID never changes (``match-<id>@<host part>``); its
SEQUENCE counts the match's recorded changes (django-simple-history) and its
LAST-MODIFIED is the latest of them, so a calendar program replaces the event when
the match is moved, and shows a voided match as cancelled (STATUS:CANCELLED).

The team and season feeds are public and hold only what R15 lets anyone see (public
matches, and the others once the jury approved them); a referee's feed is personal,
at an address with a secret token (``referee_calendar_token``).
"""

from __future__ import annotations

import datetime as dt
import hmac
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from competitions.models import Match, Season, Team
from competitions.selectors.matches import public_matches

UID_DOMAIN = "tarokk-admin"
MATCH_LENGTH = dt.timedelta(hours=3)  # a timed match's event; R15 sets no length
TOKEN_SALT = "tarokk_admin.calendar.referee"
STATUS = {
    Match.Status.SCHEDULED: "CONFIRMED",
    Match.Status.IN_PLAY: "CONFIRMED",
    Match.Status.COMPLETED: "CONFIRMED",
    Match.Status.VOID: "CANCELLED",
}


def referee_calendar_token(user_id: int) -> str:
    """The secret part of a referee's feed address: stable, derived from the site's
    secret key (a new key gives every referee a new address)."""
    return salted_hmac(TOKEN_SALT, str(user_id)).hexdigest()[:32]


def referee_calendar_token_valid(user_id: int, token: str) -> bool:
    """Compared as bytes: ``compare_digest`` refuses a text with a letter outside
    ASCII (``/calendar/referee/1/ő.ics`` answered 500), which is simply wrong."""
    expected = referee_calendar_token(user_id).encode()
    return hmac.compare_digest(expected, token.encode("utf-8", "replace"))


def _with_changes(matches: QuerySet[Match]) -> QuerySet[Match]:
    history = Match.history.model.objects.filter(id=OuterRef("pk")).order_by()
    return matches.select_related("competition", "team_a", "team_b").annotate(
        changes=Subquery(history.values("id").annotate(n=Count("*")).values("n")[:1]),
        changed_at=Subquery(
            history.values("id").annotate(at=Max("history_date")).values("at")[:1]
        ),
    )


def team_calendar_matches(team: Team) -> list[Match]:
    """The team's matches anyone may see (R15), every season."""
    matches = public_matches(None).filter(Q(team_a=team) | Q(team_b=team))
    return list(_with_changes(matches).order_by("date", "time", "pk"))


def season_calendar_matches(season: Season) -> list[Match]:
    """The season's whole schedule anyone may see (R15)."""
    matches = public_matches(None).filter(competition__season=season)
    return list(_with_changes(matches).order_by("date", "time", "pk"))


def referee_calendar_matches(user_id: int) -> list[Match]:
    """Every match the referee is assigned to (they may see them all, R15)."""
    matches = Match.objects.filter(referee_id=user_id)
    return list(_with_changes(matches).order_by("date", "time", "pk"))


def _event(match: Any) -> Event:
    event = Event()
    event.add("uid", f"match-{match.pk}@{UID_DOMAIN}")
    event.add("summary", f"{match.team_a.name} – {match.team_b.name}")
    if match.time is None:
        event.add("dtstart", match.date)
        event.add("dtend", match.date + dt.timedelta(days=1))
    else:
        # In UTC: a feed with no VTIMEZONE component needs no time-zone database.
        local = timezone.make_aware(dt.datetime.combine(match.date, match.time))
        start = local.astimezone(dt.UTC)
        event.add("dtstart", start)
        event.add("dtend", start + MATCH_LENGTH)
    if match.venue:
        event.add("location", match.venue)
    event.add(
        "description",
        f"{match.competition} · {match.get_status_display()}",
    )
    event.add("status", STATUS[match.status])
    changed = match.changed_at or match.created_at
    event.add("dtstamp", changed)
    event.add("last-modified", changed)
    event.add("sequence", max((match.changes or 1) - 1, 0))
    return event


def calendar_of(matches: list[Match], *, name: str) -> bytes:
    """The feed of these matches as iCalendar text (RFC 5545)."""
    calendar = Calendar()
    calendar.add("prodid", "-//Tarokk Admin//" + _("Matches") + "//HU")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    for match in matches:
        calendar.add_component(_event(match))
    return calendar.to_ical()
