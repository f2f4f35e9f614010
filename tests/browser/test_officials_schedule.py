"""An official runs the schedule in a real browser without opening /admin/:
schedules from a fixtures file (a refused file first, every problem listed), moves a
match, voids another with a reason and resolves a dispute (R15)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import expect

from competitions.models import Match, MatchResult
from competitions.services.matches import match_complete
from competitions.services.results import result_answer
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import (
    UserFactory,
    captain_of,
    pool_referee,
    ready_match,
    sheet,
    team_with_roster,
)

GOOD = (
    "date,time,team_a,team_b,venue,public,referee\n"
    "2026-05-02,18:00,Győri Huszárok,Váci Tarokk,Győr,yes,biro\n"
    "2026-05-09,,Váci Tarokk,Pécsi Skíz,,no,\n"
)
BAD = "date,team_a,team_b\n2026-13-01,Győri Huszárok,Nobody\n"


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_an_official_schedules_moves_voids_and_resolves_without_the_admin(
    live_server, page
):
    for role in Role:
        Group.objects.get_or_create(name=role.value)
    disputed = ready_match()
    season = disputed.competition.season
    for name in ("Győri Huszárok", "Váci Tarokk", "Pécsi Skíz"):
        team_with_roster(season, name=name)
    pool_referee(season, username="biro")
    for number in range(1, 9):
        hand_save(
            match=disputed, number=number, record=sheet(number), user=disputed.referee
        )
    match_complete(match=disputed, user=disputed.referee)
    result_answer(
        match=disputed,
        team=disputed.team_b,
        user=captain_of(disputed.team_b, season),
        confirm=False,
        note="Hand 5 is wrong",
    )
    UserFactory(username="foti", roles=[Role.OFFICIAL])
    page.set_default_timeout(15_000)
    page.set_viewport_size({"width": 390, "height": 844})

    page.goto(f"{live_server.url}/accounts/login/?next=/officials/schedule/")
    page.fill("input[name=username]", "foti")
    page.fill("input[name=password]", "secret-pass")
    page.click("main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Schedule")

    # The fixtures file, on the competition's page: refused whole, then accepted.
    page.click(f"a[href='/officials/competitions/{disputed.competition_id}/']")
    page.set_input_files(
        "input[type=file]",
        {"name": "bad.csv", "mimeType": "text/csv", "buffer": BAD.encode()},
    )
    page.click("text=Schedule the file's matches")
    errors = page.locator("[data-testid=fixture-errors] li")
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_contain_text("line 2, column date")
    expect(errors.nth(1)).to_contain_text("line 2, column team_b")
    page.set_input_files(
        "input[type=file]",
        {"name": "good.csv", "mimeType": "text/csv", "buffer": GOOD.encode()},
    )
    page.click("text=Schedule the file's matches")
    expect(page.locator(".alert-success")).to_contain_text("2 matches scheduled.")
    assert Match.objects.filter(date__month=5).count() == 2

    # Move the first, void the second.
    page.click("text=Győri Huszárok – Váci Tarokk")
    page.fill("#id_move_date", "2026-05-03")
    page.click("text=Move the match")
    expect(page.locator(".alert-success")).to_contain_text("The match is moved.")
    page.goto(f"{live_server.url}/officials/schedule/?date_from=2026-05-01")
    page.click("text=Váci Tarokk – Pécsi Skíz")
    page.click("text=Void the match")  # no reason: refused on the field
    expect(page.locator("#id_void_reason")).to_have_class(re.compile("is-invalid"))
    page.fill("#id_void_reason", "Double booking")
    page.click("text=Void the match")
    expect(page.locator("[data-testid=match-status]")).to_have_text("void")
    expect(page.locator("body")).to_contain_text("Double booking")
    moved = Match.objects.get(team_a__name="Győri Huszárok")
    assert moved.date.isoformat() == "2026-05-03"

    # The dispute: its note on the list, resolved with a note for both teams.
    page.goto(f"{live_server.url}/officials/disputes/")
    expect(page.locator("[data-testid=dispute]")).to_contain_text("Hand 5 is wrong")
    page.fill(f"#note-{disputed.pk}", "Checked the sheets: the result stands.")
    page.click("button:has-text('Resolve the dispute')")
    expect(page.locator(".alert-success")).to_contain_text("resolved for both teams")
    expect(page.locator("body")).to_contain_text("No open disputes.")
    assert set(
        MatchResult.objects.filter(match=disputed).values_list("answer", flat=True)
    ) == {MatchResult.Answer.RESOLVED}
    assert "/admin/" not in page.url
