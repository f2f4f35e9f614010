"""An anonymous reader's public page carries nothing of that reader (no CSRF token, no
cookie) and tells the front it may share it (``core.shared_pages``); a signed-in
user's page keeps its token, its forms and is never shared; the language switch
works without a token, in both languages."""

from __future__ import annotations

import time

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from tarokk_admin.core.shared_pages import HEADER, SHARED_SECONDS, shareable
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PUBLIC = ["/", "/cup/", "/championship/", "/trophies/"]


def _stamp(response) -> int:
    return int(response[HEADER].removeprefix("@"))


@pytest.mark.parametrize("address", PUBLIC)
def test_an_anonymous_public_page_sets_no_cookie_and_is_shared(address):
    client = Client(enforce_csrf_checks=True)
    before = int(time.time())
    response = client.get(address, follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert "csrfmiddlewaretoken" not in html
    assert "X-CSRFToken" not in html
    assert not response.cookies
    # To the end of the next second at most.
    assert before < _stamp(response) <= int(time.time()) + SHARED_SECONDS


def test_a_page_with_a_form_keeps_its_token_and_is_not_shared():
    response = Client(enforce_csrf_checks=True).get("/accounts/login/")
    assert "csrfmiddlewaretoken" in response.content.decode()
    assert "csrftoken" in response.cookies
    assert HEADER not in response


def test_a_signed_in_page_keeps_its_token_and_is_never_shared():
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory())
    response = client.get("/cup/")
    html = response.content.decode()
    assert HEADER not in response
    assert "private" in response["Cache-Control"]
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    token = response.cookies["csrftoken"].value
    # Its log-out form posts with the page's token; without one it is refused.
    assert client.post("/accounts/logout/").status_code == 403
    assert (
        client.post("/accounts/logout/", {"csrfmiddlewaretoken": token}).status_code
        == 302
    )


def test_a_stale_session_cookie_is_not_shared():
    client = Client()
    client.cookies["sessionid"] = "gone"
    assert HEADER not in client.get("/cup/")


def test_an_htmx_request_is_not_shared(client):
    assert HEADER not in client.get("/cup/", headers={"HX-Request": "true"})


def test_a_missing_page_is_not_shared(client):
    assert HEADER not in client.get("/nowhere-at-all/")


def _anonymous(path: str = "/", **headers):
    from django.contrib.auth.models import AnonymousUser

    request = RequestFactory().get(path, headers=headers)
    request.user = AnonymousUser()
    return request


def _page(**headers) -> HttpResponse:
    response = HttpResponse("<p>page</p>", content_type="text/html; charset=utf-8")
    for name, value in headers.items():
        response[name] = value
    return response


def test_an_answer_that_sets_a_cookie_is_not_shared():
    response = _page(Vary="Accept-Language, Cookie")
    assert shareable(_anonymous(), response)
    response.set_cookie("messages", "")  # a one-time message shown, then removed
    assert not shareable(_anonymous(), response)


@pytest.mark.parametrize(
    "headers",
    [
        {"Vary": "Accept-Language, User-Agent"},  # the front does not key on it
        {"Cache-Control": "private"},
        {"Cache-Control": "no-store"},
        {"Content-Type": "application/json"},
        {HEADER: "0"},  # the view's own word is kept
    ],
)
def test_an_answer_that_depends_on_more_is_not_shared(headers):
    assert not shareable(_anonymous(), _page(**headers))


def test_a_request_with_credentials_is_not_shared():
    assert not shareable(_anonymous(Authorization="Basic eDp5"), _page())


@pytest.mark.parametrize(
    ("language", "word"), [("hu", "Bajnokság"), ("en", "Championship")]
)
def test_the_language_switch_needs_no_token_for_anyone(language, word):
    """Harmless without one (tarokk_admin/views/language.py); signed in too."""
    for signed_in in (False, True):
        client = Client(enforce_csrf_checks=True)
        if signed_in:
            client.force_login(UserFactory())
        response = client.post(
            "/i18n/setlang/", {"language": language, "next": "/cup/"}
        )
        assert response.status_code == 302
        assert response["Location"] == "/cup/"
        page = client.get("/cup/").content.decode()
        assert f'<html lang="{language}">' in page
        assert word in page
