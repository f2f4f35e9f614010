"""The end of the year's pages (R15): the officials' season page lists each
competition with its open matches and its close button (refused with the matches
named), the annual meeting's page, the jury's approval of a correction after
closing, and the public pages showing the kept table. Bounded queries."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import AnnualMeeting, Closing, ClosingCorrection, Competition
from competitions.services.closings import competition_close
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official(client):
    user = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(user)
    return user


@pytest.fixture
def league():
    season = SeasonFactory(year=2025)
    champ = CompetitionFactory(season=season)
    a, b, c = (team_with_roster(season, name=n) for n in ("Alfa", "Béta", "Gamma"))
    completed(champ, a, b, 60, 40, day=1)
    completed(champ, b, c, 50, 30, day=2)
    open_match = MatchFactory(competition=champ, team_a=a, team_b=c)
    return season, champ, open_match


def test_r15_the_season_page_lists_the_open_match_and_refuses_closing(
    client, official, league, django_assert_max_num_queries
):
    _season, champ, open_match = league
    with django_assert_max_num_queries(16):
        page = client.get("/officials/seasons/2025/")
    html = page.content.decode()
    assert f"/officials/schedule/matches/{open_match.pk}/" in html
    answer = client.post(f"/officials/competitions/{champ.pk}/close/", follow=True)
    assert "cannot be closed yet" in answer.content.decode()
    assert not Closing.objects.exists()


def test_r15_closing_on_the_page_then_the_public_page_names_the_champion(
    client, official, league, django_assert_max_num_queries
):
    _season, champ, open_match = league
    open_match.delete()
    client.post(f"/officials/competitions/{champ.pk}/close/")
    assert Closing.objects.get().closed_by == official
    client.logout()
    with django_assert_max_num_queries(20):
        page = client.get("/championship/2025/")
    html = page.content.decode()
    assert "Champion: Béta" in html
    assert "data-kept-table" in html


def test_r15_the_annual_meeting_is_recorded_on_its_page(client, official, league):
    _season, champ, open_match = league
    open_match.delete()
    competition_close(competition=champ, user=official)
    bad = client.post(
        "/officials/seasons/2025/annual-meeting/", {"meeting-date": "2025-12-01"}
    )
    assert bad.status_code == 400
    assert not AnnualMeeting.objects.exists()
    client.post(
        "/officials/seasons/2025/annual-meeting/",
        {"meeting-date": "2026-01-17", "meeting-note": "Budapest"},
    )
    meeting = AnnualMeeting.objects.get()
    assert (meeting.date, meeting.note) == (dt.date(2026, 1, 17), "Budapest")
    page = client.get("/officials/seasons/2025/annual-meeting/")
    assert "data-meeting" in page.content.decode()


def test_r15_the_jury_approves_a_correction_after_closing(client, league):
    _season, champ, open_match = league
    open_match.delete()
    competition_close(competition=champ, user=UserFactory(roles=[Role.OFFICIAL]))
    match = champ.matches.first()
    jury = UserFactory(roles=[Role.JURY])
    client.force_login(jury)
    assert client.get(f"/jury/matches/{match.pk}/correction/").status_code == 200
    client.post(f"/jury/matches/{match.pk}/correction/", {"reason": "elírás"})
    correction = ClosingCorrection.objects.get()
    assert (correction.match, correction.approved_by) == (match, jury)
    page = client.get("/championship/2025/").content.decode()
    assert "Corrected after closing" in page
    assert "elírás" in page


def test_the_cup_and_grand_prix_pages_show_their_closing(client, official):
    season = SeasonFactory(year=2025)
    gp = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Őszi GP"
    )
    a, b = team_with_roster(season, name="Alfa"), team_with_roster(season, name="Béta")
    completed(gp, a, b, 60, 40)
    competition_close(competition=gp, user=official)
    html = client.get(f"/grand-prix/{gp.pk}/").content.decode()
    assert "Winner: Alfa" in html
