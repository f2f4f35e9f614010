"""The Content-Security-Policy forbids inline scripts and styles: every page still
works in Chromium with it, and Chromium reports no violation on any of them (public
pages, the cup bracket, the officials' pages, the admin and its history)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from competitions.models import Match
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, play, tie_at
from tests.factories import UserFactory, ready_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Chromium fires this event for each blocked inline script, style or attribute.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + (event.sample || "")
    + " at " + event.sourceFile + ":" + event.lineNumber);
});
"""


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__cspViolations || []")


@pytest.fixture
def played_cup():
    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    cup = drawn_cup(seed=11)
    play(tie_at(cup, 1, 1), seed=3)
    return cup


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def test_no_page_breaks_the_policy(live_server, page: Page, played_cup):
    official = UserFactory(
        username="hivatalos", roles=[Role.OFFICIAL], is_staff=True, is_superuser=True
    )
    scheduled = ready_match(referee=official)
    match = Match.objects.filter(status=Match.Status.COMPLETED).first()
    team = match.team_a
    page.add_init_script(RECORD_VIOLATIONS)
    base = live_server.url
    public = ["/", "/championship/", "/cup/2026/", "/grand-prix/", "/free-games/",
              "/trophies/", f"/matches/{match.pk}/", f"/teams/{team.pk}/",
              "/accounts/login/", "/admin/login/", "/statistics/2026/",
              "/statistics/2026/teams/", f"/statistics/2026/teams/{team.pk}/",
              f"/live/{match.date.isoformat()}/",
              f"/live/{match.date.isoformat()}/projector/"]  # fmt: skip
    signed_in = ["/referee/", "/jury/", "/officials/import/", "/officials/cup/2026/",
                 "/admin/", "/admin/competitions/match/",
                 f"/admin/competitions/match/{match.pk}/change/",
                 f"/admin/competitions/match/{match.pk}/history/"]  # fmt: skip
    seen = {}
    for path in public:
        response = page.goto(base + path)
        assert response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        seen[path] = violations(page)
    sign_in(page, base, "hivatalos")
    for path in signed_in:
        response = page.goto(base + path)
        assert response.status == 200, path
        seen[path] = violations(page)
    # The hand form's live preview is an htmx swap: it works, and breaks nothing.
    hand = f"/referee/matches/{scheduled.pk}/hands/1/"
    page.goto(base + hand)
    page.fill("#id_attack_trumps", "20")
    page.fill("#id_attack_honours", "1")
    page.click("label[for=id_attack_middle_0]")
    expect(page.locator("#err-attack_trumps")).to_contain_text("got 20")
    seen[hand] = violations(page)
    assert {path: found for path, found in seen.items() if found} == {}


def test_print_buttons_work_without_inline_handlers(
    live_server, page: Page, played_cup
):
    """The Print buttons lost their onclick: static/js/site.js calls window.print()."""
    match = Match.objects.filter(status=Match.Status.COMPLETED).first()
    page.add_init_script("window.print = () => { window.__printed = true; };")
    for path in ("/cup/2026/", f"/matches/{match.pk}/"):
        page.goto(live_server.url + path)
        assert page.evaluate("window.__printed === undefined")
        page.get_by_role("button", name="Print").first.click()
        assert page.evaluate("window.__printed === true"), path


def test_cup_bracket_keeps_its_grid_without_inline_styles(
    live_server, page: Page, played_cup
):
    """The ties sit in their grid cells through classes (cup.css), not style=."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(live_server.url + "/cup/2026/")
    final = page.locator(".cup-tie[data-round='4']")
    first = page.locator(".cup-tie[data-round='1'][data-slot='1']")
    last = page.locator(".cup-tie[data-round='1'][data-slot='8']")
    assert final.evaluate("e => getComputedStyle(e).gridColumnStart") == "4"
    assert first.evaluate("e => getComputedStyle(e).gridRowStart") == "2"
    assert last.evaluate("e => getComputedStyle(e).gridRowStart") == "16"
