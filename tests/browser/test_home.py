"""The home page in headless Chromium: navigation on a desktop and on a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECTIONS = [
    "Championship",
    "Cup",
    "Grand Prix",
    "Free games",
    "Trophy list",
    "Roll of honour",
]


def nav(page: Page):
    return page.get_by_role("navigation", name="Main navigation")


def test_desktop_home_page_shows_the_navigation(live_server, page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Tarokk Admin")
    for label in SECTIONS:
        expect(nav(page).get_by_role("link", name=label, exact=True)).to_be_visible()
    expect(nav(page).get_by_role("link", name="Log in")).to_be_visible()
    # Bootstrap's stylesheet came from our static files: the navbar is a flex row.
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.navbar')).display")
        == "flex"
    )

    nav(page).get_by_role("link", name="Cup", exact=True).click()
    expect(page).to_have_url(re.compile(r"/cup/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Cup")


def test_phone_menu_opens_with_the_toggler(live_server, page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + "/")
    championship = nav(page).get_by_role("link", name="Championship", exact=True)
    expect(championship).to_be_hidden()
    page.get_by_role("button", name="Show or hide the menu").click()
    for label in SECTIONS:
        expect(nav(page).get_by_role("link", name=label, exact=True)).to_be_visible()
    # Nothing overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_language_switcher_turns_the_page_hungarian(live_server, page: Page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Magyar").click()
    hungarian_nav = page.get_by_role("navigation", name="Főmenü")
    expect(hungarian_nav.get_by_role("link", name="Bajnokság")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "hu")
