"""The officials' services of the season and its people (R15): seasons, players,
teams and rosters, with their refusals and history."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection

from competitions.models import Competition, Match, Membership, Player, Season
from competitions.services.players import (
    player_active_set,
    player_delete,
    player_register,
    player_update,
)
from competitions.services.rosters import (
    membership_remove,
    membership_set,
    roster_copy,
    team_create,
)
from competitions.services.seasons import season_create, season_update
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    ready_match,
    roster,
    team_with_roster,
)

pytestmark = pytest.mark.django_db
D = dt.date


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def test_r15_a_season_is_created_with_its_championship_and_history(official):
    season = season_create(year=2027, annual_meeting=D(2027, 1, 16), user=official)
    assert Competition.objects.get(season=season).kind == Competition.Kind.CHAMPIONSHIP
    assert season.history.get().history_user == official


@pytest.mark.parametrize(
    ("kwargs", "field", "words"),
    [
        ({"annual_meeting": D(2026, 1, 16)}, "annual_meeting", "must be in 2027"),
        (
            {
                "cup_registration_opens": D(2027, 9, 10),
                "cup_registration_closes": D(2027, 8, 25),
            },
            "cup_registration_closes",
            "before it opens",
        ),
        ({"cup_registration_opens": D(2027, 8, 25)}, "cup_registration_closes", "both"),
    ],
)
def test_season_dates_refused(official, kwargs, field, words):
    data = {"annual_meeting": D(2027, 1, 16), **kwargs}
    with pytest.raises(ServiceError) as refused:
        season_create(year=2027, user=official, **data)
    assert refused.value.field == field
    assert words in refused.value.message
    assert not Season.objects.filter(year=2027).exists()


def test_two_seasons_of_one_year_would_overlap(official):
    season_create(year=2027, annual_meeting=D(2027, 1, 16), user=official)
    with pytest.raises(ServiceError, match="already exists"):
        season_create(year=2027, annual_meeting=D(2027, 1, 20), user=official)
    assert Competition.objects.filter(season__year=2027).count() == 1


def test_only_officials_set_up_seasons():
    with pytest.raises(ServiceError):
        season_create(
            year=2027, annual_meeting=D(2027, 1, 16), user=UserFactory(roles=[])
        )


def test_r15_the_meeting_cannot_move_after_an_unapproved_played_match(official):
    match = ready_match()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETED)
    season = match.competition.season
    with pytest.raises(ServiceError) as refused:
        season_update(
            season=season,
            annual_meeting=D(2026, 4, 1),
            cup_registration_opens=None,
            cup_registration_closes=None,
            user=official,
        )
    assert str(match) in refused.value.message
    season_update(
        season=season,
        annual_meeting=D(2026, 1, 10),
        cup_registration_opens=D(2026, 8, 25),
        cup_registration_closes=D(2026, 9, 10),
        user=official,
        reason="meeting moved",
    )
    season.refresh_from_db()
    assert season.annual_meeting == D(2026, 1, 10)
    assert season.history.first().history_change_reason == "meeting moved"


def test_federation_number_is_unique_with_a_clear_message(official):
    first = player_register(
        name="Kovács Éva", federation_number=" h100 ", user=official
    )
    assert first.federation_number == "H100"
    with pytest.raises(ServiceError) as refused:
        player_register(name="Nagy Ádám", federation_number="H100", user=official)
    assert refused.value.field == "federation_number"
    assert "Kovács Éva" in refused.value.message
    other = player_register(name="Nagy Ádám", federation_number="H101", user=official)
    with pytest.raises(ServiceError):
        player_update(
            player=other, name="Nagy Ádám", federation_number="h100", user=official
        )
    assert Player.objects.get(pk=other.pk).federation_number == "H101"


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="writers at once need PostgreSQL: the tests' in-memory SQLite refuses "
    "the second writer with 'table is locked' (CI's second pass sets DATABASE_URL)",
)
def test_two_registrations_at_once_store_one_player():
    """Two officials submit the same number at the same moment: the database
    constraint decides, one player is stored and the other gets the refusal."""
    official = UserFactory(roles=[Role.OFFICIAL])
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def register(name: str) -> None:
        barrier.wait()
        try:
            player_register(name=name, federation_number="H200", user=official)
            outcomes.append("stored")
        except ServiceError as error:
            outcomes.append(error.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(n,)) for n in ("A", "B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["number_taken", "stored"]
    assert Player.objects.filter(federation_number="H200").count() == 1


def test_bad_numbers_and_names_are_refused(official):
    for name, number, field in [
        ("", "H1", "name"),
        ("X", "", "federation_number"),
        ("X", "H 1", "federation_number"),
    ]:
        with pytest.raises(ServiceError) as refused:
            player_register(name=name, federation_number=number, user=official)
        assert refused.value.field == field


def test_a_player_who_played_is_deactivated_not_deleted(official):
    match = ready_match()
    driver = roster(match.team_a, match.competition.season)[Membership.Role.DRIVER]
    with pytest.raises(ServiceError, match="deactivate"):
        player_delete(player=driver, user=official)
    player_active_set(player=driver, active=False, user=official)
    assert not Player.objects.get(pk=driver.pk).active
    newcomer = PlayerFactory()
    player_delete(player=newcomer, user=official)
    assert not Player.objects.filter(pk=newcomer.pk).exists()


def test_team_names_are_unique(official):
    team_create(name="Győri Tarokk", user=official)
    with pytest.raises(ServiceError, match="already a team"):
        team_create(name=" Győri  Tarokk ", user=official)


def test_r15_a_roster_change_never_contradicts_a_played_match(official):
    match = ready_match()
    season = match.competition.season
    places = roster(match.team_a, season)
    driver = places[Membership.Role.DRIVER]
    membership = Membership.objects.get(season=season, player=driver)
    with pytest.raises(ServiceError) as refused:
        membership_remove(membership=membership, user=official)
    assert str(match) in refused.value.message
    with pytest.raises(ServiceError):
        membership_set(
            season=season,
            team=match.team_a,
            role="catcher",
            player=driver,
            user=official,
        )
    newcomer = PlayerFactory()
    with pytest.raises(ServiceError, match=str(match.date)):
        membership_set(
            season=season,
            team=match.team_a,
            role="driver",
            player=newcomer,
            user=official,
        )
    # As substitute the driver may still have played driver.
    membership_set(
        season=season,
        team=match.team_a,
        role="substitute",
        player=driver,
        user=official,
    )
    assert Membership.objects.get(player=driver, season=season).role == "substitute"
    # A void match contradicts nothing.
    Match.objects.filter(pk=match.pk).update(status=Match.Status.VOID)
    membership_remove(membership=Membership.objects.get(player=driver), user=official)


def test_next_seasons_roster_starts_from_this_one(official):
    season = SeasonFactory(year=2026)
    teams = [team_with_roster(season, substitute=True) for _ in range(2)]
    later = SeasonFactory(year=2027)
    gone = roster(teams[1], season)[Membership.Role.SUBSTITUTE]
    player_active_set(player=gone, active=False, user=official)
    result = roster_copy(source=season, target=later, user=official)
    assert result == {"copied": 5, "skipped": 1}
    assert roster(teams[0], later) == roster(teams[0], season)
    assert roster_copy(source=season, target=later, user=official)["copied"] == 0


def test_the_reasons_the_app_writes_read_in_the_readers_language(official):
    """A season's and a roster's history reasons written while Hungarian is active
    read in English for an English reader (kept as words, not as a translation)."""
    from django.utils import translation

    from tarokk_admin.core.words import shown

    with translation.override("hu"):
        season = season_create(year=2027, annual_meeting=D(2027, 1, 16), user=official)
        team = team_with_roster(season)
        joined = membership_set(
            season=season,
            team=team,
            role="substitute",
            player=PlayerFactory(),
            user=official,
        )
    reasons = {
        "season": season.history.get().history_change_reason,
        "member": joined.history.first().history_change_reason,
    }
    with translation.override("en"):
        assert {k: shown(v) for k, v in reasons.items()} == {
            "season": "season created",
            "member": "joined",
        }
    with translation.override("hu"):
        assert shown(reasons["member"]) == "belépett"
