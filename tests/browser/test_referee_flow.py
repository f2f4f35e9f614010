"""A referee enters a whole match at the table through the form:
logs in, opens the assigned match, enters 8 hands (one refused with its error on the
field, then fixed), completes the match and sees the match points (R11)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from competitions.selectors.matches import match_as_record
from scoring.engine import score_match_record
from scoring.models import Hand
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match


def _facts(page, trumps: str, honours: str, middle: list[int]) -> None:
    """The attack's facts; the defence's follow from them (R5)."""
    page.fill("#id_attack_trumps", trumps)
    page.fill("#id_attack_honours", honours)
    for i in middle:
        page.click(f"label[for=id_attack_middle_{i}]")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_referee_enters_a_whole_match_and_sees_the_match_points(live_server, page):
    # A transactional test before this one (same worker) flushed the role groups.
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    page.set_default_timeout(15_000)

    page.goto(f"{live_server.url}/accounts/login/?next=/referee/")
    page.fill("input[name=username]", "jatekvezeto")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Your matches")
    page.click(f"a[href='/referee/matches/{match.pk}/']")
    page.click(f"a[href='/referee/matches/{match.pk}/hands/1/']")

    for number in range(1, 9):
        expect(page.locator("h1")).to_have_text(f"Hand {number}")
        attack = match.team_a if number % 2 else match.team_b
        expect(page.locator(".attack-line strong")).to_have_text(attack.name)  # R3
        if number == 1:
            # R5: 6-16 trumps; the live preview puts the error on the field.
            _facts(page, "20", "1", [0])
            expect(page.locator("#err-attack_trumps")).to_contain_text(
                "trumps must be between 6 and 16; got 20."
            )
            with page.expect_navigation():
                page.click("button[value=save]")  # refused: nothing stored
            expect(page.locator("#err-attack_trumps")).to_contain_text("got 20")
            assert not Hand.objects.filter(match=match).exists()
            expect(page.locator("h1")).to_have_text("Hand 1")
            page.fill("#id_attack_trumps", "12")
        else:
            _facts(page, "12", "1", [0])
        expect(page.locator("#defence-facts")).to_contain_text("10 trumps")
        if number == 2:
            # An announcement picked with the feast picker (R6): cash made.
            page.fill("#id_tricks", "7")
            page.fill("#id_announcements-0-feast-search", "kassza")
            page.click("#id_announcements-0-feast-opt-cash")
            expect(page.locator("#id_announcements-0-feast")).to_have_value("cash")
            page.click("label[for=id_announcements-0-announcer_0]")
            page.click("label[for=id_announcements-0-made_0]")
        expect(page.locator(".verdict-ok")).to_be_visible()
        with page.expect_navigation():
            page.click("button[value=save]")

    expect(page.locator("h1")).to_have_text(
        f"{match.team_a.name} – {match.team_b.name}"
    )
    page.click("text=Complete match")  # the summary first, then the confirmation
    page.click("text=Yes, complete the match")
    expect(page.locator(".alert-success")).to_contain_text("The match is completed.")
    points = score_match_record(match_as_record(match))["teams"]
    for team in match.teams:
        expect(page.locator(".results")).to_contain_text(team.name)
        expect(page.locator(".results")).to_contain_text(
            str(points[team.name]["points"])
        )
