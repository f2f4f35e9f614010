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
from tarokk_admin.backup.export import federation_export
from tarokk_admin.core.roles import Role
from tests.factories import SeasonFactory, UserFactory, team_with_roster
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
