"""The live page's Grand Prix totals show whole at every common screen width, in
Hungarian (the longer words): on a 1366-pixel screen the card is a third of the
page, and its totals were cut ("109…") behind a scrolling table."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The phone and the laptop of issue 20 (390×844, 1366×768: "149…"), and between.
SIZES = ((390, 844), (768, 1024), (1366, 768), (1920, 1080))

# For every total of the Grand Prix card: how far it reaches past what shows of it
# (its own box, the box it scrolls in, the card).
CUT = """() => {
  const card = document.querySelector(".live-standings table.standings").closest(".card");
  const shown = card.getBoundingClientRect();
  return Array.from(card.querySelectorAll("tbody tr td:last-child")).map(td => {
    const box = td.getBoundingClientRect();
    let clip = shown.right;
    for (let el = td.parentElement; el && el !== card; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible") {
        clip = Math.min(clip, el.getBoundingClientRect().right);
      }
    }
    return {text: td.textContent.trim(),
            past: Math.max(box.right - clip, td.scrollWidth - td.clientWidth)};
  });
}"""


def test_the_grand_prix_totals_show_whole_at_every_width(live_server, page):
    call_command("seed_demo", verbosity=0)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "hu", "url": live_server.url}]
    )
    cut = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{live_server.url}/live/{timezone.localdate().isoformat()}/")
        expect(page.locator(".live-standings table.standings")).to_be_visible()
        totals = page.evaluate(CUT)
        assert len(totals) >= 8, totals
        cut[width] = [t["text"] for t in totals if t["past"] > 0.5]
    assert cut == {width: [] for width, _height in SIZES}
