"""Staff and work roles sign in on venues' shared computers: their session ends when
the browser closes and at the latest WORK_SESSION_SECONDS (8 hours) after the login;
other accounts keep Django's two weeks."""

from __future__ import annotations

import time

import pytest
from django.conf import settings

from tarokk_admin.core.roles import Role
from tarokk_admin.core.sessions import SESSION_KEY
from tests.factories import UserFactory

LOGIN = "/accounts/login/"


def log_in(client, username: str, url: str = LOGIN):
    response = client.post(url, {"username": username, "password": "secret-pass"})
    assert response.status_code == 302, response.content.decode()[:400]
    return client.cookies[settings.SESSION_COOKIE_NAME]


@pytest.mark.django_db
@pytest.mark.parametrize("role", [Role.OFFICIAL, Role.JURY, Role.REFEREE])
def test_work_roles_get_a_browser_session_that_ends_after_8_hours(client, role):
    UserFactory(username="asztal", roles=[role])
    before = time.time()
    cookie = log_in(client, "asztal")
    assert (cookie["expires"], cookie["max-age"]) == ("", ""), "ends with the browser"
    ends = client.session[SESSION_KEY]
    assert int(before) + 8 * 3600 <= ends <= time.time() + 8 * 3600


@pytest.mark.django_db
def test_staff_signing_in_to_the_admin_get_the_short_session_too(client):
    UserFactory(username="admin", is_staff=True, is_superuser=True)
    cookie = log_in(client, "admin", url="/admin/login/?next=/admin/")
    assert cookie["max-age"] == ""
    assert SESSION_KEY in client.session


@pytest.mark.django_db
def test_a_team_captain_keeps_the_two_week_session(client):
    UserFactory(username="kapitany", roles=[Role.TEAM_CAPTAIN])
    cookie = log_in(client, "kapitany")
    assert int(cookie["max-age"]) == settings.SESSION_COOKIE_AGE == 14 * 24 * 3600
    assert SESSION_KEY not in client.session


def _expire(client) -> None:
    session = client.session
    session[SESSION_KEY] = int(time.time()) - 1
    session.save()


@pytest.mark.django_db
def test_past_the_deadline_the_next_request_signs_out_and_asks_to_log_in(client):
    UserFactory(username="biro", roles=[Role.REFEREE])
    log_in(client, "biro")
    assert client.get("/referee/").status_code == 200
    _expire(client)
    response = client.get("/referee/", follow=True)
    assert response.redirect_chain[0][0] == f"{LOGIN}?next=/referee/"
    assert not response.wsgi_request.user.is_authenticated
    assert "a work session lasts at most 8 hours" in response.content.decode()
    assert client.get("/referee/").status_code == 302, "still signed out"


@pytest.mark.django_db
def test_an_htmx_request_past_the_deadline_loads_the_login_page_whole(client):
    UserFactory(username="biro", roles=[Role.REFEREE])
    log_in(client, "biro")
    _expire(client)
    response = client.get("/referee/", HTTP_HX_REQUEST="true")
    assert response.status_code == 204
    assert response["HX-Redirect"] == f"{LOGIN}?next=/referee/"
