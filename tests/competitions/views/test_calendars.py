"""iCalendar feeds: a team's, a season's (public: only what R15 shows anyone) and a
referee's (personal, behind a secret token); stable UIDs, a SEQUENCE that grows with
every change, a voided match CANCELLED."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from icalendar import Calendar

from competitions.selectors.calendars import referee_calendar_token
from competitions.services.matches import jury_approve, match_create, match_void
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    pool_referee,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


def events(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = Calendar.from_ical(response.content)
    return {str(e["uid"]): e for e in calendar.walk("VEVENT")}


@pytest.fixture
def season():
    season = SeasonFactory(year=2027, annual_meeting=dt.date(2027, 1, 20))
    competition = CompetitionFactory(season=season)
    a, b, c = (team_with_roster(season) for _ in range(3))
    referee = pool_referee(season)
    shown = match_create(
        competition=competition,
        team_a=a,
        team_b=b,
        date=dt.date(2027, 3, 1),
        time=dt.time(18, 30),
        venue="Eger",
        referee=referee,
    )
    hidden = match_create(
        competition=competition,
        team_a=a,
        team_b=c,
        date=dt.date(2027, 4, 1),
        public=False,
        referee=referee,
    )
    return season, a, referee, shown, hidden


def test_R15_team_feed_shows_public_matches_with_stable_uids(
    client, season, django_assert_max_num_queries
):
    _season, team, _referee, shown, hidden = season
    with django_assert_max_num_queries(3):
        found = events(client.get(f"/calendar/team/{team.pk}.ics"))
    assert list(found) == [f"match-{shown.pk}@tarokk-admin"]
    event = found[f"match-{shown.pk}@tarokk-admin"]
    assert str(event["summary"]) == f"{shown.team_a.name} – {shown.team_b.name}"
    assert str(event["location"]) == "Eger"
    start = event.decoded("dtstart")
    assert start.astimezone(ZoneInfo("Europe/Budapest")).hour == 18
    assert start.utcoffset() == dt.timedelta(0)  # UTC: no VTIMEZONE needed
    assert str(event["status"]) == "CONFIRMED"
    assert int(event["sequence"]) == 0
    # Once the jury approved it, the match not in public is shown too (R15).
    jury_approve(match=hidden, user=UserFactory(roles=[Role.JURY]))
    found = events(client.get(f"/calendar/team/{team.pk}.ics"))
    assert f"match-{hidden.pk}@tarokk-admin" in found
    untimed = found[f"match-{hidden.pk}@tarokk-admin"]
    assert untimed.decoded("dtstart") == dt.date(2027, 4, 1)


def test_a_change_raises_the_sequence_and_a_void_cancels(client, season):
    season_, _team, _referee, shown, _hidden = season
    uid = f"match-{shown.pk}@tarokk-admin"
    before = events(client.get(f"/calendar/season/{season_.year}.ics"))[uid]
    shown.date = dt.date(2027, 3, 8)
    shown.save()
    moved = events(client.get(f"/calendar/season/{season_.year}.ics"))[uid]
    assert int(moved["sequence"]) == int(before["sequence"]) + 1
    assert moved.decoded("dtstart").date() == dt.date(2027, 3, 8)
    assert moved.decoded("last-modified") >= before.decoded("last-modified")
    match_void(match=shown, user=UserFactory(), reason="forfeit")
    voided = events(client.get(f"/calendar/season/{season_.year}.ics"))[uid]
    assert str(voided["status"]) == "CANCELLED"
    assert int(voided["sequence"]) == int(moved["sequence"]) + 1


def test_a_referee_feed_needs_its_token_and_shows_all_their_matches(client, season):
    _season, _team, referee, shown, hidden = season
    token = referee_calendar_token(referee.pk)
    found = events(client.get(f"/calendar/referee/{referee.pk}/{token}.ics"))
    assert set(found) == {
        f"match-{shown.pk}@tarokk-admin",
        f"match-{hidden.pk}@tarokk-admin",
    }
    other = UserFactory(roles=[Role.REFEREE])
    assert client.get(f"/calendar/referee/{other.pk}/{token}.ics").status_code == 404
    assert client.get(f"/calendar/referee/{referee.pk}/x.ics").status_code == 404


def test_unknown_team_or_season_is_a_404(client):
    assert client.get("/calendar/team/999.ics").status_code == 404
    assert client.get("/calendar/season/1999.ics").status_code == 404


def test_the_team_page_and_the_referee_page_link_their_feeds(client, season):
    _season, team, referee, _shown, _hidden = season
    page = client.get(f"/teams/{team.pk}/").content.decode()
    assert f'href="/calendar/team/{team.pk}.ics"' in page
    client.force_login(referee)
    token = referee_calendar_token(referee.pk)
    page = client.get("/referee/").content.decode()
    assert f'href="/calendar/referee/{referee.pk}/{token}.ics"' in page
