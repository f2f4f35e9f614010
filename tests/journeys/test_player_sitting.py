"""A player's free-games sitting, end to end on phones in Hungarian (R15): the
player records an Emperor's Tarokk sitting from their page, names a table-mate
wrongly first (refused at the field, fixed from the list), the table-mate confirms
it on their own phone, and the sitting shows, confirmed, on the officials' desk and
on the player's page. Each step reads the stored sitting back."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.journeys.browsing import DESKTOP, PHONE, Watched, hu
from tests.journeys.federations import (
    DEMO_PASSWORD,
    OFFICIAL,
    PASSWORD,
    PLAYER,
    TABLEMATE,
    free_games_table,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVENT = "Kisfaludy-est"
# Who sat at the table, as the player types them, and their points.
TYPED = (
    ("Kiss Dóra (H20002)", 40),
    ("Varga Eszter (H20003)", -160),
)
MISTAKE = "Kis Dóra"  # no such player: refused at the field, then chosen


def _stored() -> dict[str, object]:
    from competitions.models import VariantSitting

    sitting = VariantSitting.objects.select_related("recorded_by", "confirmed_by").get()
    return {
        "pk": sitting.pk,
        "variant": sitting.variant,
        "date": sitting.date,
        "event": sitting.event,
        "status": sitting.status,
        "recorded_by": sitting.recorded_by.get_username(),
        "confirmed_by": (
            sitting.confirmed_by.get_username() if sitting.confirmed_by else ""
        ),
        "results": {
            row.player.name: row.points
            for row in sitting.results.select_related("player")
        },
    }


def test_a_players_sitting_recorded_on_a_phone_and_confirmed_by_a_table_mate_R15(
    live_server, browser
):
    ids = free_games_table()
    today = timezone.localdate()
    phones = [browser.new_context(**PHONE) for _ in range(2)]
    desk = browser.new_context(**DESKTOP)
    try:
        player = Watched(phones[0], live_server.url)
        player.sign_in(PLAYER, DEMO_PASSWORD)
        page = player.go("/free-games/mine/")
        player.submit(page.locator("main a[href='/free-games/sittings/new/']"))
        page.select_option("#id_variant", "emperor")
        expect(page.locator("#id_date")).to_have_value(today.isoformat())
        page.fill("#id_event", EVENT)
        expect(page.locator("#id_player_1")).to_have_value("Szabó Edit (H20001)")
        page.fill("#id_points_1", "120")
        page.fill("#id_player_2", MISTAKE)
        page.fill("#id_points_2", str(TYPED[0][1]))
        page.fill("#id_player_3", TYPED[1][0])
        page.fill("#id_points_3", str(TYPED[1][1]))
        save = page.get_by_role("button", name=hu("Record the sitting"))
        player.submit(save)
        # Refused: said at the player's field, nothing stored, what was typed kept.
        expect(page.locator("#div_id_player_2")).to_contain_text(MISTAKE)
        expect(page.locator("#div_id_player_2 .invalid-feedback")).to_be_visible()
        expect(page.locator("#id_player_2")).to_be_focused()  # the first problem
        expect(page.locator("#id_points_3")).to_have_value(str(TYPED[1][1]))
        from competitions.models import VariantSitting

        assert not VariantSitting.objects.exists()
        page.fill("#id_player_2", TYPED[0][0])
        player.submit(page.get_by_role("button", name=hu("Record the sitting")))
        expect(page.locator(".alert-success")).to_be_visible()
        stored = _stored()
        assert stored == {
            "pk": stored["pk"],
            "variant": "emperor",
            "date": today,
            "event": EVENT,
            "status": "pending",
            "recorded_by": PLAYER,
            "confirmed_by": "",
            "results": {"Szabó Edit": 120, "Kiss Dóra": 40, "Varga Eszter": -160},
        }

        # The table-mate confirms it on their own phone.
        mate = Watched(phones[1], live_server.url)
        mate.sign_in(TABLEMATE, DEMO_PASSWORD)
        page = mate.go("/free-games/mine/")
        waiting = page.locator("section[aria-labelledby=confirm-title]")
        item = waiting.locator(".sitting-item").filter(has_text=EVENT)
        expect(item).to_contain_text("Szabó Edit")
        expect(item.locator(".points").first).to_have_text("120")
        mate.submit(item.get_by_role("button", name=hu("Confirm")))
        expect(page.locator(".alert-success")).to_contain_text(
            hu("The sitting is confirmed: it counts now.")
        )
        stored = _stored()
        assert (stored["status"], stored["confirmed_by"]) == ("confirmed", TABLEMATE)
        assert stored["results"] == {
            "Szabó Edit": 120,
            "Kiss Dóra": 40,
            "Varga Eszter": -160,
        }

        # On the officials' desk, confirmed, with the points typed.
        official = Watched(desk, live_server.url)
        official.sign_in(OFFICIAL, PASSWORD)
        page = official.go("/officials/free-games/")
        year = page.locator("section[aria-labelledby=year-title]")
        row = year.locator(
            f".sitting-item:has(a[href='/officials/free-games/sittings/{stored['pk']}/'])"
        )
        expect(row).to_contain_text(hu("confirmed"))
        expect(row.locator(".sitting-results li")).to_have_text(
            ["Szabó Edit 120", "Kiss Dóra 40", "Varga Eszter -160"]
        )
        # On the player's page (the player opens it from their free games).
        page = player.go("/free-games/mine/")
        player.submit(
            page.locator(f"main a[href='/players/{ids['players']['Szabó Edit']}/']")
        )
        expect(page.locator("main")).to_contain_text(hu("Emperor Tarokk"))
        expect(page.locator("main")).to_contain_text("120")
        for watched in (player, mate, official):
            assert watched.problems == [], watched.problems
    finally:
        for context in (*phones, desk):
            context.close()
