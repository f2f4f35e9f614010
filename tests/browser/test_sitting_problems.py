"""The sitting form on a phone, in Hungarian (issue 20): four mistakes took three
tries. Every problem is listed at once on top, each at its field, the first field
focused; corrected, the sitting is stored as typed (read back)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, expect

from competitions.models import VariantSitting
from tests.browser.test_captain_match import PHONE, hungarian_phone
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_every_problem_at_once_then_stored_as_typed(live_server, browser: Browser):
    today = timezone.localdate()
    SeasonFactory(year=today.year)
    eva = PlayerFactory(name="Kovács Éva", user=UserFactory(username="eva"))
    bela = PlayerFactory(name="Nagy Béla")
    cili = PlayerFactory(name="Ács Cili")
    base = live_server.url

    page = hungarian_phone(browser, base, "eva")
    page.goto(f"{base}/free-games/sittings/new/")
    # Four mistakes: a training game without its name, a day in the future, the
    # second player without points, a third player nobody knows.
    page.select_option("#id_variant", "training")
    page.fill("#id_date", (today + dt.timedelta(days=3)).isoformat())
    page.fill("#id_points_1", "30")
    page.fill("#id_player_2", f"Nagy Béla ({bela.federation_number})")
    page.fill("#id_player_3", "Senki Sem")
    page.fill("#id_points_3", "-30")
    with page.expect_navigation():
        page.get_by_role("button", name="A parti rögzítése").click()

    problems = page.locator("#form-problems li")
    expect(problems).to_have_count(4)
    for field in ("date", "name", "points_2", "player_3"):
        expect(page.locator(f"#id_{field}")).to_have_class(
            re.compile(r"\bis-invalid\b")
        )
    expect(page.locator("#id_date")).to_be_focused()  # the first field at fault
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not VariantSitting.objects.exists()

    # All four corrected in one go.
    page.fill("#id_name", "Hármas")
    page.fill("#id_date", today.isoformat())
    page.fill("#id_points_2", "10")
    page.fill("#id_player_3", f"Ács Cili ({cili.federation_number})")
    page.fill("#id_points_3", "-40")
    with page.expect_navigation():
        page.get_by_role("button", name="A parti rögzítése").click()
    expect(page.locator("#form-problems")).to_have_count(0)
    sitting = VariantSitting.objects.get()
    assert (sitting.variant, sitting.name, sitting.date) == (
        "training",
        "Hármas",
        today,
    )
    assert sorted(sitting.results.values_list("player__name", "points")) == sorted(
        [(eva.name, 30), (bela.name, 10), (cili.name, -40)]
    )
    assert page.errors == []  # type: ignore[attr-defined]
