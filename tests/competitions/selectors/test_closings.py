"""The closings' placings of a year for the honours roll (R15): the championship's
places, the cup's winner, finalist and both bronzes, each Grand Prix's places and the
free-games winners, as the closings kept them; the years that have closings."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest
from django.utils import timezone

from competitions.models import Closing, ClosingRow, Competition
from competitions.selectors.closings import Placing, closed_years, year_placings
from competitions.services.free_games import free_games_close, free_games_competition
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed
from tests.factories import CompetitionFactory, SeasonFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def _kept(competition, rows):
    closing = Closing.objects.create(
        competition=competition, closed_at=timezone.now(), closed_by=None
    )
    for place, team, players, points in rows:
        ClosingRow.objects.create(
            closing=closing,
            place=place,
            team=team,
            team_name=team.name,
            players=players,
            points=points,
        )
    return closing


def test_r15_year_placings_in_the_honours_order_with_shared_ranks():
    season = SeasonFactory(year=2026)
    alfa, beta, gamma, delta = (
        TeamFactory(name=n) for n in ("Alfa", "Béta", "Gamma", "Delta")
    )
    champ = CompetitionFactory(season=season)
    cup = CompetitionFactory(season=season, kind=Competition.Kind.CUP)
    gp = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Tavaszi GP"
    )
    closing = _kept(
        champ,
        [
            (1, alfa, ["Ács Anna", "Bíró Béla"], 120),
            (2, beta, [], 100),
            (2, gamma, [], 100),
        ],
    )
    _kept(
        cup,
        [
            (1, beta, ["B1", "B2"], None),
            (2, alfa, [], None),
            (3, gamma, [], None),
            (3, delta, [], None),
        ],
    )
    _kept(gp, [(1, delta, ["D1"], 2150)])
    free = free_games_competition(season)
    completed(free, alfa, beta, 90, 80)
    free_games_close(
        season=season,
        user=UserFactory(roles=[Role.OFFICIAL]),
        today=dt.date(2027, 1, 3),
    )

    placings = year_placings(2026)

    assert placings[0] == Placing(
        competition="championship",
        event="",
        place=1,
        team="Alfa",
        players=("Ács Anna", "Bíró Béla"),
        points=120,
        closed_at=closing.closed_at,
    )
    assert [(p.competition, p.event, p.place, p.team, p.points) for p in placings] == [
        ("championship", "", 1, "Alfa", 120),
        ("championship", "", 2, "Béta", 100),
        ("championship", "", 2, "Gamma", 100),
        ("cup", "", 1, "Béta", None),
        ("cup", "", 2, "Alfa", None),
        ("cup", "", 3, "Delta", None),
        ("cup", "", 3, "Gamma", None),
        ("grand_prix", "Tavaszi GP", 1, "Delta", 2150),
        ("free_games", "Royal free games", 1, "Alfa", 90),
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        placings[0].place = 2  # type: ignore[misc]
    assert year_placings(2025) == []


def test_closed_years_latest_first_free_games_alone_count():
    old, new = SeasonFactory(year=2024), SeasonFactory(year=2026)
    _kept(CompetitionFactory(season=new), [(1, TeamFactory(), [], 10)])
    completed(free_games_competition(old), TeamFactory(), TeamFactory(), 9, 8)
    free_games_close(
        season=old, user=UserFactory(roles=[Role.OFFICIAL]), today=dt.date(2025, 1, 3)
    )
    SeasonFactory(year=2025)
    assert closed_years() == [2026, 2024]


def test_year_placings_two_queries(django_assert_max_num_queries):
    season = SeasonFactory(year=2026)
    for n in range(3):
        gp = CompetitionFactory(
            season=season, kind=Competition.Kind.GRAND_PRIX, name=f"GP {n}"
        )
        _kept(gp, [(1, TeamFactory(), [], 10), (2, TeamFactory(), [], 5)])
    with django_assert_max_num_queries(2):
        assert len(year_placings(2026)) == 6
