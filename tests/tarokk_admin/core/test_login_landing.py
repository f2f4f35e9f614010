"""After login each role lands on its own work area (issue 20: the official landed on
/referee/); a safe ``next`` still wins and an unsafe one is ignored."""

from __future__ import annotations

import pytest

from tarokk_admin.core.roles import Role
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def land(client, user, query: str = "") -> str:
    response = client.post(
        LOGIN + query, {"username": user.username, "password": "secret-pass"}
    )
    assert response.status_code == 302, response.content.decode()[:400]
    return response["Location"]


@pytest.mark.parametrize(
    ("roles", "page"),
    [
        ([Role.REFEREE], "/referee/"),
        ([Role.OFFICIAL], "/officials/"),
        ([Role.OFFICIAL, Role.REFEREE], "/officials/"),
        ([Role.JURY], "/jury/"),
        ([Role.TEAM_CAPTAIN], "/captain/"),
        ([Role.JURY, Role.TEAM_CAPTAIN], "/jury/"),
        ([], "/free-games/mine/"),
    ],
)
def test_staff_land_on_their_own_work_page(client, roles, page):
    assert land(client, UserFactory(roles=roles)) == page


def test_a_safe_next_wins_over_the_work_page(client):
    user = UserFactory(roles=[Role.REFEREE])
    assert land(client, user, "?next=/championship/") == "/championship/"


def test_an_unsafe_next_is_ignored(client):
    user = UserFactory(roles=[Role.JURY])
    assert land(client, user, "?next=https://evil.example/") == "/jury/"
    client.logout()
    assert land(client, user, "?next=//evil.example/x") == "/jury/"
