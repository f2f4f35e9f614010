"""A captain on a phone, in Hungarian (issue 20): after login the captain lands on
their own page (each role on its work area), opens the match from there onto the
captain's match page — every hand with its announcements, no sideways scrolling, a
breadcrumb back to the captain's page — and disputes the result there; the stored
answer is read back."""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from competitions.models import MatchResult
from competitions.services.matches import match_complete
from scoring.engine import feast_name
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS, violations
from tests.factories import UserFactory, captain_of, ready_match, sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def hungarian_phone(browser: Browser, base: str, username: str) -> Page:
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        locale="hu-HU",
        extra_http_headers={"Accept-Language": "hu"},
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(RECORD_VIOLATIONS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: errors.append(message.text) if message.type == "error" else 0,
    )
    page.errors = errors  # type: ignore[attr-defined]
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.locator("main form").get_by_role("button", name="Bejelentkezés").click()
    return page


def test_each_role_lands_on_its_own_work_area(live_server, browser: Browser):
    base = live_server.url
    UserFactory(username="hivatalos", roles=[Role.OFFICIAL])
    UserFactory(username="biro", roles=[Role.REFEREE])
    UserFactory(username="zsuri", roles=[Role.JURY])
    UserFactory(username="jatekos")
    for username, path in [
        ("hivatalos", "/officials/"),
        ("biro", "/referee/"),
        ("zsuri", "/jury/"),
        ("jatekos", "/free-games/mine/"),
    ]:
        page = hungarian_phone(browser, base, username)
        expect(page).to_have_url(f"{base}{path}")
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def test_a_captain_reads_the_hands_and_disputes_on_a_phone(
    live_server, browser: Browser
):
    match = ready_match()
    for number in range(1, match.hands_expected + 1):
        hand_save(
            match=match, number=number, record=sheet(number, 3), user=match.referee
        )
    match_complete(match=match, user=match.referee)
    captain = captain_of(
        match.team_b,
        match.competition.season_id,
        UserFactory(username="kapitany", roles=[Role.TEAM_CAPTAIN]),
    )
    base = live_server.url

    page = hungarian_phone(browser, base, captain.username)
    expect(page).to_have_url(f"{base}/captain/")  # the captain's own page
    title = f"{match.team_a.name} – {match.team_b.name}"
    with page.expect_navigation():
        page.get_by_role("link", name=title).click()
    expect(page).to_have_url(f"{base}/captain/matches/{match.pk}/")
    expect(page.get_by_role("heading", level=1)).to_have_text(title)

    # Every hand, with who announced what, made or failed, as the referee entered it.
    expect(page.locator(".captain-hand")).to_have_count(match.hands_expected)
    with translation.override("hu"):
        for hand in Hand.objects.filter(match=match).order_by("number"):
            listed = page.get_by_role(
                "list", name=f"A(z) {hand.number}. leosztás bemondásai"
            )
            for item in hand.record["announcements"]:
                expect(listed).to_contain_text(feast_name(item["feast"]))
            expect(listed.locator("li")).to_have_count(
                len(hand.record["announcements"])
            )
    # Readable on the phone: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The breadcrumb leads back to the captain's page (not the referee's list).
    crumbs = page.get_by_role("navigation", name="Morzsamenü")
    expect(crumbs.get_by_role("link")).to_have_attribute("href", "/captain/")

    # The dispute, on the team's answer form.
    form = page.get_by_role("form", name=f"{match.team_b.name} válasza")
    form.get_by_label("Megjegyzés (vitatáshoz kötelező)").fill("A 4. leosztás hibás")
    with page.expect_navigation():
        form.get_by_role("button", name="Vitatás").click()
    expect(page).to_have_url(f"{base}/captain/matches/{match.pk}/")
    expect(page.locator(".alert-success")).to_be_visible()
    expect(
        page.locator(".captain-result").filter(has_text=match.team_b.name)
    ).to_contain_text(re.compile("A 4. leosztás hibás"))
    assert violations(page) == []
    assert page.errors == []  # type: ignore[attr-defined]

    stored = MatchResult.objects.get(match=match, team=match.team_b)
    assert stored.answer == MatchResult.Answer.DISPUTED
    assert stored.answer_note == "A 4. leosztás hibás"
    assert stored.answered_by == captain
    assert MatchResult.objects.get(match=match, team=match.team_a).answer == (
        MatchResult.Answer.PENDING
    )
