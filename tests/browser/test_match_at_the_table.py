"""The match page on a phone (390×844): staff land on their work page after login;
set-up (line-ups, the cut) comes first; a refused line-up or upload lists its
problems at the top of the viewport and focuses the first field at fault; the match
is completed through its summary and accepted at the table by a team's captain
signing in on the referee's device."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from competitions.models import Lineup, MatchResult
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, captain_of, ready_match, sheet

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def referee():
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    return UserFactory(username="jatekvezeto", roles=[Role.REFEREE])


def log_in(page: Page, live_server, username: str) -> None:
    page.set_viewport_size(PHONE)
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")


def test_set_up_first_and_a_refused_line_up_is_listed_on_top_with_focus(
    live_server, page: Page, referee
):
    match = ready_match(referee=referee)
    Lineup.objects.filter(match=match).delete()
    match.first_attack = None
    match.save()
    log_in(page, live_server, "jatekvezeto")
    expect(page.locator("h1")).to_have_text("Your matches")  # the work page
    page.click(f"a[href='/referee/matches/{match.pk}/']")
    # Set-up first: the first line-up form is on the first screen, above the sheet.
    expect(page.locator(".setup-first .lineup-form").first).to_be_in_viewport()
    team = match.team_a
    form = page.locator(f"form[action$='/lineup/{team.pk}/']").first
    with page.expect_navigation():
        form.locator("button[type=submit]").click()  # nothing chosen: refused
    expect(page.locator("#form-problems")).to_contain_text("Driver")
    expect(page.locator("#form-problems")).to_be_in_viewport()
    expect(page.locator(f"#id_lineup{team.pk}-driver")).to_be_focused()
    # The problem's link leads to its field.
    expect(page.locator("#form-problems a").first).to_have_attribute(
        "href", f"#id_lineup{team.pk}-driver"
    )


def test_a_refused_upload_is_listed_on_top_with_the_file_field_focused(
    live_server, page: Page, referee
):
    match = ready_match(referee=referee)
    log_in(page, live_server, "jatekvezeto")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/")
    assert not page.locator(".setup-first").count()  # set up: the sheet first
    page.click("summary:has-text('Upload a match record')")
    page.fill("textarea[name=text]", '{"format": "royal-tarokk-match/1"}')
    with page.expect_navigation():
        page.click(".upload-form button[type=submit]")
    expect(page.locator("#form-problems")).to_be_visible()
    expect(page.locator("#form-problems")).to_be_in_viewport()
    expect(page.locator("#id_file")).to_be_focused()
    assert page.evaluate("window.scrollY") < 200


def test_complete_through_the_summary_and_accept_at_the_table(
    live_server, page: Page, referee
):
    match = ready_match(referee=referee)
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    captain = UserFactory(username="kapitany", roles=[Role.TEAM_CAPTAIN])
    captain_of(match.team_a, match.competition.season_id, captain)
    log_in(page, live_server, "jatekvezeto")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/")
    page.click("text=Complete match")
    expect(page.locator("h1")).to_have_text("Complete the match")
    expect(page.locator(".summary-points")).to_have_count(2)
    page.click("text=Yes, complete the match")
    expect(page.locator(".alert-success")).to_contain_text("The match is completed.")

    form = page.locator(f"form[action$='/accept/{match.team_a_id}/']")
    form.locator("input[name$='-username']").fill("kapitany")
    form.locator("input[name$='-password']").fill("wrong-pass")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    expect(
        page.locator(".accept-form .alert-danger, .accept-form .invalid-feedback").first
    ).to_be_visible()
    form = page.locator(f"form[action$='/accept/{match.team_a_id}/']")
    form.locator("input[name$='-username']").fill("kapitany")
    form.locator("input[name$='-password']").fill("secret-pass")
    with page.expect_navigation():
        form.locator("button[type=submit]").click()
    expect(page.locator(".alert-success")).to_contain_text(
        f"{match.team_a.name} accepted the result"
    )
    row = MatchResult.objects.get(match=match, team=match.team_a)
    assert row.answer == MatchResult.Answer.CONFIRMED
    assert row.answered_by == captain
    # Still the referee's session: the referee's list opens.
    page.goto(f"{live_server.url}/referee/")
    expect(page.locator("h1")).to_have_text("Your matches")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
