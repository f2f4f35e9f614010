"""The season's referee pool: officials add and remove referees (who need the
Referee role), and every referee picker offers, and every service accepts, exactly
the pool of the match's season (one selector)."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.forms.cup import TieMatchForm
from competitions.forms.schedule import MatchScheduleForm, RefereeForm
from competitions.models import SeasonReferee
from competitions.selectors.schedule import referees
from competitions.services.cup.ties import cup_match_schedule
from competitions.services.fixtures import fixtures_import
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_pairing_override,
    grand_prix_round_generate,
)
from competitions.services.matches import match_referee_set
from competitions.services.referees import referee_pool_add, referee_pool_remove
from competitions.services.schedule import match_referee_assign, match_schedule
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, tie_at
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    pool_referee,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def test_an_official_keeps_the_pool_of_referees_with_the_role(official):
    season = SeasonFactory(year=2026)
    referee = UserFactory(username="rezso", roles=[Role.REFEREE])
    captain = UserFactory(username="kata", roles=[Role.TEAM_CAPTAIN])
    with pytest.raises(ServiceError, match="does not have the Referee role"):
        referee_pool_add(season=season, referee=captain, by=official)
    with pytest.raises(ServiceError, match="Only officials"):
        referee_pool_add(season=season, referee=referee, by=referee)
    referee_pool_add(season=season, referee=referee, by=official, reason="course")
    with pytest.raises(ServiceError, match="already in the 2026 referee pool"):
        referee_pool_add(season=season, referee=referee, by=official)
    assert list(referees(season)) == [referee]
    assert list(referees(SeasonFactory(year=2025))) == []
    with pytest.raises(ServiceError, match="Say why"):
        referee_pool_remove(season=season, referee=referee, by=official, reason="")
    referee_pool_remove(season=season, referee=referee, by=official, reason="moved")
    assert not SeasonReferee.objects.exists()
    reasons = list(
        SeasonReferee.history.order_by("history_date").values_list(
            "history_change_reason", flat=True
        )
    )
    assert reasons == ["course", "moved"]


def test_a_referee_of_a_match_to_come_stays_in_the_pool(official):
    match = MatchFactory()
    referee = pool_referee(match.competition.season)
    match.referee = referee
    match.save()
    with pytest.raises(ServiceError, match="assign another referee") as error:
        referee_pool_remove(
            season=match.competition.season, referee=referee, by=official, reason="x"
        )
    assert error.value.code == "assigned"


def test_a_referee_without_the_role_leaves_every_list():
    season = SeasonFactory(year=2026)
    referee = pool_referee(season)
    referee.groups.clear()
    assert list(referees(season)) == []


@pytest.fixture
def league(official):
    championship = CompetitionFactory(season=SeasonFactory(year=2026))
    teams = [team_with_roster(championship.season) for _ in range(4)]
    return championship, teams


def test_every_referee_service_accepts_the_seasons_pool_only(league, official):
    championship, (a, b, *_others) = league
    outsider = UserFactory(username="kulso", roles=[Role.REFEREE])
    with pytest.raises(ServiceError, match="kulso is not in the 2026 referee pool"):
        match_schedule(
            competition=championship,
            team_a=a,
            team_b=b,
            date=dt.date(2026, 4, 1),
            user=official,
            referee=outsider,
        )
    match = match_schedule(
        competition=championship,
        team_a=a,
        team_b=b,
        date=dt.date(2026, 4, 1),
        user=official,
    )
    for service in (
        lambda: match_referee_assign(match=match, referee=outsider, user=official),
        lambda: match_referee_set(match=match, referee=outsider),
    ):
        with pytest.raises(ServiceError, match="referee pool") as error:
            service()
        assert error.value.field == "referee"
    inside = pool_referee(championship.season)
    match_referee_assign(match=match, referee=inside, user=official)
    match.refresh_from_db()
    assert match.referee == inside


def test_a_fixtures_file_names_a_referee_outside_the_pool(league, official):
    championship, (a, b, *_) = league
    UserFactory(username="kulso", roles=[Role.REFEREE])
    content = (
        f"date,team_a,team_b,referee\n2026-04-01,{a.name},{b.name},kulso\n"
    ).encode()
    outcome = fixtures_import(competition=championship, content=content, user=official)
    assert [(p.line, p.column) for p in outcome.problems] == [(2, "referee")]
    assert "not in the 2026 referee pool" in outcome.problems[0].message


def test_R15_a_cup_tie_and_a_grand_prix_pairing_take_the_pool_only(official):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    outsider = UserFactory(roles=[Role.REFEREE])
    with pytest.raises(ServiceError, match="referee pool"):
        cup_match_schedule(tie=tie, date=dt.date(2026, 9, 20), referee=outsider)
    event = grand_prix_create(season=cup.season, name="Őszi GP")
    grand_prix_entries_set(
        competition=event, teams=[team_with_roster(cup.season) for _ in range(4)]
    )
    match = grand_prix_round_generate(competition=event, date=dt.date(2026, 5, 2))[0]
    with pytest.raises(ServiceError, match="referee pool"):
        grand_prix_pairing_override(
            match=match, team_a=match.team_a, team_b=match.team_b, referee=outsider
        )
    inside = pool_referee(cup.season)
    grand_prix_pairing_override(
        match=match, team_a=match.team_a, team_b=match.team_b, referee=inside
    )
    match.refresh_from_db()
    assert match.referee == inside


def test_every_picker_offers_the_same_pool(league):
    championship, _teams = league
    season = championship.season
    inside = pool_referee(season, username="bent")
    UserFactory(username="kint", roles=[Role.REFEREE])
    offered = [
        {choice[0] for choice in form.fields["referee"].choices if choice[0]}
        for form in (
            MatchScheduleForm(season=season),
            RefereeForm(season=season),
            TieMatchForm(season=season),
        )
    ]
    assert offered == [{inside.pk}] * 3
