"""Both imports report their refusals in the core's one shape
(``tarokk_admin/core/problems.py``): a stable code, where (a matches file's JSON
Pointer path, a spreadsheet's line and column) and one sentence; the JSON keeps the
shape HAND_RECORD.md gives each file."""

from __future__ import annotations

import pytest

from competitions.services.fixtures import fixtures_import
from scoring.services.imports.archive import archive_run_create
from scoring.services.imports.store import matches_import
from tarokk_admin.core.problems import Problem, problem_where
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    team_with_roster,
)
from tests.scoring.services.test_import import LINEUPS, entry, matches_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


def test_a_matches_file_refused_by_a_service_reports_a_problem_at_its_path(official):
    """R15: a player of another team this season; the store's refusal keeps the
    table's code (not a generic one) and sits at the line-up's path."""
    third = entry(3, date="2026-04-02")
    third["record"]["teams"] = ["Kisfaludy", "Érd"]
    third["record"]["first_attack"] = "Kisfaludy"
    third["lineups"] = {
        "Kisfaludy": dict(LINEUPS["Kisfaludy"]),
        "Érd": {"driver": "Tóth Csaba", "catcher": "Vida Éva"},
    }
    outcome = matches_import(data=matches_file(entry(1), third), user=official)
    problems = [Problem.from_json(error) for error in outcome.errors]
    assert [(p.code, p.path) for p in problems] == [
        ("player_in_other_team", "/matches/1/lineups/Érd/driver")
    ]
    assert all(p.in_record for p in problems)
    # The JSON is the engine's shape, exactly (HAND_RECORD.md).
    assert [p.as_json() for p in problems] == outcome.errors
    assert set(outcome.errors[0]) == {"code", "message", "path"}
    assert problem_where(problems[0]) == ""  # a record's problem: its path says where


def test_an_engine_error_of_a_matches_file_is_a_problem_at_its_path(official):
    bad = entry(1)
    bad["record"]["hands"][0]["announcements"] = "nonsense"
    outcome = matches_import(data=matches_file(bad), user=official)
    problems = [Problem.from_json(error) for error in outcome.errors]
    assert problems
    assert all(p.in_record for p in problems)
    assert problems[0].path.startswith("/matches/0/record/hands/0")
    assert [p.as_json() for p in problems] == outcome.errors


def test_a_fixtures_file_reports_problems_at_their_line_and_column(official):
    season = SeasonFactory(year=2026)
    league = CompetitionFactory(season=season)
    team_with_roster(season, name="Váci Tarokk")
    outcome = fixtures_import(
        competition=league,
        content=b"date,team_a,team_b\n2026-03-14,Nobody,V\xc3\xa1ci Tarokk\n",
        user=official,
    )
    assert all(isinstance(p, Problem) for p in outcome.problems)
    assert [(p.code, p.line, p.column) for p in outcome.problems] == [
        ("fixtures_unknown_team", 2, "team_a")
    ]
    problem = outcome.problems[0]
    assert not problem.in_record
    assert problem.as_json() == {
        "code": "fixtures_unknown_team",
        "line": 2,
        "column": "team_a",
        "message": problem.message,
    }
    assert outcome.as_json() == {"errors": [problem.as_json()]}
    assert problem_where(problem) == "line 2, column team_a"


def test_an_archive_file_that_cannot_be_read_is_one_problem_of_the_file(official):
    run = archive_run_create(
        user=official,
        kind="players",
        file_name="old.xls",
        content=b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64,
    )
    problems = [Problem.from_json(error) for error in run.errors]
    assert [(p.code, p.line, p.in_record) for p in problems] == [
        ("not_a_spreadsheet", 0, False)
    ]
    assert [p.as_json() for p in problems] == run.errors
