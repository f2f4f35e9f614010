"""The hostile-input probe's requests, each answered as it should be: a clear 4xx
(or the page's own refusal) naming what is wrong, never a 500. The sweep over every
address is ``test_hostile_sweep.py``; the fixes' own tests sit beside their code."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from competitions.models import Membership
from competitions.selectors.calendars import referee_calendar_token
from competitions.services import fixtures
from competitions.services.fixtures import fixtures_import
from scoring.engine.parse import HAND_ANNOUNCEMENTS_MOST
from scoring.models import Hand
from scoring.services.imports.checks import MATCHES_MOST, PROBLEMS_MOST
from scoring.services.imports.runs import import_run_create, import_run_execute
from tarokk_admin.backup.export import federation_export
from tarokk_admin.core.listing import LISTED
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    ready_match,
    team_with_roster,
)
from tests.tarokk_admin.test_backup import small_federation, wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


@pytest.mark.parametrize("token", ["%C5%91", "%F0%9F%98%80", "%EF%BC%91", "x" * 500])
def test_a_referee_feed_token_outside_ascii_is_a_404(client, token):
    """``hmac.compare_digest`` refused a text with a letter outside ASCII: 500."""
    referee = UserFactory(roles=[Role.REFEREE])
    response = client.get(f"/calendar/referee/{referee.pk}/{token}.ics")
    assert response.status_code == 404
    good = referee_calendar_token(referee.pk)
    assert client.get(f"/calendar/referee/{referee.pk}/{good}.ics").status_code == 200


@pytest.mark.parametrize("role", ["%00", "a%00b", "driver%00"])
def test_a_nul_in_an_address_is_a_400_that_says_so(client, role):
    """``/officials/teams/<year>/<id>/place/%00/remove/``: the NUL reached
    PostgreSQL, which refuses it in any text (500)."""
    season = SeasonFactory(year=2026)
    team = team_with_roster(season)
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(f"/officials/teams/2026/{team.pk}/place/{role}/remove/")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()
    assert Membership.objects.filter(team=team).count() == 2


# --- import_federation: the file's problems in sentences of ours --------------------


@pytest.fixture
def backup(tmp_path):
    """A small federation's backup, the database emptied as a new one is."""
    federation_path = tmp_path / "federation.json"
    small_federation()
    federation_export(path=federation_path)
    wipe()
    return json.loads(federation_path.read_text())


@pytest.mark.parametrize(
    ("table", "field", "value", "sentence"),
    [
        pytest.param(
            "competitions.membership",
            "player",
            987654,
            "Row 1 of competitions.membership (key {pk}) points at competitions.player "
            "987654 in player, which the backup does not hold.",
            id="foreign-key",
        ),
        pytest.param(
            "competitions.team",
            "name",
            "Kisfaludy\x00",
            "Row 1 of competitions.team (key {pk}) holds a NUL character (U+0000) in "
            "name, which no text can hold.",
            id="nul",
        ),
    ],
)
def test_import_federation_says_what_is_wrong_in_a_sentence_of_ours(
    tmp_path, backup, table, field, value, sentence
):
    """It quoted PostgreSQL's message ("insert or update on table … violates foreign
    key constraint …")."""
    row = backup["models"][table][0]
    row["fields"][field] = value
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(backup))
    with pytest.raises(CommandError) as refused:
        call_command("import_federation", str(path))
    assert str(refused.value) == (
        sentence.format(pk=row["pk"]) + " Nothing was stored."
    )


# --- Refused uploads answer small pages whatever their size (R12, R13) ------------


def test_a_hand_upload_of_thirty_thousand_announcements_is_one_small_refusal(client):
    """The probe's hand upload (120 KB): a page of 17.6 MB in 4 s, one problem for
    every empty announcement."""
    match = ready_match()
    client.force_login(match.referee)
    text = json.dumps({"announcements": [{}] * 30_000})
    response = client.post(
        f"/referee/matches/{match.pk}/hands/1/upload/", {"text": text, "version": "0"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert len(html) < 200_000
    assert f"at most {HAND_ANNOUNCEMENTS_MOST} announcements" in html
    assert "{}, {}, {}" not in html  # a paste this long is not echoed back
    assert not Hand.objects.filter(match=match).exists()


def test_a_hand_upload_with_thousands_of_problems_lists_the_first_and_counts_the_rest(
    client,
):
    match = ready_match()
    client.force_login(match.referee)
    text = json.dumps({f"key{n}": n for n in range(5_000)})
    response = client.post(
        f"/referee/matches/{match.pk}/hands/1/upload/", {"text": text, "version": "0"}
    )
    html = response.content.decode()
    assert len(html) < 200_000
    assert html.count("Unknown key") == LISTED
    assert "And 4,90" in html or "And 490" in html  # the rest, counted


def test_a_match_upload_of_a_thousand_hands_is_a_small_refusal(client):
    match = ready_match()
    client.force_login(match.referee)
    record = {
        "format": "royal-tarokk-match/1",
        "teams": [match.team_a.name, match.team_b.name],
        "first_attack": match.team_a.name,
        "hands": [{"announcements": [{}] * 300}] * 1_000,
    }
    response = client.post(
        f"/referee/matches/{match.pk}/upload/", {"text": json.dumps(record)}
    )
    html = response.content.decode()
    assert len(html) < 300_000
    assert "A match has 8 hands; this record has 1000" in html
    assert "more problems, not listed here" in html


def test_a_matches_file_with_endless_problems_stops_its_check_and_says_where(tmp_path):
    entries = [{"competition": {}, "record": {}, "x": 1}] * 5_000
    run = import_run_create(
        user=UserFactory(roles=[Role.OFFICIAL]),
        file_name="many.json",
        content=json.dumps({"format": "royal-tarokk-matches/1", "matches": entries}),
    )
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert len(run.errors) == PROBLEMS_MOST + 1
    stop = run.errors[-1]
    assert stop["code"] == "too_many_problems"
    assert "of 5000 after 500 problems" in stop["message"]


def test_a_matches_file_of_more_matches_than_any_file_holds_is_refused_at_once():
    content = json.dumps(
        {"format": "royal-tarokk-matches/1", "matches": [1] * (MATCHES_MOST + 1)}
    )
    run = import_run_create(user=None, file_name="huge.json", content=content)
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert [error["code"] for error in run.errors] == ["too_many_matches"]


def test_a_fixtures_file_stops_its_check_and_refuses_too_many_rows():
    season = SeasonFactory(year=2026)
    championship = CompetitionFactory(season=season)
    for name in ("Váci", "Pécsi"):
        team_with_roster(season, name=name)
    official = UserFactory(roles=[Role.OFFICIAL])
    header = "date,time,team_a,team_b,venue,public,referee\n"
    bad = fixtures_import(
        competition=championship,
        content=(header + "x,x,x,x,,x,x\n" * 5_000).encode(),
        user=official,
    )
    assert len(bad.problems) == fixtures.PROBLEMS_MOST + 1
    assert "The check stopped at this line" in bad.problems[-1].message
    many = fixtures_import(
        competition=championship,
        content=(
            header + "2026-05-01,,Váci,Pécsi,,,\n" * (fixtures.ROWS_MOST + 1)
        ).encode(),
        user=official,
    )
    assert "at most 2000 matches" in many.problems[-1].message
