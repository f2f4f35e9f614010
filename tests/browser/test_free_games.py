"""Free games on a phone (R15, issue 15 "Done when"): a player records an Emperor
sitting on a phone-sized page, it appears nowhere while unconfirmed, a table-mate
confirms it, an official corrects it, and the Emperor table, the player's page and
the API show the corrected points."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from competitions.models import VariantSitting
from tarokk_admin.core.roles import Role
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS, violations
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def phone(browser: Browser, base: str, username: str | None = None) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(RECORD_VIOLATIONS)
    if username:
        page.goto(f"{base}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", "secret-pass")
        with page.expect_navigation():
            page.click("main form button[type=submit]")
    return page


def fits_the_screen(page: Page) -> None:
    """Nothing wider than the phone (no sideways scrolling), and nothing the
    Content-Security-Policy had to block."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert violations(page) == []


def test_r15_record_confirm_correct_on_a_phone(live_server, browser: Browser):
    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    year = timezone.localdate().year
    SeasonFactory(year=year)
    eva = PlayerFactory(name="Kovács Éva", user=UserFactory(username="eva"))
    bela = PlayerFactory(name="Nagy Béla", user=UserFactory(username="bela"))
    cili = PlayerFactory(name="Ács Cili")
    UserFactory(username="olga", roles=[Role.OFFICIAL])
    base = live_server.url

    # Éva records the sitting at the table, on her phone.
    page = phone(browser, base, "eva")
    page.goto(f"{base}/free-games/mine/")
    with page.expect_navigation():
        page.get_by_role("link", name="Record a sitting").click()
    fits_the_screen(page)
    page.select_option("#id_variant", "emperor")
    page.fill("#id_event", "Klubnap")
    expect(page.locator("#id_player_1")).to_have_value(
        f"Kovács Éva ({eva.federation_number})"
    )
    page.fill("#id_points_1", "120")
    page.fill("#id_player_2", f"Nagy Béla ({bela.federation_number})")
    page.fill("#id_points_2", "-40")
    page.fill("#id_player_3", cili.federation_number)
    page.fill("#id_points_3", "-80")
    with page.expect_navigation():
        page.get_by_role("button", name="Record the sitting").click()
    expect(page.locator(".alert-warning")).to_contain_text("Awaiting confirmation")
    sitting = VariantSitting.objects.get()
    assert sitting.status == VariantSitting.Status.PENDING

    # Unconfirmed, it appears nowhere: not in the tables, the API, nor her page.
    visitor = phone(browser, base)
    visitor.goto(f"{base}/free-games/{year}/")
    expect(visitor.locator("h2", has_text="Emperor Tarokk")).to_have_count(0)
    assert "Kovács Éva" not in visitor.content()
    assert "emperor" not in visitor.request.get(f"{base}/api/free-games/{year}/").text()
    visitor.goto(f"{base}/players/{eva.pk}/")
    expect(visitor.locator("body")).to_contain_text(
        "No confirmed free-game sitting yet."
    )
    response = visitor.goto(f"{base}/free-games/sittings/{sitting.pk}/")
    assert response.status == 404

    # Béla, a table-mate, confirms it from his phone.
    mate = phone(browser, base, "bela")
    mate.goto(f"{base}/free-games/mine/")
    fits_the_screen(mate)
    waiting = mate.locator("section[aria-labelledby=confirm-title] .sitting-item")
    expect(waiting).to_contain_text("Kovács Éva 120")
    with mate.expect_navigation():
        waiting.get_by_role("button", name="Confirm").click()
    expect(mate.locator(".alert-success")).to_contain_text("The sitting is confirmed")

    # An official corrects Éva's points, with a reason.
    official = phone(browser, base, "olga")
    official.goto(f"{base}/officials/free-games/")
    with official.expect_navigation():
        official.locator(
            f"a[href='/officials/free-games/sittings/{sitting.pk}/']"
        ).click()
    with official.expect_navigation():
        official.get_by_role("link", name="Correct").click()
    fits_the_screen(official)
    official.fill("#id_points_1", "150")
    official.fill("#id_reason", "Éva's last hand was not added")
    with official.expect_navigation():
        official.get_by_role("button", name="Save the correction").click()
    expect(official.locator(".alert-success")).to_contain_text("corrected")
    expect(official.locator("ol.history")).to_contain_text(
        "Éva's last hand was not added"
    )

    # The Emperor table, Éva's page and the API show the corrected points.
    visitor.goto(f"{base}/free-games/{year}/")
    fits_the_screen(visitor)
    first = visitor.locator("#table-emperor tbody tr").first
    expect(first).to_contain_text("Kovács Éva")
    expect(first).to_contain_text("150")
    visitor.goto(f"{base}/players/{eva.pk}/")
    expect(visitor.locator("section[aria-labelledby=free-title]")).to_contain_text(
        "Emperor Tarokk"
    )
    expect(
        visitor.locator("section[aria-labelledby=free-title] td.fw-semibold")
    ).to_have_text("150")
    api = visitor.request.get(f"{base}/api/free-games/{year}/").json()
    emperor = next(t for t in api["tables"] if t["key"] == "emperor")
    assert emperor["rows"][0]["name"] == "Kovács Éva"
    assert emperor["rows"][0]["points"] == 150
