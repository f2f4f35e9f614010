"""Fixtures files (HAND_RECORD.md "Fixtures file (CSV)"): every check of the spec,
all or nothing, every problem with its line and column; a row equal to an already
scheduled match is reported and not counted; and ``manage.py import_fixtures``."""

import datetime as dt
import json

import pytest
from django.core.management import call_command

from competitions.models import Competition, Match
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.services.fixtures import fixtures_import
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    pool_referee,
    team_with_roster,
)

pytestmark = pytest.mark.django_db

HEADER = "date,time,team_a,team_b,venue,public,referee\n"


@pytest.fixture
def league():
    season = SeasonFactory(year=2026)
    championship = CompetitionFactory(season=season)
    for name in ("Győri Huszárok", "Gödöllői Ászok", "Váci Tarokk", "Pécsi Skíz"):
        team_with_roster(season, name=name)
    pool_referee(season, username="bíró")
    return championship


def run(competition, text, encoding="utf-8"):
    return fixtures_import(
        competition=competition,
        content=text.encode(encoding),
        user=UserFactory(roles=[Role.OFFICIAL]),
    )


def problems(outcome):
    return [(p.line, p.column) for p in outcome.problems]


def test_every_column_is_stored_and_the_answer_counts_the_matches(league):
    outcome = run(
        league,
        HEADER
        + "2026-03-14,18:30,Győri Huszárok,Gödöllői Ászok,Győr,no,bíró\n"
        + "2026-03-14,,Váci Tarokk,Pécsi Skíz,,,\n",
    )
    assert outcome.as_json() == {"scheduled": 2}
    match = Match.objects.get(team_a__name="Győri Huszárok")
    assert (match.date, match.time, match.venue) == (
        dt.date(2026, 3, 14),
        dt.time(18, 30),
        "Győr",
    )
    assert match.public is False
    assert match.referee.username == "bíró"
    other = Match.objects.get(team_a__name="Váci Tarokk")
    assert (other.public, other.referee, other.time) == (True, None, None)
    assert (
        shown(match.history.get().history_change_reason)
        == "scheduled from a fixtures file"
    )


def test_columns_may_come_in_any_order_and_the_optional_ones_may_be_left_out(league):
    outcome = run(league, "team_b,team_a,date\nVáci Tarokk,Pécsi Skíz,2026-04-01\n")
    assert outcome.as_json() == {"scheduled": 1}


def test_a_byte_order_mark_is_accepted(league):
    text = "\ufeff" + HEADER + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n"
    assert run(league, text).as_json() == {"scheduled": 1}


def test_a_semicolon_file_as_a_hungarian_spreadsheet_saves_it_is_read(league):
    """The fixtures file reads through the shared spreadsheet reader (core/sheets)."""
    text = (
        "\ufeffdate;team_a;team_b;venue\r\n"
        "2026-03-14;Győri Huszárok;Váci Tarokk;Győr, Fő tér\r\n"
    )
    assert run(league, text).as_json() == {"scheduled": 1}
    assert Match.objects.get().venue == "Győr, Fő tér"


def test_a_value_under_no_heading_is_reported_on_its_line(league):
    outcome = run(
        league, "date,team_a,team_b\n2026-03-14,Győri Huszárok,Váci Tarokk,x\n"
    )
    assert problems(outcome) == [(2, "")]
    assert not Match.objects.exists()


def test_a_file_that_is_not_utf8_is_refused_as_its_one_problem(league):
    text = HEADER + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n"
    outcome = run(league, text, encoding="iso8859_2")
    assert [(p.code, p.line) for p in outcome.problems] == [("not_utf8", 2)]
    assert "not UTF-8" in outcome.problems[0].message
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("row", "column", "words"),
    [
        ("14/03/2026,,Győri Huszárok,Váci Tarokk,,,", "date", "YYYY-MM-DD"),
        (",,Győri Huszárok,Váci Tarokk,,,", "date", "required"),
        ("2025-12-31,,Győri Huszárok,Váci Tarokk,,,", "date", "outside the 2026"),
        ("2026-03-14,6pm,Győri Huszárok,Váci Tarokk,,,", "time", "HH:MM"),
        ("2026-03-14,25:00,Győri Huszárok,Váci Tarokk,,,", "time", "HH:MM"),
        ("2026-03-14,,Gyori Huszarok,Váci Tarokk,,,", "team_a", "no team named"),
        ("2026-03-14,,Győri Huszárok,,,,", "team_b", "required"),
        ("2026-03-14,,Győri Huszárok,Nincs Csapat,,,", "team_b", "not entered"),
        ("2026-03-14,,Győri Huszárok,Győri Huszárok,,,", "team_b", "two different"),
        ("2026-03-14,,Győri Huszárok,Váci Tarokk,,maybe,", "public", "yes or no"),
        ("2026-03-14,,Győri Huszárok,Váci Tarokk,,,senki", "referee", "no account"),
        ("2026-03-14,,Győri Huszárok,Váci Tarokk,,,kapitány", "referee", "Referee"),
        ("2026-03-14,,Győri Huszárok,Váci Tarokk," + "x" * 121 + ",,", "venue", "120"),
        ("2026-03-14,,Győri Huszárok,Váci Tarokk", "", "4 cells"),
    ],
)
def test_each_bad_cell_is_reported_with_its_line_and_column(league, row, column, words):
    TeamFactory(name="Nincs Csapat")
    UserFactory(username="kapitány", roles=[Role.TEAM_CAPTAIN])
    good = "2026-03-21,,Pécsi Skíz,Gödöllői Ászok,,,\n"
    outcome = run(league, HEADER + good + row + "\n")
    assert problems(outcome) == [(3, column)]
    assert words in outcome.problems[0].message
    assert not Match.objects.exists()  # all or nothing


def test_every_problem_of_the_file_is_reported_at_once(league):
    outcome = run(
        league,
        HEADER
        + "2026-13-01,,Győri Huszárok,Váci Tarokk,,,\n"
        + "2026-03-14,9,Nobody,Váci Tarokk,,,\n",
    )
    assert problems(outcome) == [(2, "date"), (3, "time"), (3, "team_a")]
    assert "errors" in outcome.as_json()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("", "", "empty"),
        ("date,team_a\n2026-03-14,Győri Huszárok\n", "team_b", "missing"),
        ("date,team_a,team_b,colour\n", "colour", "Unknown column"),
        ("date,team_a,team_b,date\n", "date", "twice"),
        (HEADER, "", "no fixtures"),
    ],
)
def test_a_bad_header_or_an_empty_file_is_reported_on_line_1(
    league, text, column, words
):
    outcome = run(league, text)
    assert problems(outcome) == [(1, column)]
    assert words in outcome.problems[0].message


def test_R15_no_team_twice_on_one_date_in_the_file(league):
    outcome = run(
        league,
        HEADER
        + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n"
        + "2026-03-14,,Pécsi Skíz,Győri Huszárok,,,\n",
    )
    assert problems(outcome) == [(3, "team_b")]
    assert "(line 2)" in outcome.problems[0].message


def test_R15_no_team_twice_on_one_date_with_a_match_already_scheduled(league):
    MatchFactory(
        competition=league,
        team_a=league.season.memberships.first().team,
        team_b=TeamFactory(),
        date=dt.date(2026, 3, 14),
    )
    busy = league.season.memberships.first().team.name
    other = "Pécsi Skíz" if busy != "Pécsi Skíz" else "Váci Tarokk"
    outcome = run(league, HEADER + f"2026-03-14,,{other},{busy},,,\n")
    assert problems(outcome) == [(2, "team_b")]
    assert "already plays" in outcome.problems[0].message


def test_a_row_equal_to_a_scheduled_match_is_reported_and_not_counted(league):
    run(league, HEADER + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n")
    outcome = run(
        league,
        HEADER
        + "2026-03-14,20:00,Váci Tarokk,Győri Huszárok,,,\n"
        + "2026-03-21,,Győri Huszárok,Váci Tarokk,,,\n",
    )
    assert outcome.as_json() == {"scheduled": 1}
    assert [p.line for p in outcome.present] == [2]
    assert Match.objects.count() == 2


def test_R15_the_52_match_cap_counts_what_is_already_scheduled(league):
    teams = {m.team.name: m.team for m in league.season.memberships.all()}
    gyor, vac = teams["Győri Huszárok"], teams["Váci Tarokk"]
    for day in range(CHAMPIONSHIP_MATCH_CAP - 1):
        MatchFactory(
            competition=league,
            team_a=gyor,
            team_b=vac,
            date=dt.date(2026, 2, 1) + dt.timedelta(days=day),
        )
    outcome = run(
        league,
        HEADER
        + "2026-11-01,,Győri Huszárok,Pécsi Skíz,,,\n"
        + "2026-11-08,,Gödöllői Ászok,Győri Huszárok,,,\n",
    )
    assert problems(outcome) == [(3, "team_b")]
    assert "53rd" in outcome.problems[0].message
    assert Match.objects.filter(date__month=11).count() == 0


def test_R15_free_games_have_no_cap(league):
    free = CompetitionFactory(season=league.season, kind=Competition.Kind.FREE)
    outcome = run(free, HEADER + "2026-11-01,,Győri Huszárok,Pécsi Skíz,,,\n")
    assert outcome.as_json() == {"scheduled": 1}


def test_a_cup_is_not_scheduled_from_a_fixtures_file(league):
    cup = CompetitionFactory(season=league.season, kind=Competition.Kind.CUP)
    with pytest.raises(ServiceError, match="own page"):
        run(cup, HEADER)


class TestCommand:
    def write(self, tmp_path, text, encoding="utf-8"):
        path = tmp_path / "fixtures.csv"
        path.write_bytes(text.encode(encoding))
        return str(path)

    def test_prints_the_count_and_exits_0(self, league, tmp_path, capsys):
        path = self.write(
            tmp_path, HEADER + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n"
        )
        call_command("import_fixtures", str(league.pk), path)
        assert json.loads(capsys.readouterr().out) == {"scheduled": 1}

    def test_problems_go_to_stderr_with_line_and_column_exit_1(
        self, league, tmp_path, capsys
    ):
        path = self.write(tmp_path, HEADER + "2026-03-14,,Győri Huszárok,X,,,\n")
        with pytest.raises(SystemExit) as exited:
            call_command("import_fixtures", str(league.pk), path)
        assert exited.value.code == 1
        err = capsys.readouterr().err
        assert "line 2, column team_b: There is no team named X" in err
        assert "Nothing was scheduled." in err
        assert not Match.objects.exists()

    @pytest.mark.parametrize(
        ("competition_id", "file", "words"),
        [
            ("abc", "ok", "no competition with id 'abc'"),
            ("999999", "ok", "no competition with id '999999'"),
            (None, "missing", "Cannot read"),
            (None, "latin", "not UTF-8"),
        ],
    )
    def test_clear_messages_for_a_bad_id_a_missing_file_and_bad_encoding(
        self, league, tmp_path, capsys, competition_id, file, words
    ):
        text = HEADER + "2026-03-14,,Győri Huszárok,Váci Tarokk,,,\n"
        path = {
            "ok": self.write(tmp_path, text),
            "latin": self.write(tmp_path, text, encoding="iso8859_2"),
            "missing": str(tmp_path / "nowhere.csv"),
        }[file]
        with pytest.raises(SystemExit) as exited:
            call_command("import_fixtures", competition_id or str(league.pk), path)
        assert exited.value.code == 1
        assert words in capsys.readouterr().err
        assert not Match.objects.exists()
