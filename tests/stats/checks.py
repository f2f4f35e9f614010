"""Assertions shared by the statistics tests: a selector's or the API's data against
the numbers of ``expected.py``, worked out by hand."""

from __future__ import annotations

import pytest

from scoring.engine.catalogue import FEASTS
from tests.stats.expected import FEDERATION, PLAYERS, TEAMS

approx = pytest.approx


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
