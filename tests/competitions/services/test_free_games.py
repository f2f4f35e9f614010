"""Closing a year's free games (R15): an official, when the year is over and nothing
awaits confirmation; each table's winner named and kept (shared ranks stand); the
year reopened with a reason."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import FreeGamesClosing, FreeGamesWinner
from competitions.services.free_games import (
    free_games_close,
    free_games_competition,
    free_games_reopen,
)
from competitions.services.sittings import sitting_correct
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, linked_player, sitting_of
from tests.factories import SeasonFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

NEW_YEAR = dt.date(2027, 1, 3)


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.fixture
def season():
    return SeasonFactory(year=2026)


def test_r15_closing_names_each_tables_winner_shared_ranks_stand(season, official):
    anna, bela, cili = (
        linked_player(n) for n in ("Ács Anna", "Zala Béla", "Kiss Cili")
    )
    sitting_of([(anna, 50), (bela, 50), (cili, 10)], confirm_by=cili.user)
    sitting_of([(cili, 9), (anna, 1), (bela, 5)], variant="high", confirm_by=anna.user)
    free = free_games_competition(season)
    completed(free, TeamFactory(name="Alfa"), TeamFactory(name="Béta"), 90, 80)
    closing = free_games_close(season=season, user=official, today=NEW_YEAR)
    assert (closing.closed_by, closing.season) == (official, season)
    assert [(w.table, w.name, w.points) for w in closing.winners.all()] == [
        ("royal", "Alfa", 90),
        ("emperor", "Ács Anna", 50),
        ("emperor", "Zala Béla", 50),
        ("high", "Kiss Cili", 9),
    ]


def test_r15_the_named_winners_stand_after_the_tables_change(season, official):
    a, b = TeamFactory(name="Alfa"), TeamFactory(name="Béta")
    free = free_games_competition(season)
    completed(free, a, b, 90, 80)
    free_games_close(season=season, user=official, today=NEW_YEAR)
    completed(free, b, a, 100, 0)  # a Royal free game entered late
    assert list(FreeGamesWinner.objects.values_list("name", flat=True)) == ["Alfa"]


@pytest.mark.parametrize(
    ("setup", "today", "code"),
    [
        pytest.param(
            None, dt.date(2026, 12, 31), "year_not_over", id="r15-year-not-over"
        ),
        pytest.param("pending", NEW_YEAR, "pending_sittings", id="pending-sittings"),
        pytest.param("closed", NEW_YEAR, "closed", id="closed-twice"),
    ],
)
def test_closing_is_refused_with_a_reason(season, official, setup, today, code):
    if setup == "pending":
        sitting_of([(linked_player(), 1), (linked_player(), 2), (linked_player(), 3)])
    if setup == "closed":
        free_games_close(season=season, user=official, today=NEW_YEAR)
    before = FreeGamesClosing.objects.count()
    with pytest.raises(ServiceError) as refused:
        free_games_close(season=season, user=official, today=today)
    assert refused.value.code == code
    assert FreeGamesClosing.objects.count() == before


def test_only_officials_close_and_reopen(season):
    player = linked_player()
    with pytest.raises(ServiceError):
        free_games_close(season=season, user=player.user, today=NEW_YEAR)
    free_games_close(
        season=season, user=UserFactory(roles=[Role.OFFICIAL]), today=NEW_YEAR
    )
    with pytest.raises(ServiceError):
        free_games_reopen(season=season, user=player.user, reason="mistake")
    assert FreeGamesClosing.objects.exists()


def test_reopening_needs_a_reason_and_lets_sittings_change_again(season, official):
    players = [linked_player() for _ in range(3)]
    sitting = sitting_of([(p, 1) for p in players], confirm_by=players[1].user)
    free_games_close(season=season, user=official, today=NEW_YEAR)
    with pytest.raises(ServiceError) as refused:
        free_games_reopen(season=season, user=official, reason=" ")
    assert refused.value.field == "reason"
    free_games_reopen(season=season, user=official, reason="a sitting was forgotten")
    assert not FreeGamesClosing.objects.exists()
    assert not FreeGamesWinner.objects.exists()
    history = FreeGamesClosing.history.order_by("history_date")
    assert [h.history_type for h in history] == ["+", "-"]
    assert history.last().history_change_reason == "a sitting was forgotten"
    sitting_correct(
        sitting=sitting,
        user=official,
        reason="late correction",
        date=sitting.date,
        variant="high",
        results=[(p, 2) for p in players],
    )
