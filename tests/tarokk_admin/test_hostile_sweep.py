"""The hostile-input probe, run on the test server: every address of the site (the
admin's have their own, ``test_edges.py``) with odd values in each part of the
address, odd query parameters and form fields (``next``, ``year``, ``page``,
``format``, ``q`` …), odd headers, as anonymous and as each role of the demo
federation. Nothing may answer a 5xx: bad input is a 4xx or the page's own refusal.

The addresses' real ids come from following the links of the demo federation's pages
as an official (so a new page is swept once something links to it); an address no
page links to gets ``1`` and ``2026``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from io import StringIO
from urllib.parse import quote, urlencode, urljoin, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

ROLES = ("anonymous", "official", "jury", "referee", "captain", "player")
START = (
    "/", "/officials/", "/referee/", "/jury/", "/captain/", "/free-games/mine/",
    "/championship/", "/cup/", "/grand-prix/", "/trophies/", "/statistics/",
    "/live/", "/officials/free-games/", "/officials/schedule/", "/officials/teams/",
    "/officials/import/", "/officials/players/", "/officials/grand-prix/",
    "/officials/disputes/", "/officials/seasons/", "/jury/given/",
)  # fmt: skip
CRAWL_PAGES = 250
DEFAULTS = {"year": "2026", "day": "2026-12-04", "language": "hu", "role": "driver"}
PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")
# Each part of an address in turn: outside ASCII, NUL, huge, negative, long, odd.
IN_PATH = (
    "%C5%91", "%00", "a%00b", "99999999999999999999", "9223372036854775808", "-1",
    "0", "x" * 600, "%F0%9F%98%80", "%EF%BC%91", "1.5", "%20",
)  # fmt: skip
NAMES = (
    "next", "year", "page", "format", "_export", "q", "sort", "season", "status",
    "competition", "team", "player", "trophy", "kind", "date", "day", "table",
    "variant", "version", "reason", "text", "number", "language", "action",
)  # fmt: skip
VALUES = (
    "-1", "99999999999999999999", "ő" * 300, "matches", "//evil.example/",
    "x\x00y", "1e999", "", "[]", "0", "٣", "%", "'\"<>",
)  # fmt: skip
HEADERS = (
    {"HTTP_ACCEPT_LANGUAGE": "ő,;q=999999999999999999999,*;q=-1"},
    {"HTTP_ACCEPT_LANGUAGE": "x" * 3000},
    {"HTTP_HOST": "evil.example"},
    {"HTTP_HOST": "127.0.0.1:99999"},
    {"CONTENT_TYPE": "multipart/form-data"},
    {"CONTENT_TYPE": "multipart/form-data; boundary="},
    {"CONTENT_TYPE": "application/x-www-form-urlencoded; charset=ebcdic"},
    {"CONTENT_TYPE": "application/json"},
    {"HTTP_IF_MODIFIED_SINCE": "ő"},
    {"HTTP_X_FORWARDED_FOR": "ő, x"},
)


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        named = dict(attrs)
        target = named.get("href") if tag == "a" else named.get("action")
        if tag in ("a", "form") and target:
            self.found.append(target)


def patterns() -> Iterator[str]:
    """The route of every address outside the admin, from the root."""

    def walk(items, prefix: str, namespace: str):
        for item in items:
            route = prefix + str(item.pattern)
            if isinstance(item, URLResolver):
                if item.namespace != "admin":
                    yield from walk(item.url_patterns, route, item.namespace or "")
            elif isinstance(item, URLPattern):
                yield route

    yield from walk(get_resolver().url_patterns, "/", "")


def _route(path: str) -> str | None:
    try:
        return "/" + resolve(path).route
    except Resolver404:
        return None


def examples(client: Client) -> dict[str, str]:
    """An address of each route that the pages link to (real ids)."""
    found: dict[str, str] = {}
    queue, seen = list(START), set()
    while queue and len(seen) < CRAWL_PAGES:
        path = queue.pop(0)
        route = _route(urlsplit(path).path)
        if path in seen or route is None or route in found:
            continue
        seen.add(path)
        found[route] = path
        response = client.get(path)
        if "html" not in response.get("Content-Type", ""):
            continue
        links = _Links()
        links.feed(response.content.decode())
        for link in links.found:
            parts = urlsplit(urljoin(path, link))
            if parts.netloc in ("", "testserver") and "logout" not in parts.path:
                queue.append(parts.path)
    return found


def addresses(route: str, example: str | None) -> Iterator[str]:
    """The route's example address, then each part of it in turn made hostile."""
    values = dict(DEFAULTS)
    if example:
        values.update({k: str(v) for k, v in resolve(example).kwargs.items()})
    base = PARAMETER.sub(lambda m: values.get(m["name"], "1"), route)
    yield base
    for name in [m["name"] for m in PARAMETER.finditer(route)]:
        for hostile in IN_PATH:
            yield PARAMETER.sub(
                lambda m, n=name, h=hostile: (
                    h if m["name"] == n else values.get(m["name"], "1")
                ),
                route,
            )


def hostile_query(seed: int) -> dict[str, str]:
    return {name: VALUES[(seed + i) % len(VALUES)] for i, name in enumerate(NAMES)}


def clients() -> dict[str, Client]:
    users = {user.username: user for user in get_user_model().objects.all()}
    signed = {"anonymous": Client(raise_request_exception=False)}
    for role in ROLES[1:]:
        signed[role] = Client(raise_request_exception=False)
        signed[role].force_login(users[role])
    return signed


def test_no_address_answers_a_5xx_to_hostile_input():
    call_command("seed_demo", stdout=StringIO())
    signed = clients()
    found = examples(signed["official"])
    assert len(found) > 60, sorted(found)
    failures: list[tuple] = []

    def send(role: str, method: str, url: str, **extra) -> None:
        client = signed[role]
        call = client.get if method == "GET" else client.post
        response = call(url, **extra)
        if response.status_code >= 500:
            failures.append((role, method, url[:200], response.status_code))

    for route in patterns():
        example = found.get(route)
        for url in addresses(route, example):
            for method in ("GET", "POST"):
                send("official", method, url)
        base = next(addresses(route, example))
        for role in ROLES:
            for seed in range(2):
                query = hostile_query(seed + ROLES.index(role))
                send(role, "GET", f"{base}?{urlencode(query, quote_via=quote)}")
                send(role, "POST", base, data=query)
        for headers in HEADERS:
            send("official", "GET", base, **headers)
            send("official", "POST", base, data={"q": "x"}, **headers)
    assert not failures, failures[:20]
