"""The sweep's checks find what they are meant to find (and nothing else), without a
browser: numbers and dates written the Hungarian way where a machine reads them,
English on a Hungarian page, names out of the Hungarian order, exports a
spreadsheet would open wrong."""

from __future__ import annotations

import io

import openpyxl

from tests.sweep import text
from tests.sweep.browser import (
    Reading,
    export_problems,
    machine_values_in,
    unsorted_selects,
)


def test_localised_numbers_and_dates_where_a_machine_reads_are_found():
    html = (
        '<svg viewBox="0 0 480 220"><rect x="200" width="210,0"/>'
        '<polyline points="52,0,24,4 120,0,23,7"/><circle cx="52.5" cy="24"/></svg>'
        '<input type="date" value="2027.02.06."><input type="time" value="18:00">'
        '<input type="number" value="74,4"><div data-total="1 099,5"></div>'
    )
    assert machine_values_in(html) == [
        '<rect width="210,0">',
        '<polyline points="52,0,24,4 120,0,23,7">',
        '<input type=date> value="2027.02.06."',
        '<input type=number> value="74,4"',
        '<div data-total="1 099,5">',
    ]


def test_values_written_for_machines_pass():
    html = (
        '<svg viewBox="0 0 480 220"><rect x="200" width="210.5"/>'
        '<polyline points="52,24.4 120,23.7"/></svg>'
        '<input type="date" value="2027-02-06"><input type="date" value="">'
        '<input type="number" value="-74.4"><a href="?season=2026&amp;page=2">2</a>'
        '<div data-hand-label="Leosztás 1, 2"></div>'
    )
    assert machine_values_in(html) == []


def test_english_strings_of_the_catalogue_are_found_on_a_hungarian_page():
    assert text.english_in("Team Championship 2027") == "Team Championship"
    assert text.english_in("Jury approvals") == "Jury approvals"
    assert text.english_in("Csapatbajnokság 2027") is None
    assert text.english_in("English") is None  # the language switch


def test_english_words_inside_a_hungarian_text_are_found():
    names = frozenset({"kovács"})
    found = text.english_words_in("Pár: nincs visszavágó (README: pairing)", names)
    assert found == ["pairing"]
    assert text.english_words_in("Dzsinn (dschinn)", names) == ["dschinn"]
    assert text.english_words_in("notices_send {name} Kovács", names) == []


def test_a_run_of_names_and_numbers_is_no_english():
    names = text.names_vocabulary(["Győri Rába", "Kovács Éva"])
    assert text.not_names("Győri Rába 2026 · Kovács Éva (R15)", names) == []
    assert text.not_names("Győri Rába: Winner", names) == ["Winner"]


def test_a_select_of_names_out_of_the_hungarian_order_is_found():
    names = frozenset({"Győri", "Gödöllői", "Váci"})
    reading = Reading(
        address="",
        role="",
        language="hu",
        size="",
        selects=[("team", ["Győri", "Gödöllői", "Váci"]), ("x", ["Győri", "Egyéb"])],
    )
    assert unsorted_selects(reading, names) == ["select team: Győri, Gödöllői, Váci…"]


def test_an_export_a_spreadsheet_opens_wrong_is_found():
    plain = b"Team,Average\nGy\xc5\x91ri,74.4\n"
    assert export_problems(plain, "csv", "hu") == [
        "CSV without a UTF-8 byte-order mark",
        "CSV fields not separated by ';': 'Team,Average'",
    ]
    assert export_problems(b"\xef\xbb\xbfTeam;Average\nGy;74.4\n", "csv", "hu") == [
        "CSV decimals written '74.4'"
    ]
    assert export_problems(b"\xef\xbb\xbfTeam,Average\nGy,74.4\n", "csv", "en") == []
    book = openpyxl.Workbook()
    book.active.title = "Export Data"
    book.active.append(["Team", "Average"])
    book.active.append(["Győri", "74.4"])
    content = io.BytesIO()
    book.save(content)
    assert export_problems(content.getvalue(), "xlsx", "hu") == [
        "XLSX sheet named 'Export Data'",
        "XLSX number stored as text: '74.4'",
    ]
