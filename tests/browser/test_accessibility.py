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
from playwright.sync_api import Page, expect

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


def _contrast(one: list[float], two: list[float]) -> float:
    """WCAG's contrast ratio of two sRGB colours (0–255 each)."""

    def luminance(rgb: list[float]) -> float:
        def channel(c: float) -> float:
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in rgb[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# The focus indicator of the focused element and the page behind it: an outline if
# it has one, else the first box-shadow's colour laid over the page.
_FOCUS_RING = """() => {
  const rgba = (text) => (text.match(/rgba?\\(([^)]+)\\)/) || [null, "0,0,0,0"])[1]
    .split(",").map(Number);
  const style = getComputedStyle(document.activeElement.matches(".btn-check")
    ? document.activeElement.nextElementSibling : document.activeElement);
  const page = rgba(getComputedStyle(document.body).backgroundColor);
  const width = parseFloat(style.outlineWidth) || 0;
  let ring = null;
  if (style.outlineStyle !== "none" && width >= 2) ring = rgba(style.outlineColor);
  else if (style.boxShadow && style.boxShadow !== "none") ring = rgba(style.boxShadow);
  if (ring && ring.length === 4) {
    const a = ring[3];
    ring = ring.slice(0, 3).map((c, i) => c * a + page[i] * (1 - a));
  }
  return {ring: ring, page: page.slice(0, 3)};
}"""


# An element's text colour and the first opaque background behind it.
_TEXT_AND_BACKGROUND = """(el) => {
  const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
  let box = el;
  while (box && rgb(getComputedStyle(box).backgroundColor)[3] === 0) {
    box = box.parentElement;
  }
  return [rgb(getComputedStyle(el).color).slice(0, 3),
          rgb(getComputedStyle(box || document.body).backgroundColor).slice(0, 3)];
}"""


def test_the_hand_form_in_use_is_accessible(live_server, page: Page):
    """The hand form as a referee leaves it: a draft restored ("Discard draft"), an
    announcer chosen, a toggle focused with the keyboard. axe finds nothing serious;
    the toggles' focus ring has 3:1 against the page; a chosen toggle is marked by
    more than its colour (a check mark, bold), in forced colours too."""
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory, ready_match

    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    page.set_viewport_size({"width": 390, "height": 844})
    page.set_default_timeout(15_000)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "hu", "url": live_server.url}]
    )
    _sign_in(page, live_server, "jatekvezeto")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/hands/1/")
    page.fill("#id_attack_trumps", "12")
    page.click("label[for=id_announcements-0-announcer_1]")
    page.reload()  # typed, not saved: restored as a draft
    discard = page.locator("#discard-draft")
    expect(discard).to_be_visible()
    chosen = page.locator("label[for=id_announcements-0-announcer_1]")
    expect(page.locator("#id_announcements-0-announcer_1")).to_be_checked()
    page.locator("#id_attack_middle_0").focus()
    page.keyboard.press("Space")  # ticked with the keyboard, and focused
    expect(page.locator("#id_attack_middle_0")).to_be_checked()
    violations = _axe(page)
    assert not violations, violations
    colours = discard.evaluate(_TEXT_AND_BACKGROUND)
    assert _contrast(*colours) >= 4.5, colours  # AA for its words
    ring = page.evaluate(_FOCUS_RING)
    assert ring["ring"] is not None, "no focus indicator"
    assert _contrast(ring["ring"], ring["page"]) >= 3, ring
    marks = chosen.evaluate(
        """(el) => [getComputedStyle(el, "::before").content,
                    getComputedStyle(el).fontWeight]"""
    )
    assert "✓" in marks[0], marks
    assert int(marks[1]) >= 600, marks
    page.emulate_media(forced_colors="active")
    width = chosen.evaluate("(el) => parseFloat(getComputedStyle(el).borderTopWidth)")
    other = page.locator("label[for=id_announcements-0-announcer_0]")
    plain = other.evaluate("(el) => parseFloat(getComputedStyle(el).borderTopWidth)")
    assert width > plain, (width, plain)
    assert "✓" in chosen.evaluate("(el) => getComputedStyle(el, '::before').content")
