"""Captains per team and season: chosen by officials from the team's members of the
season (a member needs an account), handed over by the captain to a successor, and
asked by every captain action with the season of what it concerns (R15)."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import Notice, NoticeKind, TeamCaptain
from competitions.selectors.teams import captain_team_ids
from competitions.services.captains import team_captain_remove, team_captain_set
from competitions.services.matches import match_complete
from competitions.services.notices import notice_match
from competitions.services.results import result_answer, result_table_accept
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role, roles
from tests.factories import (
    CompetitionFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    ready_match,
    roster,
    sheet,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.fixture
def season():
    return SeasonFactory(year=2026)


def member_with_account(team, season, role="driver"):
    player = roster(team, season)[role]
    player.user = UserFactory()
    player.save()
    return player


def test_an_official_makes_a_member_captain_and_the_role_follows(official, season):
    team = team_with_roster(season)
    driver = member_with_account(team, season)
    row = team_captain_set(
        season=season, team=team, player=driver, by=official, reason="team meeting"
    )
    assert row.user == driver.user
    assert Role.TEAM_CAPTAIN.value in roles(driver.user)
    assert captain_team_ids(driver.user, season.pk) == {team.pk}
    assert row.history.first().history_change_reason == "team meeting"
    assert row.history.first().history_user == official


@pytest.mark.parametrize(
    ("who", "code"),
    [("stranger", "not_a_member"), ("no_account", "no_account")],
)
def test_the_captain_is_a_member_with_an_account(official, season, who, code):
    team = team_with_roster(season)
    player = (
        PlayerFactory(user=UserFactory())
        if who == "stranger"
        else roster(team, season)["catcher"]
    )
    with pytest.raises(ServiceError) as error:
        team_captain_set(season=season, team=team, player=player, by=official)
    assert (error.value.code, error.value.field) == (code, "player")
    assert not TeamCaptain.objects.exists()


def test_the_captain_hands_over_to_a_successor_and_nobody_else_may(official, season):
    team = team_with_roster(season, substitute=True)
    driver = member_with_account(team, season)
    catcher = member_with_account(team, season, "catcher")
    team_captain_set(season=season, team=team, player=driver, by=official)
    with pytest.raises(ServiceError, match="Only an official or the team's captain"):
        team_captain_set(season=season, team=team, player=catcher, by=catcher.user)
    row = team_captain_set(season=season, team=team, player=catcher, by=driver.user)
    assert row.user == catcher.user
    history = list(row.history.order_by("history_date"))
    assert [h.user_id for h in history] == [driver.user.pk, catcher.user.pk]
    assert history[-1].history_change_reason == "handed over by the captain"
    # The earlier captain answers for the team no more.
    driver.user.__dict__.pop("_tarokk_captaincies", None)
    assert captain_team_ids(driver.user, season.pk) == set()


def test_an_official_leaves_a_team_without_a_captain_with_a_reason(official, season):
    team = team_with_roster(season)
    captain_of(team, season)
    with pytest.raises(ServiceError, match="Say why"):
        team_captain_remove(season=season, team=team, by=official, reason=" ")
    team_captain_remove(season=season, team=team, by=official, reason="resigned")
    assert not TeamCaptain.objects.exists()
    assert TeamCaptain.history.first().history_change_reason == "resigned"


def completed_match(season):
    match = ready_match(competition=CompetitionFactory(season=season))
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)
    match_complete(match=match, user=match.referee)
    return match


def test_last_seasons_captain_does_not_answer_this_seasons_result():
    this, last = SeasonFactory(year=2026), SeasonFactory(year=2025)
    match = completed_match(this)
    old = captain_of(match.team_a, last)
    with pytest.raises(ServiceError, match="not the captain of") as error:
        result_answer(match=match, team=match.team_a, user=old, confirm=True)
    assert error.value.code == "not_the_captain"
    now = captain_of(match.team_a, this)
    row = result_answer(match=match, team=match.team_a, user=now, confirm=True)
    assert row.answer == "confirmed"


def test_at_the_table_the_seasons_captain_or_the_driver_accepts():
    this, last = SeasonFactory(year=2026), SeasonFactory(year=2025)
    match = completed_match(this)
    old = captain_of(match.team_a, last)
    with pytest.raises(ServiceError, match="neither a captain"):
        result_table_accept(match=match, team=match.team_a, user=old)
    captain = captain_of(match.team_a, this)
    row = result_table_accept(match=match, team=match.team_a, user=captain)
    assert (row.answer, row.answered_by) == ("confirmed", captain)


def test_R15_notices_go_to_the_captains_of_the_matchs_season():
    this, last = SeasonFactory(year=2026), SeasonFactory(year=2025)
    match = ready_match(
        competition=CompetitionFactory(season=this), date=dt.date(2026, 3, 14)
    )
    captain_of(match.team_a, this, UserFactory(email="now@example.org"))
    captain_of(match.team_b, last, UserFactory(email="old@example.org"))
    notice_match(NoticeKind.MATCH_MOVED, match=match)
    emails = set(
        Notice.objects.filter(kind=NoticeKind.MATCH_MOVED).values_list(
            "email", flat=True
        )
    )
    assert "now@example.org" in emails
    assert "old@example.org" not in emails
