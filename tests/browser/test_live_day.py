"""The live event day in a real browser: a hand a referee saves through the
score-sheet form appears on an open live page within 5 s, without a reload; the
projector mode shows one match at a time and moves on by itself."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from playwright.sync_api import expect

from scoring.models import Hand
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _referee_logs_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/referee/")
    page.fill("input[name=username]", "jatekvezeto")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Your matches")


@pytest.fixture
def two_browsers(browser):
    """A viewer's and a referee's browser, closed after the test: a live page left
    open would go on polling the live server during the next tests."""
    contexts = [browser.new_context(), browser.new_context()]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def test_a_saved_hand_appears_on_an_open_live_page_within_5_seconds(
    live_server, two_browsers
):
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee, date=timezone.localdate())
    today = timezone.localdate().isoformat()

    viewer, desk = two_browsers
    viewer.goto(f"{live_server.url}/live/{today}/")
    card = viewer.locator(f'article[data-match="{match.pk}"]')
    expect(card).to_contain_text("not started")
    viewer.evaluate("window.stillTheSamePage = true")

    desk.set_default_timeout(15_000)
    _referee_logs_in(desk, live_server.url)
    desk.goto(f"{live_server.url}/referee/matches/{match.pk}/hands/1/")
    desk.fill("#id_attack_trumps", "12")
    desk.fill("#id_attack_honours", "1")
    desk.click("label[for=id_attack_middle_0]")  # XVI (R5)
    # The defence's 10 trumps, one Honour, XVII and XVIII follow (R5).
    expect(desk.locator(".verdict-ok")).to_be_visible()
    with desk.expect_navigation():
        desk.click("button[value=save]")
    saved_at = time.monotonic()
    stored = Hand.objects.get(match=match, number=1)

    row = card.locator('tr[data-hand="1"]')
    expect(row).to_be_visible(timeout=5_000)
    seen_after = time.monotonic() - saved_at
    assert seen_after < 5, f"the hand showed after {seen_after:.1f} s"
    # team_a attacked hand 1 (the cut): its score, then its running total.
    expect(row).to_contain_text(str(stored.attack_score))
    expect(row).to_contain_text(str(stored.defence_score))
    expect(card).to_contain_text("hand 1 of 8")
    expect(viewer.locator("#live-status")).to_contain_text("Updated at")
    assert viewer.evaluate("window.stillTheSamePage") is True  # no reload


def test_projector_mode_shows_one_match_at_a_time_and_cycles(live_server, page):
    first = ready_match(date=timezone.localdate())
    second = ready_match(competition=first.competition, date=first.date)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/live/{first.date.isoformat()}/projector/")
    matches = page.locator(".projector-match")
    expect(matches).to_have_count(2)
    expect(page.locator(".projector-match.is-current")).to_have_count(1)
    shown = page.locator(".projector-match.is-current").get_attribute("data-match")
    expect(page.locator(".projector-position")).to_have_text("Match 1 of 2")
    page.keyboard.press("ArrowRight")  # the operator moves on by hand
    expect(page.locator(".projector-position")).to_have_text("Match 2 of 2")
    other = page.locator(".projector-match.is-current").get_attribute("data-match")
    assert {shown, other} == {str(first.pk), str(second.pk)}
    assert page.locator(".projector-match:not(.is-current)").first.is_hidden()
