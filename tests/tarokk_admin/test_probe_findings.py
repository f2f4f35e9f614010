"""The hostile-input probe's requests, each answered as it should be: a clear 4xx
(or the page's own refusal) naming what is wrong, never a 500. The sweep over every
address is ``test_hostile_sweep.py``; the fixes' own tests sit beside their code."""

from __future__ import annotations

import pytest
from django.test import Client

from competitions.models import Membership
from competitions.selectors.calendars import referee_calendar_token
from tarokk_admin.core.roles import Role
from tests.factories import SeasonFactory, UserFactory, team_with_roster

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
