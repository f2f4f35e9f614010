"""Cup matches in a matches file (HAND_RECORD.md, R15): a whole past cup imported and
read back through the Cup API, and the cup's refusals — all or nothing, each error
with its path."""

from __future__ import annotations

import pytest

from competitions.models import CupRegistration, CupTie, Match
from competitions.rules import bracket
from scoring.engine import score_match_record
from scoring.services.imports.store import matches_import
from tarokk_admin.core.roles import Role
from tests.competitions.kit import level_records
from tests.factories import UserFactory, sheet

pytestmark = pytest.mark.django_db

YEAR = 2025
TEAMS = [f"Kör {chr(65 + i)}" for i in range(16)]


def lineup(team: str) -> dict[str, str]:
    return {"driver": f"{team} hajtó", "catcher": f"{team} fogó"}


def cup_entry(
    round_: int,
    slot: int,
    teams: tuple[str, str],
    hands: list[dict],
    *,
    tiebreak: int = 0,
    day: int = 1,
) -> dict:
    competition = {"season": YEAR, "kind": "cup", "round": round_, "slot": slot}
    record = {
        "format": "royal-tarokk-match/1",
        "teams": list(teams),
        "first_attack": teams[0],
        "hands": hands,
    }
    if tiebreak:
        competition["tiebreak"] = tiebreak
        record["tiebreak"] = True
    return {
        "competition": competition,
        "date": f"{YEAR}-{8 + round_:02d}-{day:02d}",
        "venue": "Budapest",
        "lineups": {team: lineup(team) for team in teams},
        "record": record,
    }


def points(entry: dict) -> list[int]:
    judged = score_match_record(entry["record"])
    return [judged["teams"][name]["points"] for name in entry["record"]["teams"]]


def hands(seed: int, n: int = 8) -> list[dict]:
    return [sheet(seed * 10 + i) for i in range(n)]


def play_tie(round_, slot, teams, seed, *, level=False):
    """A tie's entries, its expected API row and its winner: 3 matches, then
    tie-breakers (the first one level for a ``level`` tie) until it is broken."""
    entries, sums, breaks = [], [0, 0], []
    for i in range(3):
        records = level_records(8, seed=seed + i) if level else hands(seed + i)
        entries.append(cup_entry(round_, slot, teams, records, day=1 + i))
        sums = [a + b for a, b in zip(sums, points(entries[-1]), strict=True)]
    n, extra = 0, seed * 7
    while sums[0] == sums[1] and (not breaks or breaks[-1][0] == breaks[-1][1]):
        n += 1
        records = level_records(2, seed=seed) if n == 1 else hands(extra + n, 2)
        entries.append(cup_entry(round_, slot, teams, records, tiebreak=n, day=5 + n))
        breaks.append(points(entries[-1]))
    last = breaks[-1] if breaks else sums
    winner = teams[0] if last[0] > last[1] else teams[1]
    row = {
        "round": round_,
        "slot": slot,
        "teams": list(teams),
        "points": sums,
        "tiebreaks": breaks,
        "winner": winner,
        "walkover": False,
    }
    return entries, row, winner


def whole_cup():
    """A complete cup: R1 slot 2 goes to tie-breakers; returns (file, API)."""
    entries, rows, winners = [], [], {}
    for round_, slot in bracket.positions():
        if round_ == 1:
            teams = (TEAMS[2 * slot - 2], TEAMS[2 * slot - 1])
        else:
            (r, a), (_r, b) = bracket.feeders(round_, slot)
            teams = (winners[(r, a)], winners[(r, b)])
        tie_entries, row, winner = play_tie(
            round_,
            slot,
            teams,
            seed=round_ * 100 + slot * 10,
            level=(round_, slot) == (1, 2),
        )
        entries += tie_entries
        rows.append(row)
        winners[(round_, slot)] = winner
    final, semis = rows[-1], rows[-3:-1]
    api = {
        "season": YEAR,
        "ties": rows,
        "winner": final["winner"],
        "runner_up": next(t for t in final["teams"] if t != final["winner"]),
        "bronze": [next(t for t in s["teams"] if t != s["winner"]) for s in semis],
    }
    return {"format": "royal-tarokk-matches/1", "matches": entries}, api


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def test_R15_imported_cup_answers_its_api_exactly(official, client):
    data, expected = whole_cup()
    outcome = matches_import(data=data, user=official)
    assert outcome.ok, outcome.errors
    assert outcome.imported == len(data["matches"])
    assert client.get(f"/api/cup/{YEAR}/").json() == expected
    assert len(expected["ties"][1]["tiebreaks"]) >= 2  # a level tie-breaker first
    assert CupTie.objects.filter(winner__isnull=False).count() == 15
    assert CupRegistration.objects.count() == 16  # each team's pair, registered
    again = matches_import(data=data, user=official)
    assert again.ok
    assert again.imported == 0
    assert Match.objects.count() == len(data["matches"])


def _file(*entries):
    return {"format": "royal-tarokk-matches/1", "matches": list(entries)}


def _refused(data, official) -> list[dict]:
    outcome = matches_import(data=data, user=official)
    assert not outcome.ok
    assert Match.objects.count() == 0  # all or nothing
    assert CupTie.objects.count() == 0
    return outcome.errors


def test_R15_import_refuses_a_fourth_match_in_a_tie(official):
    teams = (TEAMS[0], TEAMS[1])
    data = _file(*(cup_entry(1, 1, teams, hands(i), day=1 + i) for i in range(4)))
    errors = _refused(data, official)
    assert [(e["code"], e["path"]) for e in errors] == [("fourth_match", "/matches/3")]


def test_R15_import_refuses_a_tiebreak_while_the_totals_differ(official):
    entries, row, _winner = play_tie(1, 1, (TEAMS[0], TEAMS[1]), seed=3)
    assert row["points"][0] != row["points"][1]
    entries.append(cup_entry(1, 1, (TEAMS[0], TEAMS[1]), hands(9, 2), tiebreak=1))
    errors = _refused(_file(*entries), official)
    assert errors[0]["code"] == "tiebreak_not_level"
    assert errors[0]["path"] == "/matches/3/competition/tiebreak"
    assert "differ" in errors[0]["message"]


def test_R15_import_refuses_a_tiebreak_after_a_deciding_tiebreak(official):
    entries, row, _winner = play_tie(1, 1, (TEAMS[0], TEAMS[1]), seed=5, level=True)
    entries.append(
        cup_entry(
            1, 1, (TEAMS[0], TEAMS[1]), hands(77, 2), tiebreak=len(row["tiebreaks"]) + 1
        )
    )
    errors = _refused(_file(*entries), official)
    assert errors[0]["code"] == "tiebreak_not_level"
    assert errors[0]["path"] == f"/matches/{len(entries) - 1}/competition/tiebreak"


def test_R15_import_refuses_a_later_tie_not_played_by_the_winners(official):
    first, _row, winner_1 = play_tie(1, 1, (TEAMS[0], TEAMS[1]), seed=11)
    second, _row, winner_2 = play_tie(1, 2, (TEAMS[2], TEAMS[3]), seed=21)
    loser_1 = TEAMS[1] if winner_1 == TEAMS[0] else TEAMS[0]
    quarter = cup_entry(2, 1, (loser_1, winner_2), hands(31))
    errors = _refused(_file(quarter, *first, *second), official)  # any order
    assert [(e["code"], e["path"]) for e in errors] == [
        ("not_the_winners", "/matches/0/record/teams")
    ]
    assert winner_1 in errors[0]["message"]


def test_R15_import_accepts_later_ties_listed_before_their_feeders(official):
    first, _row, winner_1 = play_tie(1, 1, (TEAMS[0], TEAMS[1]), seed=11)
    second, _row, winner_2 = play_tie(1, 2, (TEAMS[2], TEAMS[3]), seed=21)
    quarter = cup_entry(2, 1, (winner_2, winner_1), hands(31))  # named either way
    outcome = matches_import(data=_file(quarter, *first, *second), user=official)
    assert outcome.ok, outcome.errors
    tie = CupTie.objects.get(round=2, slot=1)
    assert (tie.team_a.name, tie.team_b.name) == (
        winner_1,
        winner_2,
    )  # lower slot first


def test_R15_import_refuses_another_pair_than_the_first_cup_match(official):
    teams = (TEAMS[0], TEAMS[1])
    first = cup_entry(1, 1, teams, hands(1), day=1)
    second = cup_entry(1, 1, teams, hands(2), day=2)
    second["lineups"][TEAMS[0]]["catcher"] = "Helyettes Hugó"
    errors = _refused(_file(first, second), official)
    assert errors[0]["path"].startswith(f"/matches/1/lineups/{TEAMS[0]}")


def test_R15_import_refuses_a_seventeenth_team(official):
    entries = [
        cup_entry(1, slot, (TEAMS[2 * slot - 2], TEAMS[2 * slot - 1]), hands(slot))
        for slot in range(1, 9)
    ]
    entries.append(cup_entry(2, 1, (TEAMS[0], "Tizenhetedik"), hands(40)))
    errors = _refused(_file(*entries), official)
    codes = {e["code"]: e["path"] for e in errors}
    assert codes["too_many_teams"] == "/matches/8/record/teams"
