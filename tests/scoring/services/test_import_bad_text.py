"""Text no column can hold: a NUL character anywhere in a matches file, an over-long
name. Refused with its path and a sentence (never the database's own message), on
SQLite and on PostgreSQL (which refuses NUL outright), by the page, the command and
the background import alike; nothing stored."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from competitions.models import Match, Team
from scoring.models import ImportRun
from scoring.services.imports.runs import import_run_create, import_run_execute
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory
from tests.scoring.services.test_import import entry, matches_file, run_command

pytestmark = pytest.mark.django_db
LONG = "N" * 121


def _venue(one: dict) -> None:
    one["venue"] = "Buda\x00pest"


def _player(one: dict) -> None:
    one["lineups"]["Kisfaludy"]["driver"] = "Kiss\x00Anna"


def _team(one: dict) -> None:
    one["record"]["teams"][0] = "Kis\x00faludy"


def _key(one: dict) -> None:
    one["competition"]["kind\x00"] = 1


def _long_team(one: dict) -> None:
    one["record"]["teams"][1] = LONG
    one["lineups"][LONG] = one["lineups"].pop("Dunakeszi")


def _long_player(one: dict) -> None:
    one["lineups"]["Dunakeszi"]["catcher"] = LONG


CASES = {
    "nul in the venue": (_venue, "/matches/1/venue", "NUL character"),
    "nul in a player": (
        _player,
        "/matches/1/lineups/Kisfaludy/driver",
        "NUL character",
    ),
    "nul in a team": (_team, "/matches/1/record/teams/0", "NUL character"),
    "nul in a key": (_key, "/matches/1/competition/kind\\u0000", "NUL character"),
    "a long team name": (_long_team, "/matches/1/record/teams/1", "at most 120"),
    "a long player name": (
        _long_player,
        "/matches/1/lineups/Dunakeszi/catcher",
        "1-120 characters",
    ),
}


def _bad_file(plant) -> dict:
    bad = entry(2, date="2026-03-15")
    plant(bad)
    return matches_file(entry(1), bad)


@pytest.mark.parametrize("case", list(CASES))
def test_the_command_names_the_path_and_stores_nothing(case, tmp_path):
    plant, path, words = CASES[case]
    code, answer, _err = run_command(_bad_file(plant), tmp_path)
    assert code == 1
    errors = [e for e in answer["errors"] if e["path"] == path]
    assert errors, answer["errors"]
    assert words in errors[0]["message"]
    assert all("\x00" not in e["message"] for e in answer["errors"])
    assert Match.objects.count() == 0
    assert not Team.objects.filter(name__startswith="NNN").exists()


@pytest.mark.parametrize("case", list(CASES))
def test_the_page_and_the_background_import_say_the_same(case, client):
    plant, path, words = CASES[case]
    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    text = json.dumps(_bad_file(plant))
    response = client.post(reverse("officials:import"), {"text": text})
    assert response.status_code == 400
    assert path.replace("\\", "\\") in response.text
    assert words in response.text
    run = import_run_create(user=official, file_name="bad.json", content=text)
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == ImportRun.Status.DONE
    assert path in {e["path"] for e in run.errors}
    assert Match.objects.count() == 0
