"""Migration 0012 carries each team's captains (``Team.captains``, without a season)
into the per-season record: one row for every season in which the team has a
roster, a member of that roster preferred, with history saying where it came from;
and migrating back gives the captains back to the teams."""

from __future__ import annotations

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from competitions.models import Team, TeamCaptain

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [("competitions", "0011_accounts_captains_referees_walkovers")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest():
    return list(MigrationExecutor(connection).loader.graph.leaf_nodes())


@pytest.fixture
def old_world():
    apps = _migrate(BEFORE)
    try:
        yield apps
    finally:
        _migrate(_latest())


def test_captains_are_carried_into_the_seasons_with_a_roster(old_world):
    apps = old_world
    user = apps.get_model("auth", "User")
    kata, pal, ida = (user.objects.create(username=n) for n in ("kata", "pal", "ida"))
    season = apps.get_model("competitions", "Season")
    s2025 = season.objects.create(year=2025, annual_meeting=dt.date(2025, 1, 18))
    s2026 = season.objects.create(year=2026, annual_meeting=dt.date(2026, 1, 17))
    season.objects.create(year=2027, annual_meeting=dt.date(2027, 1, 16))
    team_model = apps.get_model("competitions", "Team")
    alfa = team_model.objects.create(name="Alfa")
    beta = team_model.objects.create(name="Béta")
    alfa.captains.add(kata, pal)  # two captains: the one on the roster is kept
    beta.captains.add(ida)
    player = apps.get_model("competitions", "Player")
    membership = apps.get_model("competitions", "Membership")
    pal_player = player.objects.create(name="Pál", federation_number="H1", user=pal)
    other = player.objects.create(name="Ottó", federation_number="H2")
    membership.objects.create(season=s2025, team=alfa, player=other, role="driver")
    membership.objects.create(season=s2026, team=alfa, player=pal_player, role="driver")
    membership.objects.create(season=s2026, team=beta, player=other, role="catcher")

    _migrate(_latest())

    rows = sorted(
        (r.team.name, r.season.year, r.user.username)
        for r in TeamCaptain.objects.select_related("team", "season", "user")
    )
    assert rows == [
        ("Alfa", 2025, "kata"),
        ("Alfa", 2026, "pal"),
        ("Béta", 2026, "ida"),
    ]
    assert set(TeamCaptain.history.values_list("history_change_reason", flat=True)) == {
        "carried over from the team's captains"
    }
    assert not hasattr(Team, "captains")

    back = _migrate(BEFORE)
    alfa_back = back.get_model("competitions", "Team").objects.get(name="Alfa")
    assert set(alfa_back.captains.values_list("username", flat=True)) == {"kata", "pal"}
