"""The officials' workspace on a phone in headless Chromium: the folded menu reaches
the pages, a player is registered, a taken federation number and a roster change
against a played match are refused on the page, and nothing is wider than the
screen."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Browser, expect

from competitions.models import Match, Player
from tarokk_admin.core.roles import Role
from tests.browser.test_free_games import fits_the_screen, phone
from tests.factories import PlayerFactory, UserFactory, ready_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_r15_an_official_runs_the_people_of_the_season_on_a_phone(
    live_server, browser: Browser
):
    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    UserFactory(username="olga", roles=[Role.OFFICIAL])
    match = ready_match()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETED)
    PlayerFactory(name="Gödöllői Béla", federation_number="H900")
    base = live_server.url
    page = phone(browser, base, "olga")

    page.goto(f"{base}/officials/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Officials' workspace")
    fits_the_screen(page)
    page.locator("details.officials-menu-fold summary").click()
    page.locator("details.officials-menu-fold").get_by_role(
        "link", name="Players"
    ).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Players")

    page.fill("#id_new-name", "Győri Anna")
    page.fill("#id_new-federation_number", "h900")
    page.get_by_role("button", name="Register").click()
    expect(page.locator(".invalid-feedback")).to_contain_text("already Gödöllői Béla")
    fits_the_screen(page)
    page.fill("#id_new-federation_number", "H901")
    page.get_by_role("button", name="Register").click()
    expect(page.get_by_role("alert")).to_contain_text("Győri Anna (H901) is registered")
    names = page.locator("main .list-group-item a")
    expect(names.first).to_have_text("Gödöllői Béla")
    assert Player.objects.filter(federation_number="H901").exists()

    season = match.competition.season
    page.goto(f"{base}/officials/teams/{season.year}/{match.team_a.pk}/")
    page.select_option("#id_place-role", "driver")
    page.fill("#id_place-player", "Győri Anna (H901)")
    page.get_by_role("button", name="Save the place").click()
    expect(page.locator("main")).to_contain_text(match.team_b.name)
    expect(page.locator("main")).to_contain_text("would contradict")
    fits_the_screen(page)
