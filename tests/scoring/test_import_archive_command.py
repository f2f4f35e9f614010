"""``manage.py import_archive KIND FILE`` (HAND_RECORD.md "Archive files"): one JSON
line and exit 0 when stored (a second import stores nothing and says so); every
problem with its line and column and exit 1 when refused; one sentence and exit 1
for a missing file or a kind that does not exist or is not available yet; every
import recorded among the officials' imports."""

from __future__ import annotations

import io
import json

import openpyxl
import pytest
from django.core.management import call_command

from competitions.models import Player
from scoring.models import ImportRun
from tests.factories import PlayerFactory
from trophies.models import TrophyAward

pytestmark = pytest.mark.django_db

PLAYERS = "igazolásszám;név;klub;aktív\nH10001;Kovács Éva;Szeged;igen\nH10002;Nagy Béla;;nem\n"
TROPHIES = (
    "date,player,trophy,partner,event\n2012-03-04,H10001,golgotha,H10002,Őszi kupa\n"
)


def run(capsys, *args):
    try:
        call_command("import_archive", *args)
    except SystemExit as exited:
        code = exited.code
    else:
        code = 0
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return str(path)


def test_players_then_trophies_are_stored_and_answered_as_one_json_line(
    tmp_path, capsys
):
    code, out, err = run(capsys, "players", write(tmp_path, "players.csv", PLAYERS))
    assert (code, err) == (0, "")
    assert out.strip().count("\n") == 0
    assert json.loads(out) == {"kind": "players", "stored": 2, "already_stored": 0}
    nagy = Player.objects.get(federation_number="H10002")
    assert (nagy.name, nagy.club, nagy.active) == ("Nagy Béla", "", False)
    code, out, _err = run(capsys, "trophies", write(tmp_path, "t.csv", TROPHIES))
    assert code == 0
    assert json.loads(out) == {"kind": "trophies", "stored": 1, "already_stored": 0}
    award = TrophyAward.objects.get()
    run_ = ImportRun.objects.get(kind="trophies")
    assert award.import_run == run_
    assert (run_.status, run_.imported, run_.user.username) == ("done", 1, "import")


def test_a_second_import_stores_nothing_and_says_so(tmp_path, capsys):
    path = write(tmp_path, "players.csv", PLAYERS)
    run(capsys, "players", path)
    code, out, err = run(capsys, "players", path)
    assert code == 0
    assert json.loads(out) == {"kind": "players", "stored": 0, "already_stored": 2}
    assert "2 row(s) of the file were already stored" in err
    assert "lines 2, 3" in err
    assert Player.objects.count() == 2
    assert list(ImportRun.objects.order_by("pk").values_list("kind", "imported")) == [
        ("players", 2),
        ("players", 0),
    ]


def test_an_xlsx_file_is_read_from_its_first_sheet(tmp_path, capsys):
    PlayerFactory(name="Kovács Éva", federation_number="H10001")
    book = openpyxl.Workbook()
    book.active.append(["dátum", "játékos", "trófea"])
    book.active.append(["2012.03.04.", "kovács éva", "Aranyeső"])
    out_ = io.BytesIO()
    book.save(out_)
    code, out, err = run(capsys, "trophies", write(tmp_path, "t.xlsx", out_.getvalue()))
    assert code == 1
    assert json.loads(out)["errors"] == [
        {
            "code": "unknown_trophy",
            "line": 2,
            "column": "trófea",
            "message": json.loads(out)["errors"][0]["message"],
        }
    ]
    assert "row 2, column C (trófea): Aranyeső is no trophy" in err


def test_a_refused_file_prints_each_problem_with_line_and_column_and_exits_1(
    tmp_path, capsys
):
    text = "date,player,trophy\n2012-13-04,H10001,golgotha\n2012-03-04,Senki,royal\n"
    code, out, err = run(capsys, "trophies", write(tmp_path, "t.csv", text))
    assert code == 1
    answer = json.loads(out)
    assert answer["kind"] == "trophies"
    assert answer["valid"] is False
    assert [(e["line"], e["column"], e["code"]) for e in answer["errors"]] == [
        (2, "date", "not_a_date"),
        (2, "player", "unknown_player"),
        (3, "player", "unknown_player"),
    ]
    assert "line 2, column date: 2012-13-04 is not a date" in err
    assert err.strip().endswith("Nothing was stored.")
    assert not TrophyAward.objects.exists()
    refused = ImportRun.objects.get()
    assert (refused.kind, refused.user, len(refused.errors)) == ("trophies", None, 3)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("trophies", "/nonexistent/t.csv"), "Cannot read /nonexistent/t.csv"),
        (("medals", "x.csv"), "There is no archive kind 'medals'"),
    ],
)
def test_a_missing_file_or_an_unknown_kind_is_one_sentence_and_exit_1(
    capsys, args, words
):
    code, out, err = run(capsys, *args)
    assert code == 1
    assert out == ""
    assert words in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_the_honours_kind_is_imported_like_the_others(tmp_path, capsys):
    from competitions.models import Honour

    path = write(
        tmp_path, "h.csv", "év;verseny;helyezés;csapat\n2012;kupa;1;Egri Dobó\n"
    )
    code, out, _err = run(capsys, "honours", path)
    assert code == 0
    assert json.loads(out) == {"kind": "honours", "stored": 1, "already_stored": 0}
    assert Honour.objects.get().import_run_id == ImportRun.objects.get().pk
    code, out, _err = run(capsys, "honours", path)
    assert json.loads(out) == {"kind": "honours", "stored": 0, "already_stored": 1}


def test_a_file_that_is_no_spreadsheet_is_one_problem(tmp_path, capsys):
    path = write(tmp_path, "t.csv", "dátum;név\n2020-01-01;Kovács\n".encode("cp1250"))
    code, out, err = run(capsys, "players", path)
    assert code == 1
    assert json.loads(out)["errors"][0]["code"] == "not_utf8"
    assert "not UTF-8" in err
