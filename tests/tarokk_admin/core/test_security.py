"""Deployment hardening: the login lockout keys on the real client behind the trusted
proxies (and cannot be dodged by writing X-Forwarded-For), the security headers, and
private caching of whatever a signed-in user is shown."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests import ROOT
from tests.factories import UserFactory

PROXY = "10.0.0.2"  # the reverse proxy, as gunicorn sees it
LOGIN = "/accounts/login/"


def attempt(client: Client, password: str, forwarded_for: str | None = None):
    headers = {"REMOTE_ADDR": PROXY}
    if forwarded_for is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return client.post(LOGIN, {"username": "biro", "password": password}, **headers)


def fail_five_times(client: Client, forwarded_for: str | None = None) -> None:
    for _ in range(5):
        attempt(client, "wrong-password", forwarded_for)


@pytest.mark.django_db
def test_behind_one_proxy_two_clients_are_locked_out_separately(settings):
    settings.TRUSTED_PROXIES = 1
    UserFactory(username="biro")
    fail_five_times(Client(), forwarded_for="198.51.100.7")
    locked = attempt(Client(), "secret-pass", forwarded_for="198.51.100.7")
    assert locked.status_code == 429
    other = attempt(Client(), "secret-pass", forwarded_for="203.0.113.9")
    assert other.status_code == 302, "a second client behind the same proxy"


@pytest.mark.django_db
def test_behind_one_proxy_a_written_header_does_not_dodge_the_lockout(settings):
    """The proxy appends the address it saw; whatever the client wrote before it is
    not trusted, so varying it gives no fresh attempts."""
    settings.TRUSTED_PROXIES = 1
    UserFactory(username="biro")
    for i in range(5):
        attempt(Client(), "wrong-password", forwarded_for=f"192.0.2.{i}, 198.51.100.7")
    locked = attempt(Client(), "secret-pass", forwarded_for="192.0.2.99, 198.51.100.7")
    assert locked.status_code == 429


@pytest.mark.django_db
def test_without_proxies_the_forwarded_header_is_ignored(settings):
    """With no trusted proxy (the default) a client cannot choose its address: five
    failures with five made-up X-Forwarded-For values lock its real address."""
    assert settings.TRUSTED_PROXIES == 0
    UserFactory(username="biro")
    for i in range(5):
        attempt(Client(), "wrong-password", forwarded_for=f"192.0.2.{i}")
    locked = attempt(Client(), "secret-pass", forwarded_for="192.0.2.200")
    assert locked.status_code == 429


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "192.0.2.1", PROXY),
        (1, "192.0.2.1", "192.0.2.1"),
        (1, "192.0.2.66, 192.0.2.1", "192.0.2.1"),
        (2, "192.0.2.66, 192.0.2.1, 10.0.0.9", "192.0.2.1"),
        (2, "192.0.2.1", PROXY),  # shorter than the chain of proxies: not through them
        (1, "[2001:db8::1]:4711", "2001:db8::1"),
        (1, "not-an-address", PROXY),
    ],
    ids=["no-proxy", "one", "one-spoofed", "two", "too-short", "ipv6-port", "junk"],
)
def test_client_address(rf, settings, proxies, forwarded, expected):
    from tarokk_admin.core.security import client_address

    settings.TRUSTED_PROXIES = proxies
    request = rf.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected


# --- Headers ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_every_page_has_a_csp_without_inline_code_and_a_permissions_policy(client):
    response = client.get("/")
    csp = dict(
        part.strip().split(" ", 1)
        for part in response["Content-Security-Policy"].split(";")
    )
    assert csp["script-src"] == "'self'"
    assert csp["style-src"] == "'self'"
    assert "unsafe" not in response["Content-Security-Policy"]
    assert csp["frame-ancestors"] == "'none'"
    assert "camera=()" in response["Permissions-Policy"]
    assert "geolocation=()" in response["Permissions-Policy"]


@pytest.mark.django_db
def test_anonymous_public_pages_may_be_cached(client):
    response = client.get("/championship/")
    assert "private" not in response.get("Cache-Control", "")


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/championship/", "/trophies/", "/referee/"])
def test_pages_for_a_signed_in_user_are_private_and_not_stored(client, path):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.get(path)
    cache_control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= cache_control
    assert "public" not in cache_control


TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline <script>"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "on* handler attribute"),
    (re.compile(r"\sstyle\s*=", re.I), "style attribute"),
    (re.compile(r"<style", re.I), "<style> element"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


@pytest.mark.parametrize(
    "template", TEMPLATES, ids=[str(t.relative_to(ROOT)) for t in TEMPLATES]
)
def test_templates_hold_no_inline_script_or_style(template):
    """The CSP would block them: behaviour belongs in static/js/, looks in static/css/."""
    text = re.sub(r"\{#.*?#\}", "", template.read_text(), flags=re.S)
    found = [what for pattern, what in INLINE if pattern.search(text)]
    assert found == []


# --- Request charsets -----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content_type",
    [
        "application/x-www-form-urlencoded; charset=utf-16",
        "application/x-www-form-urlencoded; charset=x-no-such-charset",
        "multipart/form-data; boundary=xyz; charset=latin-1",
    ],
    ids=["utf-16", "unknown", "multipart-latin-1"],
)
@pytest.mark.parametrize("path", [LOGIN, "/officials/import/", "/api/trophies/"])
def test_a_body_in_another_charset_than_utf8_is_a_400(path, content_type):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    response = client.generic(
        "POST", path, b"username=a&password=b", content_type=content_type
    )
    assert response.status_code == 400
    assert "UTF-8" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("charset", ["utf-8", "UTF8", "us-ascii"])
def test_utf8_and_ascii_bodies_are_read(charset):
    """Also under names Django itself refuses for a form ("UTF8")."""
    UserFactory(username="biro")
    client = Client(enforce_csrf_checks=True)
    client.get(LOGIN)
    token = client.cookies["csrftoken"].value
    body = f"username=biro&password=secret-pass&csrfmiddlewaretoken={token}"
    response = client.generic(
        "POST",
        LOGIN,
        body.encode(),
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
    )
    assert response.status_code == 302
