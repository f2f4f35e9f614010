"""The roll of honour in Hungarian on a phone (390×844; issues 22, 23): a visitor
opens the roll from the menu, reads a year's champion, downloads the year's A4
PDF (the champion's name in its text); an official marks the champion's honour
presented on the year's page, and the stored mark is read back."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from django.db import transaction
from playwright.sync_api import Browser, expect

from competitions.models import Honour, HonourPresentation
from competitions.selectors.honours import honour_key
from competitions.services.archive_honours import honours_archive_store
from tarokk_admin.core.roles import Role
from tarokk_admin.core.sheets import sheet_read
from tests.factories import PlayerFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HONOURS = (
    "év;verseny;esemény;helyezés;csapat;játékos;pont\n"
    "2024;csapatbajnokság;;1;Soproni Hűség;;44\n"
    "2024;csapatbajnokság;;2;Egri Dobó;;40\n"
    "2024;kupa;;1;Győri Rába;;\n"
    "2024;kupa;;2;Pécsi Mecsek;;\n"
    "2024;szabad játékok;Illusztrált tarokk;1;;H10001;70\n"
    "2019;kupa;;1;Kisfaludy Kör Budapest;;\n"
)


def _import(official) -> None:
    sheet = sheet_read(HONOURS.encode(), source="dicsosegtabla.csv")
    with transaction.atomic():
        outcome = honours_archive_store(sheet, user=official)
    assert outcome.ok, outcome.problems
    assert Honour.objects.count() == 6


def test_the_roll_in_hungarian_on_a_phone_pdf_and_presented(
    live_server, browser: Browser, tmp_path
):
    PlayerFactory(name="Kovács Éva", federation_number="H10001")
    official = UserFactory(username="foti", roles=[Role.OFFICIAL])
    _import(official)
    context = browser.new_context(
        locale="hu-HU",
        extra_http_headers={"Accept-Language": "hu"},
        viewport={"width": 390, "height": 844},
        accept_downloads=True,
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on(
        "console",
        lambda m: problems.append(m.text) if m.type == "error" else None,
    )

    # A visitor: the menu, the roll of every year, the year's page.
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="A menü megjelenítése vagy elrejtése").click()
    menu = page.get_by_role("navigation", name="Főmenü")
    menu.get_by_role("link", name="Dicsőségtábla", exact=True).click()
    expect(page.locator("h1")).to_have_text("Dicsőségtábla")
    expect(page.locator("#year-2019")).to_be_visible()
    page.get_by_role("link", name="2024", exact=True).click()
    expect(page.locator("h1")).to_have_text("Dicsőségtábla 2024")
    expect(page.get_by_role("heading", name="Csapatbajnokság")).to_be_visible()
    expect(page.get_by_text("Soproni Hűség")).to_be_visible()
    expect(page.get_by_text("Döntős")).to_be_visible()
    expect(page.get_by_role("button", name="Átadottnak jelölöm")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # The year's PDF: a PDF, in Hungarian, with the champion's name in its text.
    with page.expect_download() as download_info:
        page.get_by_role("link", name="PDF letöltése (A4)").click()
    path = tmp_path / "roll.pdf"
    download_info.value.save_as(path)
    assert path.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert "Soproni Hűség" in text
        assert "Dicsőségtábla 2024" in text
        assert "Kovács Éva" in text

    # An official marks the champion's honour presented.
    page.goto(f"{live_server.url}/accounts/login/?next=/honours/2024/")
    page.fill("input[name=username]", "foti")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Dicsőségtábla 2024")
    key = honour_key(2024, "championship", "", 1, "Soproni Hűség")
    row = page.locator(f"tr[data-honour='{key}']")
    row.get_by_role("button", name="Átadottnak jelölöm").click()
    expect(page.get_by_text("A dicsőségtábla frissült.")).to_be_visible()
    expect(row.locator("[data-presented]")).to_contain_text("átadva (foti")
    assert problems == []

    mark = HonourPresentation.objects.get()
    assert (mark.year, mark.key, mark.presented) == (2024, key, True)
    assert mark.presented_by == official
    assert (mark.competition, mark.label) == ("championship", "1. Soproni Hűség")
    context.close()
