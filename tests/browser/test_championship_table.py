"""The championship table in headless Chromium: sort it by a column, then download
the CSV, which carries the rows in the page's order."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from competitions.tables import ChampionshipTable
from tests.competitions.kit import completed
from tests.factories import CompetitionFactory, SeasonFactory, TeamFactory
from tests.tables import exported_cells

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The standings cache outlives a test's rolled-back rows (Redis in CI)."""
    from django.core.cache import cache

    cache.clear()


def test_sort_the_championship_table_and_download_the_csv(live_server, page: Page):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b, c = (TeamFactory(name=n) for n in ("Alfa", "Béta", "Gamma"))
    completed(champ, a, b, 90, 40)  # Alfa 90, Béta 40
    completed(champ, c, b, 60, 70)  # Gamma 60, Béta 110 (best 70)

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/championship/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Team Championship 2026")
    teams = page.locator("table.standings tbody td[data-column=team]")
    expect(teams).to_have_text(["Béta", "Alfa", "Gamma"])

    page.get_by_role("link", name="Best match").click()  # ascending
    expect(teams).to_have_text(["Gamma", "Béta", "Alfa"])

    with page.expect_download() as info:
        page.get_by_role("link", name="CSV").click()
    download = info.value
    assert download.suggested_filename == "championship-2026.csv"
    raw = Path(download.path()).read_bytes()
    assert raw.startswith("\ufeff".encode())  # the byte-order mark Excel needs
    rows = exported_cells(raw, "csv", ChampionshipTable, "en")
    assert list(rows[0])[:2] == ["rank", "team"]
    assert [row["team"] for row in rows] == ["Gamma", "Béta", "Alfa"]
