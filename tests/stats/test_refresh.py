"""The season statistics follow the stored hands (issue 16): every number of the
hand-built season computed by hand, and kept right through completion, correction
and void by the one refresh the follow-up task calls."""

from __future__ import annotations

import pytest

from competitions.services.matches import match_void
from scoring.engine.catalogue import FEASTS
from scoring.services import hand_record
from stats.models import MatchTally, Scope, SeasonStatistics
from stats.selectors.season import (
    federation_season,
    player_rows,
    player_season,
    team_rows,
    team_season,
)
from stats.services.refresh import statistics_rebuild, statistics_refresh
from tests.scoring.engine.sheets import ann, hand
from tests.stats.expected import FEDERATION, PLAYERS, TEAMS
from tests.stats.season_kit import build_season

pytestmark = pytest.mark.django_db

approx = pytest.approx


@pytest.fixture
def kit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return build_season()


def assert_federation(data):
    expected = FEDERATION
    for key in ("season", "matches", "hands", "match_points"):
        assert data[key] == expected[key], key
    assert data["average_match_points"] == approx(expected["average_match_points"])
    for side, value in expected["average_hand_score"].items():
        assert data["average_hand_score"][side] == approx(value, abs=0.005), side
    rows = {row["feast"]: row for row in data["announcements"]}
    assert len(rows) == 70  # every announcement of the catalogue (R13)
    for code, row in rows.items():
        if FEASTS[code].is_silent:  # never announced; "made" is how often it scored
            scored = expected["silent"].get(code, 0)
            assert (row["announced"], row["made"]) == (None, scored), code
            continue
        announced, made, contras, won = expected["announced"].get(code, (0, 0, 0, 0))
        assert (row["announced"], row["made"]) == (announced, made), code
        assert (row["contras"], row["contras_won"]) == (contras, won), code
    assert [r["group"] for r in data["announcements"]][:3] == ["material"] * 3
    assert data["contras"] == expected["contras"]
    assert data["trophies"] == expected["trophies"]
    assert len(data["months"]) == 1
    month = data["months"][0]
    assert (month["month"], month["hands"]) == (3, 16)
    assert month["average_hand_score"] == approx(2716 / 32, abs=0.005)


def assert_team(data, name):
    expected = TEAMS[name]
    assert data["team"]["name"] == name
    for key in ("matches", "match_points", "hands", "contras", "contra_points"):
        assert data[key] == expected[key], (name, key)
    assert data["silent"] == expected["silent"]
    assert data["trophies"] == expected["trophies"]
    assert data["average_match_points"] == approx(expected["average_match_points"])
    for side in ("attack", "defence"):
        assert data["average_hand_score"][side] == approx(
            expected["average_hand_score"][side], abs=0.005
        )
    assert [(r["feast"], r["announced"], r["made"]) for r in data["announcements"]] == (
        expected["announcements"]
    )


def assert_player(data, name):
    expected = PLAYERS[name]
    assert data["player"]["name"] == name
    for role in ("driver", "catcher"):
        got = data["roles"][role]
        if role not in expected:
            assert got["matches"] == 0
            assert got["announcements"] == []
            assert got["average_hand_score"] == {"attack": None, "defence": None}
            continue
        matches, points, hands, averages, announcements, contras = expected[role]
        assert (got["matches"], got["match_points"]) == (matches, points), name
        assert (got["hands"]["attack"], got["hands"]["defence"]) == hands
        assert got["average_hand_score"]["attack"] == approx(averages[0], abs=0.005)
        assert got["average_hand_score"]["defence"] == approx(averages[1], abs=0.005)
        assert [
            (r["feast"], r["announced"], r["made"]) for r in got["announcements"]
        ] == announcements
        assert [
            (r["feast"], r["given"], r["won"], r["lost"]) for r in got["contras"]
        ] == contras
    trophies = (data["trophies"]["count"], data["trophies"]["points"])
    assert trophies == expected["trophies"]


def test_every_statistic_of_the_hand_built_season(kit):
    assert_federation(federation_season(kit.season))
    for team in kit.teams.values():
        assert_team(team_season(kit.season, team), team.name)
    for name in PLAYERS:
        assert_player(player_season(kit.season, kit.players[name]), name)


def test_lists_are_in_hungarian_order_with_the_headline_numbers(kit):
    rows = team_rows(kit.season)
    assert [row["team"] for row in rows] == ["Dunakeszi", "Gödöllő", "Kisfaludy"]
    kisfaludy = rows[2]
    assert (kisfaludy["matches"], kisfaludy["match_points"]) == (2, 178)
    assert (kisfaludy["announced"], kisfaludy["made"]) == (5, 4)
    assert (kisfaludy["contras"], kisfaludy["contras_won"]) == (3, 3)
    assert kisfaludy["made_share"] == approx(80.0)
    players = player_rows(kit.season)
    # Cili never played: no line. Á sorts with A, before B (Hungarian order).
    assert [row["player"] for row in players] == [
        "Ákos",
        "Anna",
        "Béla",
        "Bori",
        "Csaba",
        "Dénes",
    ]
    akos = players[0]
    assert (akos["matches"], akos["announced"], akos["made"]) == (2, 3, 2)
    assert (akos["trophies"], akos["trophy_points"]) == (1, 120)


def test_a_match_in_play_does_not_count(kit):
    tallies = set(MatchTally.objects.values_list("match_id", flat=True))
    assert tallies == {kit.matches[0].pk, kit.matches[1].pk}


def test_a_rebuild_from_the_hands_gives_the_same_rows(kit):
    def snapshot():
        return {
            (row.scope, row.team_id, row.player_id): row.counts
            for row in SeasonStatistics.objects.filter(season=kit.season)
        }

    before = snapshot()
    assert statistics_rebuild(season=kit.season) == 2
    assert snapshot() == before
    assert_federation(federation_season(kit.season))


def test_refreshing_again_changes_nothing(kit, django_assert_max_num_queries):
    stamps = set(SeasonStatistics.objects.values_list("updated_at", flat=True))
    with django_assert_max_num_queries(12):
        assert statistics_refresh(match=kit.matches[0]) is False
    assert set(SeasonStatistics.objects.values_list("updated_at", flat=True)) == stamps


def test_a_corrected_hand_changes_the_statistics(
    kit, django_capture_on_commit_callbacks
):
    """Match 1 hand 5: the mond capture failed after all (R10: limit 0 → 0)."""
    match = kit.matches[0]
    stored = match.hands.get(number=5)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(
            match=match,
            number=5,
            record=hand(ann("mond_capture", "attack", "catcher", made=False)),
            user=kit.official,
            version=stored.version,
            reason="the referee misread the last trick",
        )
    data = federation_season(kit.season)
    mond = next(r for r in data["announcements"] if r["feast"] == "mond_capture")
    assert (mond["announced"], mond["made"]) == (1, 0)
    assert data["trophies"] == {"count": 0, "points": 0, "by_trophy": []}
    team = team_season(kit.season, kit.teams["K"])
    # Kisfaludy's attack loses the 120 of hand 5: (706 - 120) / 8
    assert team["average_hand_score"]["attack"] == approx((706 - 120) / 8)
    # 755 - 120 = 635 → 79 points (R11) instead of 94
    assert team["match_points"] == 79 + 84
    akos = player_season(kit.season, kit.players["Ákos"])
    assert akos["trophies"]["count"] == 0


def test_a_void_match_is_taken_out(kit, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=kit.matches[1], user=kit.official, reason="wrong teams")
    data = federation_season(kit.season)
    assert (data["matches"], data["hands"]) == (1, 8)
    assert not SeasonStatistics.objects.filter(
        scope=Scope.TEAM, team=kit.teams["G"]
    ).exists()
    assert not MatchTally.objects.filter(match=kit.matches[1]).exists()
    assert team_season(kit.season, kit.teams["K"])["matches"] == 1
