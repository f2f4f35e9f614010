"""The player register from the archive (HAND_RECORD.md "Archive files", players):
new players registered through the players' service, a known number "already
known" unless the row says something else about that player (a problem of the
row), a number once in the file, all or nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from competitions.models import Player
from competitions.services.archive_players import (
    players_archive_check,
    players_archive_store,
)
from tarokk_admin.core.roles import Role
from tarokk_admin.core.sheets import sheet_read
from tarokk_admin.core.words import shown
from tests.factories import PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db

HU = "igazolásszám;név;klub;aktív\n"
EN = "name,federation_number,club,active\n"


def store(text: str):
    sheet = sheet_read(text.encode(), source="players.csv")
    with transaction.atomic():
        outcome = players_archive_store(sheet, user=UserFactory(roles=[Role.OFFICIAL]))
        if not outcome.ok:
            transaction.set_rollback(True)
    return outcome


def problems(outcome):
    return [(p.line, p.column, p.code) for p in outcome.problems]


def test_new_players_are_registered_with_their_club_and_active_flag():
    outcome = store(HU + "h10001;Kovács  Éva;Szeged;igen\nH10002;Nagy Béla;;NEM\n")
    assert outcome.as_json() == {"kind": "players", "stored": 2, "already_stored": 0}
    players = {p.federation_number: p for p in Player.objects.all()}
    assert (players["H10001"].name, players["H10001"].club) == ("Kovács Éva", "Szeged")
    assert (players["H10001"].active, players["H10002"].active) == (True, False)
    assert players["H10001"].name_folded == "kovacs eva"
    reason = players["H10002"].history.get().history_change_reason
    assert shown(reason) == "from the archive file players.csv"


def test_a_known_player_written_the_same_is_already_known_and_left_alone():
    known = PlayerFactory(name="Kovács Éva", federation_number="H10001", club="Szeged")
    outcome = store(EN + "Kovács Éva,H10001,,\nNagy Béla,H10002,Pécs,yes\n")
    assert outcome.as_json() == {"kind": "players", "stored": 1, "already_stored": 1}
    assert outcome.known[0].line == 2
    assert "already known" in outcome.known[0].note
    known.refresh_from_db()
    assert known.club == "Szeged"  # an empty cell says nothing of a known player
    assert known.history.count() == 1


@pytest.mark.parametrize(
    ("row", "column", "code"),
    [
        ("H10001;Kovács Éva Anna;Szeged;", "név", "differs"),
        ("H10001;Kovács Éva;Pécs;", "klub", "differs"),
        ("H10001;Kovács Éva;;nem", "aktív", "differs"),
        ("H 10001;Kiss Anna;;", "igazolásszám", "bad_number"),
        ("H10009;;;", "név", "required"),
        ("H10009;Kiss Anna;;talán", "aktív", "not_yes_no"),
        ("H10002;Kiss Anna;;", "igazolásszám", "repeated_number"),
    ],
)
def test_each_refusal_names_its_line_and_column_and_stores_nothing(row, column, code):
    PlayerFactory(name="Kovács Éva", federation_number="H10001", club="Szeged")
    outcome = store(HU + "H10002;Nagy Béla;;\n" + row + "\n")
    assert problems(outcome) == [(3, column, code)]
    assert outcome.stored == 0
    assert not Player.objects.filter(federation_number="H10002").exists()


def test_a_second_import_stores_nothing():
    text = HU + "H10001;Kovács Éva;Szeged;igen\n"
    store(text)
    assert store(text).as_json() == {
        "kind": "players",
        "stored": 0,
        "already_stored": 1,
    }
    assert Player.objects.count() == 1


def test_the_check_reads_only():
    sheet = sheet_read((HU + "H10001;Kovács Éva;;\n").encode(), source="p.csv")
    outcome = players_archive_check(sheet)
    assert [row.cells["name"] for row in outcome.new] == ["Kovács Éva"]
    assert not Player.objects.exists()
