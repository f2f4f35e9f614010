"""Cache keys from the parameters a page recognises, normalised (core/page_params):
junk in the address adds no cache entry and never reaches the page's links."""

from __future__ import annotations

import random
import re
import string

import pytest
from django.core.cache import cache
from django.test import RequestFactory

from tarokk_admin.core.page_params import (
    PAGE,
    choice,
    one_of,
    page_params,
    text,
    whole,
)
from tests.competitions.kit import league
from tests.factories import PlayerFactory, ready_match, sheet
from tests.trophies.kit import awards_for

RECOGNISED = {
    "sort": one_of({"points", "-points"}),
    "page": PAGE,
    "q": text(),
    "club": choice(),
    "min": whole(maximum=52),
}


def params(query: str):
    return page_params(RequestFactory().get(f"/x/?{query}"), RECOGNISED)


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("", ""),
        ("utm_source=news&fbclid=abc", ""),
        ("page=1", ""),
        ("page=02", "page=2"),
        ("page=3&page=4", "page=4"),  # the last value, as the page reads it
        ("sort=points&utm=1", "sort=points"),
        ("sort=nonsense", ""),  # the table ignores unknown columns
        ("q=++Kov%C3%A1cs+++%C3%89va+", "q=Kov%C3%A1cs+%C3%89va"),
        ("min=07&club=P%C3%A9cs", "club=P%C3%A9cs&min=7"),
        ("club=P%C3%A9cs&min=7", "club=P%C3%A9cs&min=7"),
    ],
)
def test_spellings_of_one_request_share_one_key(query, key):
    found = params(query)
    assert found.key == key
    assert found.cacheable


@pytest.mark.parametrize(
    "query", ["page=abc", "page=99999999", "min=53", "min=-1", "q=" + "x" * 101]
)
def test_a_value_the_page_cannot_use_is_kept_as_sent_but_not_cached(query):
    found = params(query)
    assert not found.cacheable
    name, _eq, raw = query.partition("=")
    assert found.query[name] == raw  # the page shows its own error for it


def _cache_entries() -> int:
    """Every entry of the cache the settings use (bodies, tables, tokens)."""
    backend = cache._cache
    if isinstance(backend, dict):  # local memory
        return len(backend)
    return backend.get_client().dbsize()


def _junk(rng: random.Random, n: int = 12) -> str:
    return "".join(rng.choices(string.ascii_letters + string.digits, k=n))


@pytest.mark.slow
@pytest.mark.django_db
def test_a_thousand_requests_with_junk_parameters_add_no_cache_entry(client):
    """Issue 12: ``/trophies/?utm=<random>`` stored a new page each time. Random
    unrecognised parameters, and random values of recognised ones (a sort column,
    a page, a filter, a search that finds nobody), now add nothing."""
    season, teams = league(4, 2)
    match = ready_match()
    hand_save_first(match)
    awards_for(PlayerFactory(name="Kovács Éva"), "royal")
    pages = [
        f"/championship/{season.year}/",
        f"/teams/{teams[0].pk}/",
        f"/matches/{match.pk}/",
        "/trophies/",
    ]
    for page in pages:
        assert client.get(page).status_code == 200
    warm = _cache_entries()
    assert warm >= len(pages)  # a body each, besides tokens and tables
    rng = random.Random(12)
    junk_values = ["sort", "page", "q", "club", "trophy", "year", "min_matches"]
    statuses = set()
    for n in range(1000):
        page = pages[n % len(pages)]
        if n % 4:
            query = {f"utm_{_junk(rng, 5)}": _junk(rng), "fbclid": _junk(rng, 30)}
        else:
            query = {rng.choice(junk_values): _junk(rng)}
        statuses.add(client.get(page, query).status_code)
    assert statuses <= {200, 404}
    assert _cache_entries() == warm


def hand_save_first(match):
    from scoring.services.hands import hand_save

    hand_save(match=match, number=1, record=sheet(1), user=match.referee)


def _without_own_address(html: str) -> str:
    """The page without what is rendered per request outside the cached body: the
    language form's ``next`` (the visitor's own address) and the CSRF tokens."""
    html = re.sub(r'<input type="hidden" name="next"[^>]*>', "", html)
    return re.sub(r'(csrfmiddlewaretoken" value="|X-CSRFToken": ")[^"]+', r"\1", html)


@pytest.mark.django_db
def test_junk_never_reaches_the_links_of_a_cached_page(client):
    season, _teams = league(4, 2)
    url = f"/championship/{season.year}/"
    html = client.get(url, {"sort": "-score", "utm_source": "spam"}).text
    assert "spam" in html  # only in the language form's own address
    body = _without_own_address(html)
    assert "spam" not in body
    assert "sort=score" in body  # the column link that reverses the order
    # The same body serves the clean address.
    assert _without_own_address(client.get(url, {"sort": "-score"}).text) == body
