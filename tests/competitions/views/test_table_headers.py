"""Sortable table headers say how the table is sorted (aria-sort), through the
project's override of django-tables2's Bootstrap 5 template."""

from __future__ import annotations

import re

import pytest

from tests.competitions.kit import completed
from tests.factories import CompetitionFactory, SeasonFactory, TeamFactory

pytestmark = pytest.mark.django_db


def headers(html: str) -> dict[str, str | None]:
    """Each header's link text → its aria-sort (None when not sortable)."""
    out: dict[str, str | None] = {}
    for attrs, body in re.findall(r"<th([^>]*)>(.*?)</th>", html, re.S):
        name = re.sub(r"<[^>]+>", "", body).strip()
        sort = re.search(r'aria-sort="([a-z]+)"', attrs)
        out[name] = sort.group(1) if sort else None
    return out


def test_sortable_headers_carry_aria_sort_on_the_championship_table(client):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b = TeamFactory(name="Alfa"), TeamFactory(name="Béta")
    completed(champ, a, b, 90, 40)
    response = client.get("/championship/", follow=True)
    page = response.request["PATH_INFO"]  # the current season's table
    html = response.content.decode()
    found = headers(html)
    assert found["Best match"] == "none"
    assert set(found.values()) <= {"none", "ascending", "descending", None}
    link = re.search(r'<a href="(\?[^"]*)">Best match</a>', html).group(1)
    html = client.get(page + link.replace("&amp;", "&")).content.decode()
    assert headers(html)["Best match"] == "ascending"
    link = re.search(r'<a href="(\?[^"]*)">Best match</a>', html).group(1)
    html = client.get(page + link.replace("&amp;", "&")).content.decode()
    assert headers(html)["Best match"] == "descending"
    assert list(headers(html).values()).count("descending") == 1
