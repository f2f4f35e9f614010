"""Every address declares the methods it takes (``core.methods``) and answers any
other one with a 405 and an ``Allow`` header, OPTIONS with a 204 and ``Allow``:
never the page (OPTIONS and TRACE answered the whole page; an unknown method such
as QUERY met CSRF's HTML 403)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.views.decorators.http import require_GET, require_http_methods
from django.views.generic import TemplateView

from tarokk_admin.core.methods import (
    ADMIN_METHODS,
    allow_header,
    get_only,
    get_or_post,
    methods_of,
    post_only,
)

pytestmark = pytest.mark.django_db

TRIED = ("GET", "POST", "PUT", "PATCH", "DELETE", "TRACE", "QUERY", "CONNECT", "FOO")
# A value for each path parameter that its converter takes.
SAMPLES = {"language": "hu", "day": "2026-12-04", "token": "abc", "role": "driver"}


def addresses() -> Iterator[tuple[str, object, frozenset[str] | None]]:
    """(address, view, declared methods) of every URL pattern; the admin's take GET
    and POST."""

    def walk(patterns, prefix: str, namespaces: list[str]):
        for item in patterns:
            if isinstance(item, URLResolver):
                inner = [*namespaces, item.namespace] if item.namespace else namespaces
                yield from walk(item.url_patterns, prefix, inner)
            elif isinstance(item, URLPattern):
                yield item, ":".join([*namespaces, item.name or ""]), namespaces

    for pattern, name, namespaces in walk(get_resolver().url_patterns, "", []):
        if not pattern.name:
            continue  # the admin's catch-all: any address under /admin/
        regex = pattern.pattern.regex
        kwargs = {
            key: "competitions" if key == "app_label" else SAMPLES.get(key, "1")
            for key in regex.groupindex
        }
        args = [] if kwargs else ["1"] * regex.groups
        url = reverse(name, args=args, kwargs=kwargs)
        admin = "admin" in namespaces
        yield (
            url,
            pattern.callback,
            ADMIN_METHODS if admin else methods_of(pattern.callback),
        )


def test_every_view_declares_the_methods_it_takes():
    found = list(addresses())
    undeclared = [url for url, view, methods in found if methods is None]
    assert not undeclared, f"no methods declared for {undeclared}"
    assert len(found) > 250


def test_an_unsupported_method_gets_a_405_with_allow_on_every_address():
    client = Client(raise_request_exception=False)
    wrong = []
    for url, _view, methods in addresses():
        for method in TRIED:
            if method in methods:
                continue
            response = client.generic(method, url)
            body = response.content.decode()
            if (
                response.status_code != 405
                or response.get("Allow") != allow_header(methods)
                or "<html" in body.lower()
            ):
                wrong.append((method, url, response.status_code, body[:80]))
        response = client.options(url)
        if (
            response.status_code != 204
            or response.get("Allow") != allow_header(methods)
            or response.content
        ):
            wrong.append(("OPTIONS", url, response.status_code))
    assert not wrong, wrong[:10]


def test_the_api_says_so_in_json_and_a_page_in_a_sentence():
    client = Client()
    response = client.generic("QUERY", "/api/trophy-list/")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, OPTIONS"
    assert "does not take QUERY requests" in response.json()["error"]
    response = client.generic("TRACE", "/championship/")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("text/plain")
    assert "does not take TRACE requests" in response.content.decode()
    response = client.get("/accounts/logout/")
    assert (response.status_code, response["Allow"]) == (405, "POST, OPTIONS")


def test_a_page_still_answers_its_own_methods():
    client = Client()
    assert client.get("/championship/").status_code in (200, 302)
    assert client.head("/trophies/").status_code == 200
    assert client.post("/accounts/login/", {"username": "x"}).status_code == 200


def _view(request):
    return HttpResponse("page")


@pytest.mark.parametrize(
    ("view", "methods"),
    [
        (get_only(_view), {"GET", "HEAD"}),
        (get_or_post(_view), {"GET", "HEAD", "POST"}),
        (post_only(_view), {"POST"}),
        (require_GET(_view), {"GET"}),
        (require_http_methods(["GET", "POST"])(_view), {"GET", "POST"}),
        (TemplateView.as_view(), {"GET", "HEAD"}),
        (_view, None),
    ],
)
def test_what_a_view_declares_is_read_from_each_way_of_declaring(view, methods):
    assert methods_of(view) == (frozenset(methods) if methods else None)
