"""The live page as every reader meets it, now that an anonymous reader's page holds
nothing of that reader (no CSRF token, so the front may share it): the language
switch works in both languages signed in or not, the page works without
JavaScript, and a failed poll leaves the last board on the page until the next one
brings it up to date."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring.services.hands import hand_save
from tests.factories import UserFactory, ready_match
from tests.scoring.kit import hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def reader(browser):
    """A fresh browser of its own, closed after the test (an open live page would
    go on polling the live server during the next tests)."""
    contexts = []

    def open_one(**options):
        context = browser.new_context(
            viewport={"width": 1400, "height": 900}, **options
        )
        contexts.append(context)
        return context.new_page()

    yield open_one
    for context in contexts:
        context.close()


def _switch(page, button: str, language: str) -> None:
    page.get_by_role("button", name=button).click()
    expect(page.locator("html")).to_have_attribute("lang", language)


def test_the_language_switch_works_in_both_languages_signed_in_or_not(
    live_server, reader
):
    match = ready_match(date=timezone.localdate())
    UserFactory(username="olvaso")
    live = f"{live_server.url}/live/{match.date.isoformat()}/"
    page = reader()
    page.goto(live)
    _switch(page, "Magyar", "hu")
    expect(page).to_have_url(live)  # back to the page it was pressed on
    expect(page.get_by_role("link", name="Bejelentkezés")).to_be_visible()
    _switch(page, "English", "en")
    expect(page.get_by_role("link", name="Log in")).to_be_visible()

    page.get_by_role("link", name="Log in").click()
    page.fill("input[name=username]", "olvaso")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page).to_have_url(live)
    _switch(page, "Magyar", "hu")
    expect(page.get_by_role("button", name="Kijelentkezés")).to_be_visible()
    _switch(page, "English", "en")
    # The signed-in page's own form still posts with its token.
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in", exact=True)).to_be_visible()


def test_the_live_page_works_without_javascript(live_server, reader):
    match = ready_match(date=timezone.localdate())
    page = reader(java_script_enabled=False)
    page.goto(f"{live_server.url}/live/{match.date.isoformat()}/")
    expect(page.locator(f'article[data-match="{match.pk}"]')).to_be_visible()
    expect(page.locator("noscript").first).to_be_attached()
    # The language switch is a plain form: no script needed.
    _switch(page, "Magyar", "hu")
    expect(page.locator(f'article[data-match="{match.pk}"]')).to_be_visible()


def test_a_failed_poll_keeps_the_last_board_until_the_next_one(live_server, reader):
    match = ready_match(date=timezone.localdate())
    page = reader()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/live/{match.date.isoformat()}/")
    card = page.locator(f'article[data-match="{match.pk}"]')
    status = page.locator("#live-status")
    expect(status).to_contain_text("Checked at")  # the first poll came back

    page.route("**/board/**", lambda route: route.abort())
    expect(status).to_contain_text("No connection")
    expect(card).to_be_visible()  # the last board stays
    hand_save(match=match, number=1, record=hand(), user=match.referee)
    expect(card.locator('tr[data-hand="1"]')).to_have_count(0)  # not yet: no poll

    page.unroute("**/board/**")
    expect(card.locator('tr[data-hand="1"]')).to_be_visible()
    expect(status).to_contain_text("Updated at")
