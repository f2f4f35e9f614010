"""The roll of honour from the archive (HAND_RECORD.md "Archive files", honours):
one row a placing of a past year, a team as written then or a player matched by
number or an unambiguous name (never a guess), a year the app closed itself
refused (R15), all or nothing, a second import storing nothing; CSV and XLSX,
English and Hungarian headers."""

from __future__ import annotations

import io

import openpyxl
import pytest
from django.db import transaction

from competitions.models import Honour
from competitions.services import archive_honours
from competitions.services.archive_honours import (
    honours_archive_check,
    honours_archive_store,
)
from tarokk_admin.core.roles import Role
from tarokk_admin.core.sheets import sheet_read
from tarokk_admin.core.words import shown
from tests.factories import PlayerFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

HU = "év;verseny;esemény;helyezés;csapat;játékos;pont\n"
EN = "year,competition,event,place,team,player,points\n"


@pytest.fixture(autouse=True)
def players():
    PlayerFactory(name="Kovács Éva", federation_number="H10001")
    PlayerFactory(name="Nagy Béla", federation_number="H10002")
    PlayerFactory(name="Nagy Béla", federation_number="H10003")


def store(content: str | bytes, name: str = "honours.csv"):
    data = content.encode() if isinstance(content, str) else content
    sheet = sheet_read(data, source=name)
    with transaction.atomic():
        outcome = honours_archive_store(sheet, user=UserFactory(roles=[Role.OFFICIAL]))
        if not outcome.ok:
            transaction.set_rollback(True)
    return outcome


def problems(outcome):
    return [(p.line, p.column, p.code) for p in outcome.problems]


def test_hungarian_headers_store_teams_as_written_and_players_by_number_or_name():
    team = TeamFactory(name="Szegedi Skíz")
    outcome = store(
        HU + "2015;csapatbajnokság;;1.;szegedi skiz;;48\n"
        "2015;Kupa;;2;Régi Pagát;;\n"
        "2015;szabad játékok;Illusztrált asztal;1;;kovacs eva;\n"
        "2015;nagydíj;Tavaszi Nagydíj;1;;H10003;12\n"
    )
    assert outcome.as_json() == {"kind": "honours", "stored": 4, "already_stored": 0}
    honours = {h.name: h for h in Honour.objects.all()}
    assert honours["szegedi skiz"].team == team  # the name as written, linked
    assert honours["szegedi skiz"].points == 48
    assert honours["Régi Pagát"].team is None
    assert honours["Kovács Éva"].player.federation_number == "H10001"
    gp = Honour.objects.get(competition="grand_prix")
    assert (gp.player.federation_number, gp.event) == ("H10003", "Tavaszi Nagydíj")
    reason = honours["Régi Pagát"].history.get().history_change_reason
    assert shown(reason) == "from the archive file honours.csv"


def test_english_headers_in_an_xlsx_file():
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["place", "year", "competition", "team"])
    sheet.append([1, 2014, "cup", "Kisfaludy Kör"])
    sheet.append([3, 2014, "cup", "Egri Dobó"])
    sheet.append([3, 2014, "cup", "Győri Rába"])
    out = io.BytesIO()
    book.save(out)
    outcome = store(out.getvalue(), "honours.xlsx")
    assert outcome.as_json() == {"kind": "honours", "stored": 3, "already_stored": 0}
    assert sorted(Honour.objects.values_list("place", flat=True)) == [1, 3, 3]


@pytest.mark.parametrize(
    ("row", "column", "code"),
    [
        ("2015;kupa;;1;;Nagy Béla;", "játékos", "ambiguous_player"),
        ("2015;kupa;;1;;Kiss Péter;", "játékos", "unknown_player"),
        ("2015;kupa;;1;;;", "csapat", "team_or_player"),
        ("2015;kupa;;1;Egri Dobó;H10001;", "csapat", "team_or_player"),
        ("2015;kupa;;5;Egri Dobó;;", "helyezés", "cup_place"),
        ("2015;kupa;;0;Egri Dobó;;", "helyezés", "not_a_place"),
        ("2015;bajnokság;;első;Egri Dobó;;", "helyezés", "not_a_number"),
        ("2015;sakk;;1;Egri Dobó;;", "verseny", "unknown_competition"),
        ("2999;kupa;;1;Egri Dobó;;", "év", "not_a_past_year"),
        (";kupa;;1;Egri Dobó;;", "év", "required"),
        ("2015;kupa;;1;Egri Dobó;;sok", "pont", "not_a_number"),
        ("2014;csapatbajnokság;;1;Pécsi Mecsek;;", "", "repeated_row"),
    ],
)
def test_each_refusal_names_its_line_and_column_and_stores_nothing(row, column, code):
    outcome = store(HU + "2014;csapatbajnokság;;1;Pécsi Mecsek;;\n" + row + "\n")
    assert problems(outcome) == [(3, column, code)]
    assert outcome.stored == 0
    assert not Honour.objects.exists()


def test_an_ambiguous_name_names_the_candidates():
    outcome = store(EN + "2015,cup,,1,,nagy bela,\n")
    assert "H10002" in outcome.problems[0].message
    assert "H10003" in outcome.problems[0].message


def test_a_year_the_app_closed_itself_is_refused(monkeypatch):
    monkeypatch.setattr(archive_honours, "closed_years", lambda: [2015])
    outcome = store(EN + "2014,cup,,1,Egri Dobó,,\n2015,cup,,1,Egri Dobó,,\n")
    assert problems(outcome) == [(3, "year", "closed_year")]
    assert "the app's own record of that year stands" in outcome.problems[0].message
    assert not Honour.objects.exists()


def test_a_second_import_stores_nothing():
    content = HU + "2015;kupa;;1;Egri Dobó;;\n2015;kupa;;2;;H10001;\n"
    store(content)
    assert store(content).as_json() == {
        "kind": "honours",
        "stored": 0,
        "already_stored": 2,
    }
    assert Honour.objects.count() == 2


def test_the_check_reads_only():
    sheet = sheet_read((EN + "2015,cup,,1,Egri Dobó,,\n").encode(), source="h.csv")
    outcome = honours_archive_check(sheet)
    assert [row.cells["team"] for row in outcome.new] == ["Egri Dobó"]
    assert not Honour.objects.exists()
