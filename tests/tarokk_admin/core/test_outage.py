"""While the database does not answer, every page is a clear 503 with Retry-After
(core/outage), not a 500; other errors keep the 500 page."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.test import override_settings
from django.urls import path

from tarokk_admin.urls import urlpatterns as project_urls


def database_gone(request):
    raise OperationalError("connection to server at 127.0.0.1, port 5440 failed")


def connection_dropped(request):
    raise InterfaceError("connection already closed")


def bug(request):
    raise ZeroDivisionError("a real bug")


urlpatterns = [
    path("gone/", database_gone),
    path("dropped/", connection_dropped),
    path("bug/", bug),
    *project_urls,
]
handler500 = "tarokk_admin.core.outage.server_error"


@pytest.fixture
def visitor(client):
    client.raise_request_exception = False
    return client


@pytest.mark.parametrize("url", ["/gone/", "/dropped/"])
@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_database_that_does_not_answer_is_a_503_with_a_sentence(visitor, url):
    response = visitor.get(url)
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    text = response.content.decode()
    assert "The database is not answering for a moment" in text
    assert "try again in a minute" in text
    assert "Az adatbázis egy pillanatra nem válaszol" in text


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_the_database_failing_before_the_view_is_a_503_too(visitor, monkeypatch):
    """A signed-in visitor's session and user are read by middleware first."""

    def refuse(*args, **kwargs):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr("django.contrib.auth.get_user", refuse)
    monkeypatch.setattr("django.contrib.auth.middleware.auth.get_user", refuse)
    response = visitor.get("/referee/")
    assert response.status_code == 503
    assert "The database is not answering" in response.content.decode()


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_other_errors_keep_the_500_page(visitor):
    response = visitor.get("/bug/")
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
    assert not response.has_header("Retry-After")


def test_the_project_uses_the_handler():
    import tarokk_admin.urls

    assert tarokk_admin.urls.handler500 == "tarokk_admin.core.outage.server_error"
