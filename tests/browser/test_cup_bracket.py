"""The cup bracket in headless Chromium (R15): all 15 ties drawn, the medals in
words, a phone layout, and the print layout on one A4 landscape page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, level_records, play, tie_at

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cup():
    # A transactional test flushes the role groups that migration 0001 created.
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    cup = drawn_cup(seed=20250825)
    tie = tie_at(cup, 1, 3)
    for seed in (1, 2, 3):
        play(tie, records=level_records(8, seed=seed))
    play(tie, records=level_records(2, seed=4), tiebreak=True)
    play(tie, tiebreak=True, seed=5)
    play(tie_at(cup, 1, 1), seed=6)
    return cup


def test_R15_bracket_shows_all_15_ties_tiebreakers_and_medals(
    live_server, page: Page, cup
):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/cup/2026/")
    ties = page.get_by_test_id("cup-tie")
    expect(ties).to_have_count(15)
    for round_, count in ((1, 8), (2, 4), (3, 2), (4, 1)):
        expect(
            page.locator(f'[data-testid="cup-tie"][data-round="{round_}"]')
        ).to_have_count(count)
    tie = page.locator('[data-testid="cup-tie"][data-round="1"][data-slot="3"]')
    expect(tie).to_contain_text("Tie-breakers:")
    expect(tie).to_contain_text(re.compile(r"(\d+):\1 · \d+:\d+"))  # level, then not
    medals = page.get_by_test_id("cup-medals")
    for words in ("Gold — winner", "Silver — runner-up", "Bronze"):
        expect(medals).to_contain_text(words)
    expect(page.get_by_test_id("cup-draw")).to_contain_text("seed 20250825")
    # The rounds sit side by side on a desktop: the final is right of the last 16.
    first = ties.first.bounding_box()
    final = page.locator('[data-testid="cup-tie"][data-round="4"]').bounding_box()
    assert final["x"] > first["x"] + 600
    page.screenshot(path="/tmp/cup-bracket-desktop.png", full_page=True)


def test_bracket_on_a_phone_stacks_the_rounds(live_server, page: Page, cup):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/cup/2026/")
    expect(page.get_by_test_id("cup-tie")).to_have_count(15)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # no sideways scrolling
    page.screenshot(path="/tmp/cup-bracket-phone.png", full_page=True)


def test_R15_bracket_prints_on_one_a4_landscape_page(live_server, page: Page, cup):
    page.goto(live_server.url + "/cup/2026/")
    pdf = page.pdf(format="A4", landscape=True, print_background=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.emulate_media(media="print")
    expect(page.locator(".site-nav")).to_be_hidden()
    expect(page.get_by_test_id("cup-tie")).to_have_count(15)
