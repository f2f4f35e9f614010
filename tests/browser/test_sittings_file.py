"""An official imports free-games sittings copied from paper sheets, in Hungarian on a
phone (R15; issue 22): from the free-games desk to the import with the kind chosen,
a file with one bad row refused with its line and column, the corrected file
previewed, stored once confirmed, and the sittings found on the desk; the stored
records read back and compared with what the file says."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Browser, expect

from competitions.models import VariantSitting
from tarokk_admin.core.roles import Role
from tests.browser.test_accessibility import _axe as axe_violations
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS, violations
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
HEADER = (
    "dátum;változat;játék neve;esemény;játékos 1;pont 1;játékos 2;pont 2;"
    "játékos 3;pont 3;játékos 4;pont 4;megjegyzés\n"
)
BAD = HEADER + (
    "2026.10.03.;Császártarokk;;Őszi klubest;H10001;42;kovacs eva;-12;"
    "H10003;-30;;;3. lap, a szegedi klubban\n"
    "2026.10.10.;edzőjáték;;;H10001;8;H10002;6;H10003;-2;H10004;-12;4. lap\n"
)
GOOD = BAD.replace(";edzőjáték;;", ";edzőjáték;Kezdők edzése;")


def test_an_official_imports_sittings_from_paper_in_hungarian_on_a_phone(
    live_server, browser: Browser
):
    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    SeasonFactory(year=2026)
    PlayerFactory(name="Nagy Csaba", federation_number="H10001")
    PlayerFactory(name="Kovács Éva", federation_number="H10002")
    PlayerFactory(name="Tóth Péter", federation_number="H10003")
    PlayerFactory(name="Szabó Edit", federation_number="H10004")
    official = UserFactory(username="foti", roles=[Role.OFFICIAL])
    context = browser.new_context(
        locale="hu-HU", extra_http_headers={"Accept-Language": "hu"}, viewport=PHONE
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(RECORD_VIOLATIONS)
    problems: list[str] = []

    def console(message) -> None:
        # A refused upload answers 400 (the project's rule for a refused form);
        # the page was opened with ?kind=sittings, which its form posts back.
        refused = "status of 400" in message.text and message.location.get(
            "url", ""
        ).endswith("/officials/import/archive/?kind=sittings")
        if message.type == "error" and not refused:
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(str(e)))

    page.goto(f"{live_server.url}/accounts/login/?next=/officials/free-games/")
    page.fill("input[name=username]", "foti")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Szabadjátékok: tisztségviselői pult")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("link", name="Partik importálása fájlból").click()
    expect(page.locator("h1")).to_have_text("Importálás a szövetség archívumából")
    kind = page.get_by_label("Szabadjátékok partijai papírról")
    expect(kind).to_be_checked()

    # One bad row: a training game without its name. Nothing stored.
    page.set_input_files(
        "input[type=file]",
        {"name": "partik.csv", "mimeType": "text/csv", "buffer": BAD.encode()},
    )
    page.get_by_role("button", name="A fájl ellenőrzése").click()
    errors = page.locator("[data-testid=archive-errors] li")
    expect(errors).to_have_count(1)
    expect(errors.first).to_contain_text("3. sor, játék neve oszlop:")
    expect(errors.first).to_contain_text("Adja meg a játék nevét")
    assert not VariantSitting.objects.exists()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert axe_violations(page) == []

    # The corrected file: previewed, then stored once confirmed.
    expect(kind).to_be_checked()
    page.set_input_files(
        "input[type=file]",
        {"name": "partik.csv", "mimeType": "text/csv", "buffer": GOOD.encode()},
    )
    page.get_by_role("button", name="A fájl ellenőrzése").click()
    preview = page.locator("[data-testid=archive-preview]")
    expect(preview).to_contain_text("A fájlban 2 sor van: 2 parti kerül tárolásra")
    expect(preview).to_contain_text("Kovács Éva (H10002)")
    assert not VariantSitting.objects.exists()  # nothing before the confirmation
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="2 parti tárolása").click()
    expect(page.locator(".alert-success").first).to_contain_text("Tárolva: 2 parti.")

    # On the desk, and in the database as the file says.
    page.get_by_role("link", name="Szabadjátékok: tisztségviselői pult").click()
    year = page.locator("section[aria-labelledby=year-title]")
    expect(year.locator(".sitting-item")).to_have_count(2)
    expect(year).to_contain_text("Kezdők edzése")
    expect(year).to_contain_text("Őszi klubest")
    sittings = list(VariantSitting.objects.order_by("date"))
    stored = [
        (
            s.date,
            s.variant,
            s.name,
            s.event,
            s.status,
            s.confirmed_by,
            s.paper_note,
            sorted((r.player.federation_number, r.points) for r in s.results.all()),
        )
        for s in sittings
    ]
    assert stored == [
        (
            dt.date(2026, 10, 3),
            "emperor",
            "",
            "Őszi klubest",
            "confirmed",
            official,
            "3. lap, a szegedi klubban",
            [("H10001", 42), ("H10002", -12), ("H10003", -30)],
        ),
        (
            dt.date(2026, 10, 10),
            "training",
            "Kezdők edzése",
            "",
            "confirmed",
            official,
            "4. lap",
            [("H10001", 8), ("H10002", 6), ("H10003", -2), ("H10004", -12)],
        ),
    ]
    page.locator(".sitting-item a", has_text="Kezdők edzése").first.click()
    expect(page.locator("body")).to_contain_text("partik.csv, 3. sor")
    assert problems == []
    assert violations(page) == []
    context.close()
