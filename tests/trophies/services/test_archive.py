"""The trophy list's archive (HAND_RECORD.md "Archive files", trophies; R14): each
refusal with its line and column, CSV and XLSX, English and Hungarian headers,
comma and semicolon, a byte-order mark; all or nothing; a second import stores
nothing; archive awards count toward the cups, which move to the date the archive
makes them, and the officials are told once."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl
import pytest
from django.db import transaction

from tarokk_admin.core.sheets import sheet_read
from tarokk_admin.core.words import shown
from tests.factories import PlayerFactory
from tests.scoring.kit import ann, hand
from tests.trophies.kit import completed_match, official
from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.services.archive import trophies_archive_check, trophies_archive_store

pytestmark = pytest.mark.django_db

EN = "date,player,trophy,partner,event,variant,points\n"
HU = "dátum;játékos;trófea;partner;esemény;változat;pont\n"


@pytest.fixture
def players():
    return {
        "eva": PlayerFactory(name="Kovács Éva", federation_number="H10001"),
        "bela": PlayerFactory(name="Nagy Béla", federation_number="H10002"),
        "anna": PlayerFactory(name="Kiss Anna", federation_number="H10003"),
    }


def xlsx(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def store(content: bytes | str, name: str = "archive.csv", user=None):
    """Store as the import runs do: in a transaction rolled back on a refusal."""
    if isinstance(content, str):
        content = content.encode()
    sheet = sheet_read(content, source=name)
    with transaction.atomic():
        outcome = trophies_archive_store(sheet, user=user or official())
        if not outcome.ok:
            transaction.set_rollback(True)
    return outcome


def problems(outcome):
    return [(p.line, p.column, p.code) for p in outcome.problems]


@pytest.mark.parametrize(
    ("content", "name"),
    [
        pytest.param(
            EN + "2012-03-04,H10001,golgotha,Nagy Béla,Őszi kupa,,130\n",
            "a.csv",
            id="csv-english-comma",
        ),
        pytest.param(
            HU + "2012.03.04.;kovacs eva;Golgota;h10002;Őszi kupa;;\n",
            "a.csv",
            id="csv-hungarian-semicolon",
        ),
        pytest.param(
            "\ufeff" + HU + "2012-03-04;Kovács Éva;GOLGOTHA;Nagy Béla;Őszi kupa;;130\n",
            "a.csv",
            id="csv-bom",
        ),
        pytest.param(
            xlsx(
                [
                    ["points", "trophy", "player", "date", "partner", "event"],
                    [
                        130,
                        "golgotha",
                        "H10001",
                        dt.date(2012, 3, 4),
                        "H10002",
                        "Őszi kupa",
                    ],
                ]
            ),
            "a.xlsx",
            id="xlsx-english",
        ),
    ],
)
def test_r14_an_archive_award_is_stored_the_same_from_every_kind_of_file(
    players, content, name
):
    outcome = store(content, name)
    assert problems(outcome) == []
    assert outcome.as_json() == {"kind": "trophies", "stored": 1, "already_stored": 0}
    award = TrophyAward.objects.get()
    assert (award.player, award.partner, award.feast, award.value) == (
        players["eva"],
        players["bela"],
        "golgotha",
        130,
    )
    assert (award.date, award.event, award.source) == (
        dt.date(2012, 3, 4),
        "Őszi kupa",
        "archive",
    )
    assert (award.match, award.hand, award.sitting, award.team) == (None,) * 4
    assert (
        shown(award.history.get().history_change_reason)
        == f"from the archive file {name}"
    )
    assert TrophyTally.objects.get(player=players["eva"]).points == 130
    assert TrophyCup.objects.get(player=players["eva"]).threshold == 100


@pytest.mark.parametrize(
    ("row", "column", "code", "words"),
    [
        (
            "2012-03-04,Senki Sándor,golgotha,,,,",
            "player",
            "unknown_player",
            "no player",
        ),
        (
            "2012-03-04,Kovács Éva 2,golgotha,,,,",
            "player",
            "ambiguous_player",
            "H20001",
        ),
        ("2012-03-04,H10001,golgota kupa,,,,", "trophy", "unknown_trophy", "no trophy"),
        ("2012-03-04,H10001,cash,,,,", "trophy", "not_a_trophy", "not a trophy"),
        ("2012-03-04,H10001,golgotha,,,,120", "points", "points_differ", "130"),
        ("2012-03-04,H10001,golgotha,Kovács Éva,,,", "partner", "same_player", ""),
        ("2012-03-04,H10001,golgotha,H99999,,,", "partner", "unknown_player", ""),
        (
            "2012-03-04,H10001,golgotha,,,edzőjáték,",
            "variant",
            "variant_not_recognised",
            "R14",
        ),
        ("2012-03-04,H10001,golgotha,,,póker,", "variant", "unknown_variant", "Royal"),
        ("2999-03-04,H10001,golgotha,,,,", "date", "future_date", "future"),
        ("04/03/2012,H10001,golgotha,,,,", "date", "not_a_date", "YYYY"),
        (",H10001,golgotha,,,,", "date", "required", ""),
        ("2012-03-04,H10001,,,,,", "trophy", "required", ""),
        ("2012-03-04,H10001,golgotha,," + "x" * 121 + ",,", "event", "too_long", ""),
        ("2012-03-04,H10001,golgotha", "", "cell_count", "cells"),
    ],
)
def test_r14_each_refusal_names_its_line_and_column_and_nothing_is_stored(
    players, row, column, code, words
):
    PlayerFactory(name="Kovács Éva 2", federation_number="H20001")
    PlayerFactory(name="KOVÁCS ÉVA 2", federation_number="H20002")
    good = "2011-01-01,H10002,royal,,,,200\n"
    outcome = store(EN + good + row + "\n")
    assert problems(outcome) == [(3, column, code)]
    assert words in outcome.problems[0].message
    assert outcome.stored == 0
    assert not TrophyAward.objects.exists()  # all or nothing
    assert not TrophyCup.objects.exists()


def test_every_problem_of_the_file_is_reported_at_once_with_the_files_own_headings(
    players,
):
    outcome = store(HU + "2012-13-01;H10001;golgotha;;;;\n2012-01-01;X;Y;;;;\n")
    assert problems(outcome) == [
        (2, "dátum", "not_a_date"),
        (3, "játékos", "unknown_player"),
        (3, "trófea", "unknown_trophy"),
    ]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("date,player,trophy,colour", [(1, "colour", "unknown_column")]),
        ("date,player,trophy,játékos", [(1, "játékos", "repeated_column")]),
        ("dátum,trófea", [(1, "játékos", "missing_column")]),
    ],
)
def test_a_bad_header_is_refused_on_its_line(players, header, expected):
    assert problems(store(header + "\n")) == expected


def test_r14_a_second_import_of_the_same_file_stores_nothing_and_says_so(players):
    text = EN + (
        "2012-03-04,H10001,golgotha,H10002,Őszi kupa,,\n"
        "2012-03-04,H10001,golgotha,H10002,Őszi kupa,,\n"  # made twice that evening
        "2013-05-06,Nagy Béla,royal,,,emperor,\n"
    )
    first = store(text)
    assert first.as_json() == {"kind": "trophies", "stored": 3, "already_stored": 0}
    history = TrophyAward.history.count()
    second = store(text)
    assert second.as_json() == {"kind": "trophies", "stored": 0, "already_stored": 3}
    assert [row.line for row in second.known] == [2, 3, 4]
    assert TrophyAward.objects.count() == 3
    assert TrophyAward.history.count() == history
    # A file with one more row stores only that row.
    third = store(text + "2014-01-01,H10003,spadille,,,,\n")
    assert third.as_json() == {"kind": "trophies", "stored": 1, "already_stored": 3}


def test_a_corrected_or_withdrawn_archive_award_is_not_stored_again(players):
    from trophies.services.archive_awards import (
        trophy_archive_correct,
        trophy_archive_withdraw,
    )

    text = EN + "2012-03-04,H10001,golgotha,,Őszi kupa,,\n2013-01-01,H10002,royal,,,,\n"
    store(text)
    officer = official()
    golgotha, royal = TrophyAward.objects.order_by("date")
    trophy_archive_correct(
        award=golgotha,
        user=officer,
        reason="The minutes say Szeged",
        date=golgotha.date,
        player=golgotha.player,
        partner=None,
        feast="golgotha",
        event="Szegedi kupa",
        variant="",
    )
    trophy_archive_withdraw(award=royal, user=officer, reason="Never made")
    again = store(text)
    assert again.as_json() == {"kind": "trophies", "stored": 0, "already_stored": 2}
    assert "withdrawn" in again.known[1].note
    assert list(TrophyAward.objects.values_list("event", flat=True)) == ["Szegedi kupa"]


def test_the_check_reads_only(players):
    sheet = sheet_read((EN + "2012-03-04,H10001,golgotha,,,,\n").encode(), source="a")
    outcome = trophies_archive_check(sheet)
    assert (len(outcome.new), outcome.stored) == (1, 0)
    assert outcome.new[0].cells["player"] == "Kovács Éva (H10001)"
    assert outcome.new[0].cells["points"] == "130"
    assert not TrophyAward.objects.exists()


def test_r14_cups_move_to_the_date_an_earlier_archive_award_makes_them_told_once(
    django_capture_on_commit_callbacks, mailoutbox
):
    officer = official()
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("royal"))}, date=dt.date(2026, 3, 1))
    player = match.lineups.get(team=match.team_a).driver
    app_cup = TrophyCup.objects.get(player=player)
    assert (app_cup.threshold, app_cup.date) == (100, dt.date(2026, 3, 1))
    sent = len(mailoutbox)

    text = EN + f"2015-05-01,{player.federation_number},golgotha,,Régi kupa,,\n"
    with django_capture_on_commit_callbacks(execute=True):
        outcome = store(text, user=officer)
    assert outcome.stored == 1
    archive = TrophyAward.objects.get(source="archive")
    cups = {c.threshold: c for c in TrophyCup.objects.filter(player=player)}
    assert (cups[100].pk, cups[100].award_id, cups[100].date) == (
        app_cup.pk,
        archive.pk,
        dt.date(2015, 5, 1),
    )
    assert cups[250].date == dt.date(2026, 3, 1)  # 130 + 200 = 330
    assert TrophyTally.objects.get(player=player).points == 330
    assert shown(cups[100].history.first().history_change_reason).startswith("re-dated")

    notices = mailoutbox[sent:]
    assert len(notices) == 1
    body = notices[0].body
    assert "(1 new, 1 moved)" in notices[0].subject
    assert "100-point cup, reached on 2015-05-01" in body
    assert "(before: 2026-03-01)" in body
    assert "250-point cup, reached on 2026-03-01" in body

    with django_capture_on_commit_callbacks(execute=True):
        again = store(text, user=officer)
    assert again.stored == 0
    assert len(mailoutbox) == sent + 1  # told once
