"""The year's free-games tables (R15): one per variant (and per named game), players
by confirmed points, shared ranks; the Royal free games by match points (R11); points
of two variants never added; pending and void sittings nowhere."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import Competition, SittingResult, VariantSitting
from competitions.selectors.free_games import (
    free_games_tables,
    player_free_games,
    table_key,
)
from competitions.services.free_games import free_games_competition
from competitions.services.sittings import sitting_void
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, linked_player, sitting_of, table_of
from tests.factories import SeasonFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def players():
    SeasonFactory(year=2026)
    names = ("Ács Anna", "Zala Béla", "Édes Cili", "Nagy Dóra")
    return [linked_player(name) for name in names]


def test_r15_each_variant_ranks_players_by_confirmed_points_never_mixed(players):
    anna, bela, cili, dora = players
    sitting_of([(anna, 100), (bela, 50), (cili, -20)], confirm_by=bela.user)
    sitting_of([(bela, 70), (anna, 20), (dora, 0)], confirm_by=anna.user)
    sitting_of([(cili, 9), (anna, 1), (bela, 5)], variant="high", confirm_by=anna.user)
    season = VariantSitting.objects.first().season
    assert table_of(season, "emperor") == [
        ("Ács Anna", 2, 120, 1),
        ("Zala Béla", 2, 120, 1),  # equal points share the rank (1, 1, 3)
        ("Nagy Dóra", 1, 0, 3),
        ("Édes Cili", 1, -20, 4),
    ]
    assert table_of(season, "high") == [
        ("Édes Cili", 1, 9, 1),
        ("Zala Béla", 1, 5, 2),
        ("Ács Anna", 1, 1, 3),
    ]


def test_r15_pending_and_void_sittings_count_nowhere(players):
    anna, bela, cili, _dora = players
    sitting_of([(anna, 100), (bela, 50), (cili, -20)])  # never confirmed
    void = sitting_of([(anna, 7), (bela, 5), (cili, 3)], confirm_by=cili.user)
    sitting_void(
        sitting=void, user=UserFactory(roles=[Role.OFFICIAL]), reason="entered twice"
    )
    season = VariantSitting.objects.first().season
    assert [t.key for t in free_games_tables(season=season)] == ["royal"]
    assert player_free_games(anna) == []


def test_r15_named_games_each_have_their_own_table(players):
    anna, bela, cili, _dora = players
    for name, points in (("Hármas", 10), ("Négyes", 99), ("hármas", 5)):
        sitting_of(
            [(anna, points), (bela, 1), (cili, 2)],
            variant="training",
            name=name,
            confirm_by=bela.user,
        )
    sitting_of(
        [(anna, 3), (bela, 1), (cili, 2)],
        variant="test",
        name="Hármas",
        confirm_by=bela.user,
    )
    season = VariantSitting.objects.first().season
    tables = free_games_tables(season=season)
    assert [(t.key, t.title) for t in tables] == [
        ("royal", "Royal free games"),
        ("training-harmas", "Training game: Hármas"),
        ("training-negyes", "Training game: Négyes"),
        ("test-harmas", "Test game: Hármas"),
    ]
    assert table_of(season, "training-harmas")[0] == ("Ács Anna", 2, 15, 1)


def test_r15_r11_the_royal_table_ranks_teams_by_match_points():
    season = SeasonFactory(year=2026)
    free = free_games_competition(season)
    a, b, c = (TeamFactory(name=n) for n in ("Alfa", "Béta", "Gamma"))
    completed(free, a, b, 90, 80)
    completed(free, b, c, 10, 30)
    assert table_of(season, "royal") == [
        ("Alfa", 1, 90, 1),
        ("Béta", 2, 90, 1),
        ("Gamma", 1, 30, 3),
    ]
    assert Competition.objects.filter(kind="free").count() == 1


def test_a_carried_sitting_counts_for_its_teams():
    season = SeasonFactory(year=2026)
    sitting = VariantSitting.objects.create(
        season=season,
        variant="emperor",
        date=dt.date(2026, 3, 1),
        status=VariantSitting.Status.CONFIRMED,
        recorded_at=dt.datetime(2026, 3, 1, tzinfo=dt.UTC),
        carried=True,
    )
    team = TeamFactory(name="Alfa")
    SittingResult.objects.create(sitting=sitting, team=team, points=40)
    rows = free_games_tables(season=season)[1].rows
    assert [(r.entrant, r.id, r.name, r.points) for r in rows] == [
        ("team", team.pk, "Alfa", 40)
    ]


def test_r15_a_players_results_per_year_and_variant_with_rank(players):
    anna, bela, cili, _dora = players
    sitting_of([(anna, 100), (bela, 50), (cili, -20)], confirm_by=bela.user)
    sitting_of(
        [(anna, 1), (bela, 5), (cili, 9)],
        variant="high",
        confirm_by=bela.user,
        date=dt.date(2026, 6, 1),
    )
    sitting_of(
        [(anna, 30), (bela, 50), (cili, 40)],
        confirm_by=bela.user,
        date=dt.date(2025, 6, 1),
    )
    assert [
        (r.year, r.title, r.games, r.points, r.rank, r.of)
        for r in player_free_games(anna)
    ] == [
        (2026, "Emperor Tarokk", 1, 100, 1, 3),
        (2026, "High Tarokk", 1, 1, 3, 3),
        (2025, "Emperor Tarokk", 1, 30, 3, 3),
    ]


def test_table_keys_are_stable_in_addresses():
    assert table_key("", "") == "royal"
    assert table_key("emperor", "") == "emperor"
    assert (
        table_key("royal_variant", "Hármas királyi") == "royal_variant-harmas-kiralyi"
    )
