"""The end of the year in Hungarian on a phone (R15, issue 22): an official closes
the championship — first refused with the open match listed, then, after voiding
it, closed — records the annual meeting, and then a correction (a void) of that
year is refused with a message naming the meeting. The stored records are read
back and compared with what was typed."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Browser, Page, expect

from competitions.models import AnnualMeeting, Closing, Match
from tarokk_admin.core.roles import Role
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_free_games import PHONE, fits_the_screen
from tests.competitions.kit import completed
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    team_with_roster,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VOID_REASON = "Nem játszották le az év végéig."
NOTE = "Budapest, Tarokk Ház"


def hungarian_phone(browser: Browser, base: str, problems: list[str]) -> Page:
    context = browser.new_context(
        viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"}
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.add_init_script(RECORD_VIOLATIONS)
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "olga")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    return page


def test_r15_an_official_closes_the_year_and_the_meeting_makes_it_final(
    live_server, browser: Browser
):
    for role in Role:  # a transactional test flushes the migration's groups
        Group.objects.get_or_create(name=role.value)
    olga = UserFactory(username="olga", roles=[Role.OFFICIAL])
    season = SeasonFactory(year=2025)
    champ = CompetitionFactory(season=season)
    alfa, beta, gamma = (
        team_with_roster(season, name=n) for n in ("Alfa", "Béta", "Gamma")
    )
    played = completed(champ, alfa, beta, 60, 40, day=1)
    completed(champ, beta, gamma, 50, 30, day=2)
    unplayed = MatchFactory(competition=champ, team_a=alfa, team_b=gamma)
    base = live_server.url
    problems: list[str] = []
    page = hungarian_phone(browser, base, problems)

    # Closing is refused while a match is open: the page names it, linked.
    page.goto(f"{base}/officials/seasons/2025/")
    closing = page.locator(f"#closing-{champ.pk}")
    expect(closing).to_contain_text("1 mérkőzés még nyitott")
    closing.get_by_role("button").click()
    expect(page.get_by_role("alert")).to_contain_text("még nem zárható le")
    fits_the_screen(page)
    assert not Closing.objects.exists()

    # The open match is voided on its page, reached from the list.
    page.locator(f"#closing-{champ.pk} a").first.click()
    expect(page).to_have_url(f"{base}/officials/schedule/matches/{unplayed.pk}/")
    page.fill("#id_void_reason", VOID_REASON)
    page.locator("form:has(input[value=void]) button[type=submit]").click()
    expect(page.get_by_role("alert")).to_be_visible()

    # Now it closes, and the public page names the champion.
    page.goto(f"{base}/officials/seasons/2025/")
    expect(page.locator(f"#closing-{champ.pk}")).not_to_contain_text("nyitott")
    page.locator(f"#closing-{champ.pk}").get_by_role("button").click()
    expect(page.locator(f"#closing-{champ.pk}")).to_contain_text("lezárva")
    page.goto(f"{base}/championship/2025/")
    expect(page.locator("[data-closed]")).to_contain_text("Bajnok: Béta")
    fits_the_screen(page)

    # The annual meeting approves the year.
    page.goto(f"{base}/officials/seasons/2025/")
    page.locator("a[href='/officials/seasons/2025/annual-meeting/']").click()
    page.fill("#id_meeting-date", "2026-01-17")
    page.fill("#id_meeting-note", NOTE)
    page.locator("main form button[type=submit]").click()
    expect(page.locator("[data-meeting]")).to_contain_text("2026.01.17.")
    expect(page.locator("[data-approves]")).to_contain_text("jóváhagyva")
    fits_the_screen(page)

    # A correction of that year is refused, naming the meeting.
    page.goto(f"{base}/officials/schedule/matches/{played.pk}/")
    page.fill("#id_void_reason", "Elírás a jegyzőkönyvben.")
    page.locator("form:has(input[value=void]) button[type=submit]").click()
    expect(page.locator("main")).to_contain_text("2026.01.17.")
    expect(page.locator("main")).to_contain_text("véglegesek")
    fits_the_screen(page)

    # The records, read back.
    unplayed.refresh_from_db()
    assert unplayed.status == Match.Status.VOID
    assert unplayed.history.first().history_change_reason == VOID_REASON
    kept = Closing.objects.get()
    assert (kept.competition, kept.closed_by) == (champ, olga)
    assert [(r.place, r.team_name, r.points) for r in kept.rows.all()] == [
        (1, "Béta", 90),
        (2, "Alfa", 60),
        (3, "Gamma", 30),
    ]
    meeting = AnnualMeeting.objects.get()
    assert (meeting.year, meeting.date, meeting.note, meeting.recorded_by) == (
        2025,
        dt.date(2026, 1, 17),
        NOTE,
        olga,
    )
    assert list(meeting.closings.all()) == [kept]
    played.refresh_from_db()
    assert played.status == Match.Status.COMPLETED
    # The refused void answers 400 (the form with its refusal): nothing else.
    assert [p for p in problems if "status of 400" not in p] == []
