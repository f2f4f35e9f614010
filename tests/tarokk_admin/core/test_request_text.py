"""A NUL character (which PostgreSQL refuses in any text) in any part of a request is
a 400 naming where it is, before a view or the login lockout reads it
(``core.request_text``); JSON under the API."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(raise_request_exception=False)


def refused(response, *words: str) -> str:
    assert response.status_code == 400
    text = response.content.decode()
    for word in words:
        assert word in text
    return text


def test_a_nul_in_the_address(client):
    refused(client.get("/live/2026-01-01%00/"), "The address holds a NUL character")


def test_a_nul_in_a_query_parameter_names_the_parameter(client):
    refused(client.get("/trophies/?q=Kov%00acs"), '"q"', "NUL")
    refused(client.get("/trophies/?%00=1"), '"%00"')


def test_a_nul_in_a_form_field_names_the_field(client):
    response = client.post(
        "/accounts/login/", {"username": "kovacs\x00", "password": "x"}
    )
    refused(response, '"username"', "NUL")
    assert not AccessAttempt.objects.exists()


def test_a_nul_in_a_multipart_form_field_names_the_field(client):
    response = client.post(
        "/accounts/login/", {"username": "a", "password": "x\x00"}, format="multipart"
    )
    refused(response, '"password"')


@pytest.mark.parametrize(
    "header", ["HTTP_USER_AGENT", "HTTP_ACCEPT_LANGUAGE", "HTTP_COOKIE", "HTTP_REFERER"]
)
def test_a_nul_in_a_header_names_the_header(client, header):
    response = client.post(
        "/accounts/login/", {"username": "a", "password": "x"}, **{header: "a\x00b"}
    )
    name = header[5:].replace("_", "-").title()
    refused(response, f"The header {name} holds a NUL character")
    assert not AccessAttempt.objects.exists()


def test_the_api_answers_a_nul_in_json(client):
    response = client.get("/api/championship/20%0026/")
    assert response.status_code == 400
    assert "NUL" in response.json()["error"]
    response = client.get("/api/trophies/?q=%00")
    assert '"q"' in response.json()["error"]


def test_in_hungarian_too(client):
    response = client.get("/trophies/?q=%00", HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 400
    assert "NUL" in response.content.decode()
    assert "parameter" not in response.content.decode()


def test_text_without_a_nul_goes_through(client):
    assert client.get("/trophies/?q=Kovács Éva ő").status_code == 200
