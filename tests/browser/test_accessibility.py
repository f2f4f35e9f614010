"""Accessibility in headless Chromium: axe-core (vendored in tests/browser/vendor,
run inside the page) finds no serious or critical violation on the pages a referee
and a visitor use most, in English and in Hungarian, at a phone's size (390×844):
the hand form, the match page, the referee's list, the home page, the championship
table, the cup bracket and the trophy list. Colour contrast is WCAG AA."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import Page

from competitions.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def _axe(page: Page) -> list[dict]:
    """axe's serious and critical violations of the page as it is now. The script
    goes in through the browser's evaluation channel, which the page's Content
    Security Policy does not govern (the site's own scripts stay as served)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;void 0;")
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, {
              runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a",
                                               "wcag21aa", "best-practice"]},
              resultTypes: ["violations"],
            });
            return r.violations.map(v => ({
              id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " — " +
                                              n.failureSummary.split("\\n").slice(0, 2).join(" ")),
            }));
        }"""
    )
    return [v for v in result if v["impact"] in SERIOUS]


def _sign_in(page: Page, live_server, username: str) -> None:
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    page.context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": live_server.url,
            }
        ]
    )


def _pages() -> list[tuple[str, str | None, str]]:
    """(name, user to sign in as or None, address) of each page checked."""
    match = (
        Match.objects.filter(referee__username="referee", status="in_play")
        .order_by("date", "id")
        .first()
    ) or Match.objects.filter(referee__username="referee").order_by("id").first()
    assert match is not None, "the demo has a match for the demo referee"
    year = match.competition.season.year
    return [
        ("home page", None, "/"),
        ("championship table", None, "/championship/"),
        ("cup bracket", None, f"/cup/{year}/"),
        ("trophy list", None, "/trophies/"),
        ("referee's list", "referee", "/referee/"),
        ("match page", "referee", f"/referee/matches/{match.pk}/"),
        ("hand form", "referee", f"/referee/matches/{match.pk}/hands/1/"),
        ("completion summary", "referee", f"/referee/matches/{match.pk}/complete/"),
    ]


@pytest.mark.parametrize("language", ["en", "hu"])
def test_no_serious_or_critical_axe_violation(live_server, page: Page, language):
    call_command("seed_demo", verbosity=0)
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_default_timeout(20_000)
    page.context.add_cookies(
        [
            {
                "name": settings.LANGUAGE_COOKIE_NAME,
                "value": language,
                "url": live_server.url,
            }
        ]
    )
    found: dict[str, list[dict]] = {}
    signed_in = False
    for name, user, address in _pages():
        if user and not signed_in:
            _sign_in(page, live_server, user)
            signed_in = True
        response = page.goto(live_server.url + address)
        assert response is not None, (name, address)
        assert response.status == 200, (name, address)
        assert page.evaluate("document.documentElement.lang") == language
        violations = _axe(page)
        if violations:
            found[f"{name} ({address})"] = violations
    assert not found, "\n".join(
        f"{where}: {v['id']} ({v['impact']}) {v['help']}: {v['nodes']}"
        for where, violations in found.items()
        for v in violations
    )
