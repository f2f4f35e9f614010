"""An official brings in the trophy list's past in Hungarian at 1366×768 (HAND_RECORD.md
"Archive files", R14): uploads a trophies file with one bad row, reads the problem
with its line and column, fixes the file, uploads it again, reads what will be
stored, confirms, and finds the player's new cup on the trophy list."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Browser, expect

from tarokk_admin.core.roles import Role
from tests.browser.test_accessibility import _axe as axe_violations
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS, violations
from tests.factories import PlayerFactory, UserFactory
from trophies.models import TrophyAward, TrophyCup

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADER = "dátum;játékos;trófea;partner;esemény;pont\n"
BAD = HEADER + (
    "2012.03.04.;H10001;Golgota;Nagy Béla;Őszi kupa 2012;130\n"
    "2013-05-06;kovacs eva;Aranyeső;;Évzáró 2013;\n"
)
GOOD = BAD.replace("Aranyeső", "Royal")


def test_an_official_imports_the_trophy_archive_in_hungarian(
    live_server, browser: Browser
):
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    eva = PlayerFactory(name="Kovács Éva", federation_number="H10001")
    PlayerFactory(name="Nagy Béla", federation_number="H10002")
    UserFactory(username="foti", roles=[Role.OFFICIAL])
    context = browser.new_context(
        locale="hu-HU",
        extra_http_headers={"Accept-Language": "hu"},
        viewport={"width": 1366, "height": 768},
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.add_init_script(RECORD_VIOLATIONS)
    problems: list[str] = []

    def console(message) -> None:
        # A refused form answers 400 (the project's rule for every refused form),
        # which Chromium reports as a failed load: that one is expected.
        refused = "status of 400" in message.text and message.location.get(
            "url", ""
        ).endswith("/officials/import/archive/")
        if message.type == "error" and not refused:
            problems.append(message.text)

    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))

    page.goto(f"{live_server.url}/accounts/login/?next=/officials/import/archive/")
    page.fill("input[name=username]", "foti")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Importálás a szövetség archívumából")

    # A file with one bad row: refused whole, the problem named by line and column.
    page.get_by_label("Trófealista").check()
    page.set_input_files(
        "input[type=file]",
        {"name": "trofeak.csv", "mimeType": "text/csv", "buffer": BAD.encode()},
    )
    page.get_by_role("button", name="A fájl ellenőrzése").click()
    errors = page.locator("[data-testid=archive-errors] li")
    expect(errors).to_have_count(1)
    expect(errors.first).to_contain_text("3. sor, trófea oszlop:")
    expect(errors.first).to_contain_text("Aranyeső nem a katalógus trófeája")
    assert not TrophyAward.objects.exists()
    assert axe_violations(page) == []

    # The corrected file: what will be stored, then stored once confirmed.
    page.get_by_label("Trófealista").check()
    page.set_input_files(
        "input[type=file]",
        {"name": "trofeak.csv", "mimeType": "text/csv", "buffer": GOOD.encode()},
    )
    page.get_by_role("button", name="A fájl ellenőrzése").click()
    preview = page.locator("[data-testid=archive-preview]")
    expect(preview).to_contain_text("A fájlban 2 sor van: 2 trófea kerül tárolásra")
    expect(preview).to_contain_text("Kovács Éva (H10001)")
    expect(preview).to_contain_text("Őszi kupa 2012")
    assert not TrophyAward.objects.exists()  # nothing before the confirmation
    assert axe_violations(page) == []
    page.get_by_role("button", name="2 trófea tárolása").click()
    expect(page.locator(".alert-success").first).to_contain_text("Tárolva: 2 trófea.")

    awards = TrophyAward.objects.filter(player=eva, source="archive").order_by("date")
    assert [(a.feast, a.value, a.event) for a in awards] == [
        ("golgotha", 130, "Őszi kupa 2012"),
        ("royal", 200, "Évzáró 2013"),
    ]
    assert list(
        TrophyCup.objects.filter(player=eva).values_list("threshold", "date")
    ) == [(100, awards[0].date), (250, awards[1].date)]

    # The trophy list shows the player's new cups; the player's page the archive.
    page.goto(f"{live_server.url}/trophies/?q=kovacs")
    row = page.locator("table.trophy-ranking tbody tr", has_text="Kovács Éva")
    expect(row).to_contain_text("330")
    expect(row.locator(".trophy-cup")).to_have_text(["100", "250"])
    row.get_by_role("link", name="Kovács Éva").click()
    expect(page.locator("table.trophy-awards")).to_contain_text("Archívum")
    expect(page.locator("table.trophy-awards")).to_contain_text("Évzáró 2013")

    # The officials' page of the archive's trophies, and one award's page.
    page.goto(f"{live_server.url}/officials/trophies/archive/")
    expect(page.locator("[data-testid=archive-awards] tbody tr")).to_have_count(2)
    assert axe_violations(page) == []
    page.get_by_role("link", name="Javítás vagy levétel").first.click()
    expect(page.locator("h1")).to_contain_text("Kovács Éva")
    assert axe_violations(page) == []

    assert problems == []
    assert violations(page) == []
    context.close()
