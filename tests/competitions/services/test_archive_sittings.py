"""Sittings from a file (R15; docs/SITTINGS_FILE.md): one row a sitting copied from
its paper sheet, the paper form's checks (the same service functions), each problem
on its line and column, all or nothing, a second import storing nothing, CSV and
XLSX, English and Hungarian headers."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl
import pytest
from django.db import transaction
from django.utils import timezone, translation

from competitions.forms.accounts import PaperSittingForm
from competitions.models import AnnualMeeting, VariantSitting
from competitions.services.archive_players import players_archive_store
from competitions.services.archive_sittings import (
    sittings_file_check,
    sittings_file_store,
)
from competitions.services.free_games import free_games_close
from competitions.services.sittings import sitting_record_from_paper
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.sheets import sheet_read
from tarokk_admin.core.words import shown
from tests import ROOT
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

EN = (
    "date,variant,game name,event,player 1,points 1,player 2,points 2,"
    "player 3,points 3,player 4,points 4,note\n"
)
HU = (
    "dátum;változat;játék neve;esemény;játékos 1;pont 1;játékos 2;pont 2;"
    "játékos 3;pont 3;megjegyzés\n"
)
GOOD_EN = "2026-05-02,emperor,,Őszi kupa,H1,120,H2,-40,H3,-80,,,signed by all three\n"
GOOD_HU = "2026.05.03.;Császár tarokk;;;kovacs eva;10;Nagy Béla;20;H3;-30;a klubban\n"


@pytest.fixture
def official():
    SeasonFactory(year=2026)
    PlayerFactory(name="Kovács Éva", federation_number="H1")
    PlayerFactory(name="Nagy Béla", federation_number="H2")
    PlayerFactory(name="Szabó Ágnes", federation_number="H3")
    PlayerFactory(name="Tóth Péter", federation_number="H4")
    return UserFactory(roles=[Role.OFFICIAL])


def sheet(content, source="sittings.csv"):
    data = content.encode() if isinstance(content, str) else content
    return sheet_read(data, source=source)


def store(official, content, source="sittings.csv"):
    with transaction.atomic():
        outcome = sittings_file_store(sheet(content, source), user=official)
        if not outcome.ok:
            transaction.set_rollback(True)
    return outcome


def problems(outcome):
    return [(p.line, p.column, p.code) for p in outcome.problems]


def test_R15_sittings_from_a_file_are_confirmed_by_the_importing_official(official):
    outcome = store(official, EN + GOOD_EN)
    assert outcome.as_json() == {"kind": "sittings", "stored": 1, "already_stored": 0}
    sitting = VariantSitting.objects.get()
    assert (sitting.date, sitting.variant, sitting.event) == (
        dt.date(2026, 5, 2),
        "emperor",
        "Őszi kupa",
    )
    assert sitting.status == VariantSitting.Status.CONFIRMED
    assert (sitting.recorded_by, sitting.confirmed_by) == (official, official)
    assert (sitting.from_paper, sitting.paper_note) == (True, "signed by all three")
    assert {(r.player.federation_number, r.points) for r in sitting.results.all()} == {
        ("H1", 120),
        ("H2", -40),
        ("H3", -80),
    }
    reason = sitting.history.get().history_change_reason
    assert shown(reason) == "from the sittings file sittings.csv, line 2"
    with translation.override("hu"):
        assert shown(reason) == "a partik fájljából: sittings.csv, 2. sor"


def test_hungarian_headers_semicolons_names_without_accents_and_a_bom(official):
    outcome = store(official, "\ufeff" + HU + GOOD_HU)
    assert outcome.stored == 1, problems(outcome)
    sitting = VariantSitting.objects.get()
    assert sitting.variant == "emperor"
    names = {r.player.name for r in sitting.results.all()}
    assert names == {"Kovács Éva", "Nagy Béla", "Szabó Ágnes"}


def test_an_empty_variant_is_a_royal_variant_under_its_name(official):
    row = "2026-05-02,,hármas királyi,,H1,1,H2,2,H3,3,,,sheet 7\n"
    outcome = store(official, EN + row)
    assert outcome.stored == 1, problems(outcome)
    sitting = VariantSitting.objects.get()
    assert (sitting.variant, sitting.name) == ("royal_variant", "hármas királyi")


def test_xlsx_with_five_players_row_numbers_as_the_workbook_shows_them(official):
    PlayerFactory(name="Fekete Anna", federation_number="H5")
    book = openpyxl.Workbook()
    page = book.active
    header = ["dátum", "változat", "játék neve", "esemény", "megjegyzés"]
    for n in range(1, 6):
        header += [f"játékos {n}", f"pont {n}"]
    page.append(header)
    page.append(
        [
            dt.datetime(2026, 6, 1),
            "high",
            None,
            None,
            "lap 3",
            "H1",
            5,
            "H2",
            4,
            "H3",
            3,
            "H4",
            2,
            "H5",
            1,
        ]
    )
    page.append(
        [dt.datetime(2026, 6, 1), "high", None, None, "lap 4", "H1", 5, "H2", 4]
    )
    data = io.BytesIO()
    book.save(data)
    outcome = store(official, data.getvalue(), "ivek.xlsx")
    assert problems(outcome) == [(3, "", "sitting_player_count")]
    assert "3 to 5 players" in outcome.problems[0].message
    assert not VariantSitting.objects.exists()
    page.delete_rows(3)
    data = io.BytesIO()
    book.save(data)
    outcome = store(official, data.getvalue(), "ivek.xlsx")
    assert outcome.stored == 1
    assert VariantSitting.objects.get().results.count() == 5


@pytest.mark.parametrize(
    ("row", "column", "code"),
    [
        ("2026-13-02,emperor,,,H1,1,H2,2,H3,3,,,n", "date", "not_a_date"),
        ("2099-01-02,emperor,,,H1,1,H2,2,H3,3,,,n", "date", "sitting_in_future"),
        ("2025-01-02,emperor,,,H1,1,H2,2,H3,3,,,n", "date", "sitting_no_season"),
        ("2026-05-02,poker,,,H1,1,H2,2,H3,3,,,n", "variant", "unknown_variant"),
        (
            "2026-05-02,training,,,H1,1,H2,2,H3,3,,,n",
            "game name",
            "sitting_name_missing",
        ),
        (
            "2026-05-02,emperor,Hármas,,H1,1,H2,2,H3,3,,,n",
            "game name",
            "sitting_name_not_taken",
        ),
        ("2026-05-02,emperor,,,H9,1,H2,2,H3,3,,,n", "player 1", "unknown_player"),
        ("2026-05-02,emperor,,,H1,1,H2,2,H3,sok,,,n", "points 3", "not_a_number"),
        ("2026-05-02,emperor,,,H1,1,H2,2,H3,,,,n", "points 3", "required"),
        ("2026-05-02,emperor,,,H1,1,H2,2,,3,,,n", "player 3", "required"),
        ("2026-05-02,emperor,,,H1,1,H2,2,H3,3,,,", "note", "paper_note_missing"),
        ("2026-05-02,emperor,,,H1,1,H2,2,H1,3,,,n", "", "sitting_player_twice"),
        (
            "2026-05-02,emperor,,,H1,1,H2,2,H3,999999,,,n",
            "",
            "sitting_points_implausible",
        ),
        (GOOD_EN.strip(), "", "repeated_sitting"),
    ],
)
def test_each_refusal_names_its_line_and_column_and_stores_nothing(
    official, row, column, code
):
    outcome = store(official, EN + GOOD_EN + row + "\n")
    assert problems(outcome) == [(3, column, code)]
    assert outcome.stored == 0
    assert not VariantSitting.objects.exists()  # the good line 2 is not stored either


def test_an_ambiguous_name_is_a_problem_naming_the_candidates(official):
    PlayerFactory(name="Kovacs Eva", federation_number="H7")
    outcome = store(official, EN + "2026-05-02,emperor,,,Kovács Éva,1,H2,2,H3,3,,,n\n")
    assert problems(outcome) == [(2, "player 1", "ambiguous_player")]
    assert "(H1), Kovacs Eva (H7)" in outcome.problems[0].message


def test_checking_stores_nothing_and_a_second_import_stores_nothing(official):
    content = EN + GOOD_EN + "2026-05-03,high,,,H1,5,H2,4,H4,3,,,sheet 2\n"
    checked = sittings_file_check(sheet(content))
    assert (len(checked.new), len(checked.known), checked.ok) == (2, 0, True)
    assert checked.new[0].cells["player 1"] == "Kovács Éva (H1)"
    assert not VariantSitting.objects.exists()
    assert store(official, content).as_json()["stored"] == 2
    again = store(official, content)
    assert again.as_json() == {"kind": "sittings", "stored": 0, "already_stored": 2}
    assert "already recorded" in shown(again.known[0].note)
    assert VariantSitting.objects.count() == 2


def test_a_voided_sitting_is_stored_again_from_the_corrected_file(official):
    store(official, EN + GOOD_EN)
    sitting = VariantSitting.objects.get()
    sitting.status = VariantSitting.Status.VOID
    sitting.save()
    assert store(official, EN + GOOD_EN).stored == 1


def test_a_closed_year_refuses_the_file_as_it_refuses_the_form(official):
    store(official, EN + GOOD_EN)
    season = VariantSitting.objects.get().season
    free_games_close(season=season, user=official, today=dt.date(2027, 1, 2))
    row = "2026-05-04,emperor,,,H1,1,H2,2,H3,3,,,n\n"
    outcome = store(official, EN + row)
    assert problems(outcome) == [(2, "", "closed")]


def paper_form_refusal(official, data):
    """What the paper form's page does: the form, then the service."""
    form = PaperSittingForm(data)
    assert form.is_valid(), form.errors
    values = form.cleaned_data
    with pytest.raises(ServiceError) as error:
        sitting_record_from_paper(
            user=official,
            date=values["date"],
            variant=values["variant"],
            name=values["name"],
            event=values["event"],
            results=values["results"],
            note=values["note"],
        )
    return error.value


@pytest.mark.parametrize(
    ("variant", "name", "players", "column"),
    [
        ("training", "", ["H1", "H2", "H3"], "game name"),  # R15: named games
        ("emperor", "Hármas", ["H1", "H2", "H3"], "game name"),
        ("emperor", "", ["H1", "H2"], ""),  # R15: 3-5 players
    ],
)
def test_R15_the_form_and_the_file_refuse_a_sitting_with_the_same_code_and_message(
    official, variant, name, players, column
):
    data = {"date": "2026-05-02", "variant": variant, "name": name, "note": "lap"}
    cells = []
    for n, number in enumerate(players, 1):
        data[f"player_{n}"], data[f"points_{n}"] = number, str(n)
        cells += [number, str(n)]
    cells += [""] * (8 - len(cells))
    error = paper_form_refusal(official, data)
    row = ",".join(["2026-05-02", variant, name, "", *cells, "lap"])
    outcome = store(official, EN + row + "\n")
    assert problems(outcome) == [(2, column, error.code)]
    assert outcome.problems[0].message == error.message


def test_the_example_file_in_docs_imports_whole_on_the_demo_players():
    SeasonFactory(year=2026)
    official = UserFactory(roles=[Role.OFFICIAL])
    folder = ROOT / "docs" / "archive"
    players = sheet_read((folder / "players.csv").read_bytes(), source="players.csv")
    assert players_archive_store(players, user=official).ok
    content = (folder / "sittings.csv").read_bytes()
    assert content.startswith(b"\xef\xbb\xbf")
    outcome = store(official, content)
    assert outcome.as_json() == {"kind": "sittings", "stored": 5, "already_stored": 0}
    games = set(VariantSitting.objects.values_list("variant", "name"))
    assert games == {
        ("emperor", ""),
        ("illustrated", ""),
        ("royal_variant", "Hármas királyi"),
        ("training", "Kezdők edzése"),
        ("high", ""),
    }
    assert store(official, content).as_json()["already_stored"] == 5


def test_one_game_written_twice_with_other_accents_is_the_same_sitting(official):
    row = "2026-05-02,training,{name},,H1,1,H2,2,H3,3,,,n\n"
    content = EN + row.format(name="Kezdők edzése") + row.format(name="kezdok edzese")
    outcome = store(official, content)
    assert problems(outcome) == [(3, "", "repeated_sitting")]


def test_a_header_without_the_note_or_the_third_player_is_refused_whole(official):
    header = EN.replace(",note", "").replace("player 3,points 3,", "")
    outcome = store(official, header + "2026-05-02,emperor,,,H1,1,H2,2,,\n")
    assert problems(outcome) == [
        (1, "player 3", "missing_column"),
        (1, "points 3", "missing_column"),
        (1, "note", "missing_column"),
    ]


def test_a_note_too_long_for_the_form_is_too_long_for_the_file(official):
    row = "2026-05-02,emperor,,,H1,1,H2,2,H3,3,,,{note}\n".format(note="x" * 501)
    outcome = store(official, EN + row)
    assert problems(outcome) == [(2, "note", "reason_too_long")]
    assert "500" in outcome.problems[0].message


def test_a_year_the_annual_meeting_approved_refuses_the_file_as_the_form(official):
    AnnualMeeting.objects.create(
        year=2026, date=dt.date(2027, 1, 16), recorded_at=timezone.now()
    )
    outcome = store(official, EN + GOOD_EN)
    assert problems(outcome) == [(2, "", "year_final")]
    data = {"date": "2026-05-02", "variant": "emperor", "note": "lap"}
    for n, number in enumerate(["H1", "H2", "H3"], 1):
        data[f"player_{n}"], data[f"points_{n}"] = number, str(n)
    assert paper_form_refusal(official, data).message == outcome.problems[0].message
