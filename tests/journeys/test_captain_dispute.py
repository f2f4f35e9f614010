"""A captain's dispute, end to end through the pages (R15): the captain disputes a
completed result with a note on a phone; the official corrects the hand the note
names, with a reason, ticking "resolve the dispute" (saved first without a reason:
refused, the reason field focused); the captain sees the dispute resolved and
confirms; the match's history shows who, when and why. Each step ends by reading
the stored records back and comparing them with what was typed."""

from __future__ import annotations

import copy

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.journeys.browsing import DESKTOP, PHONE, Watched, hu
from tests.journeys.federations import OFFICIAL, OFFICIAL_NAME, completed_match
from tests.journeys.plan import HANDS, expected_record
from tests.journeys.referee import toggle_to
from tests.journeys.seeding import CAPTAIN, PASSWORD, REFEREE, TEAMS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAM_A, TEAM_B = TEAMS["a"][0], TEAMS["b"][0]
HAND = 7  # its 5th announcement: team A's driver's amazon, stored as failed
ROW = 4
NOTE = "7. leosztás: az amazont Kiss Anna teljesítette, a lapon bukottként szerepel."
REASON = "A 7. leosztás amazonja teljesült (Kiss Anna); a kapitány kifogása helytálló."


def _results(match: int) -> dict[str, dict[str, object]]:
    from competitions.models import MatchResult

    return {
        row.team.name: {
            "answer": row.answer,
            "note": row.answer_note,
            "by": row.answered_by.get_username() if row.answered_by else "",
            "resolution": row.resolution_note,
            "resolved_by": row.resolved_by.get_username() if row.resolved_by else "",
            "total": row.total,
        }
        for row in MatchResult.objects.filter(match_id=match).select_related(
            "team", "answered_by", "resolved_by"
        )
    }


def _open_match(captain: Watched, match: int):
    """From the captain's page to the match's own page, as the captain taps it."""
    page = captain.go("/captain/")
    captain.submit(page.locator(f"main a[href='/captain/matches/{match}/']").first)
    expect(page).to_have_url(f"{captain.base}/captain/matches/{match}/")
    return page


def _result(page, team: str):
    return page.locator(f".captain-result[aria-label='{team}']")


def test_a_captains_dispute_resolved_by_a_correction_and_confirmed_R15(
    live_server, browser
):
    ids = completed_match()
    match = ids["match"]
    phone = browser.new_context(**PHONE)
    desk = browser.new_context(**DESKTOP)
    try:
        captain = Watched(phone, live_server.url)
        captain.sign_in(CAPTAIN, PASSWORD)
        page = _open_match(captain, match)
        # The captain checks the hand as the referee entered it: the amazon of
        # their driver, stored as failed; on the phone, without sideways scrolling.
        hand = page.locator(f"section.captain-hand[aria-labelledby=hand-{HAND}]")
        amazon = hand.locator("li.announcement").filter(has_text="Amazon")
        expect(amazon).to_contain_text("Kiss Anna")
        expect(amazon).to_contain_text(hu("failed"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        form = _result(page, TEAM_A).locator("form.captain-answer")
        form.locator("textarea[name=note]").fill(NOTE)
        captain.submit(form.get_by_role("button", name=hu("Dispute")))
        expect(page.locator(".alert-success")).to_be_visible()
        expect(_result(page, TEAM_A).locator(".answer")).to_have_text(hu("disputed"))
        stored = _results(match)
        assert stored[TEAM_A]["answer"] == "disputed"
        assert (stored[TEAM_A]["note"], stored[TEAM_A]["by"]) == (NOTE, CAPTAIN)

        official = Watched(desk, live_server.url)
        official.sign_in(OFFICIAL, PASSWORD)
        page = official.go("/officials/")
        official.submit(
            page.locator("main a[href='/officials/disputes/']:visible").first
        )
        dispute = page.locator("[data-testid=dispute]")
        expect(dispute).to_contain_text(NOTE)
        official.submit(dispute.locator(f"a[href='/referee/matches/{match}/']").last)
        official.submit(
            page.locator(f"a[href='/referee/matches/{match}/hands/{HAND}/']")
        )
        expect(page.locator("h1")).to_have_text(hu("Hand %(n)s", n=HAND))
        row = page.locator(f"[data-prefix=announcements-{ROW}]")
        expect(row.locator(f"#id_announcements-{ROW}-made_1")).to_be_checked()
        toggle_to(page, f"id_announcements-{ROW}-made_0", tap=False)
        page.locator("#id_resolve_dispute").check()
        # Saved without a reason: refused, listed, the reason field focused.
        official.submit(page.locator("#save-hand"))
        expect(page.locator("#problem-list")).to_be_visible()
        expect(page.locator("#id_reason")).to_be_focused()
        page.fill("#id_reason", REASON)
        expect(page.locator("#id_resolve_dispute")).to_be_checked()
        official.submit(page.locator("#save-hand"))
        expect(page.locator(".alert-success")).to_contain_text(
            hu("Hand %(n)s saved: attack %(a)s, defence %(d)s.", n=HAND, a=100, d=75)
        )

        corrected = copy.deepcopy(expected_record(HANDS[HAND - 1]))
        corrected["announcements"][ROW]["made"] = True
        from scoring.models import Hand

        hand = Hand.objects.get(match_id=match, number=HAND)
        assert hand.record == corrected
        assert (hand.attack_score, hand.defence_score, hand.version) == (100, 75, 2)
        stored = _results(match)
        for team in (TEAM_A, TEAM_B):
            assert stored[team]["answer"] == "resolved", team
            assert stored[team]["resolution"] == REASON, team
            assert stored[team]["resolved_by"] == OFFICIAL, team

        # The history on the match's page: who, when, why.
        history = page.locator("table.history tbody tr")
        today = timezone.localdate().strftime("%Y.%m.%d.")
        fixed = history.filter(has_text=REASON).first
        expect(fixed).to_contain_text(OFFICIAL_NAME)  # people by name
        expect(fixed).to_contain_text(today)
        expect(fixed).to_contain_text(hu("Hand %(n)s", n=HAND).split()[0])
        entered = history.filter(has_text=hu("Hand %(n)s", n=1)).last
        expect(entered).to_contain_text(REFEREE)  # entered by the referee
        disputed = history.filter(has_text=hu("Dispute: %(note)s", note=NOTE))
        expect(disputed).to_have_count(1)
        expect(disputed).to_contain_text(CAPTAIN)
        expect(disputed).to_contain_text(today)
        resolution = hu("Resolution: %(note)s", note=REASON)
        for team in (TEAM_A, TEAM_B):
            resolved = history.filter(
                has_text=hu("Result of %(team)s", team=team)
            ).filter(has_text=resolution)
            expect(resolved).to_have_count(1)
            expect(resolved).to_contain_text(OFFICIAL_NAME)
            expect(resolved).to_contain_text(hu("dispute resolved"))

        # The captain sees it resolved, with the official's note, the hand
        # corrected, and confirms.
        page = _open_match(captain, match)
        result = _result(page, TEAM_A)
        expect(result.locator(".answer")).to_have_text(hu("dispute resolved"))
        expect(result).to_contain_text(REASON)
        expect(amazon).to_contain_text(hu("made"))
        captain.submit(
            result.locator("form.captain-answer").get_by_role(
                "button", name=hu("Confirm the result")
            )
        )
        expect(page.locator(".alert-success")).to_be_visible()
        expect(_result(page, TEAM_A).locator(".answer")).to_have_text(hu("confirmed"))
        stored = _results(match)
        assert (stored[TEAM_A]["answer"], stored[TEAM_A]["by"]) == (
            "confirmed",
            CAPTAIN,
        )
        assert stored[TEAM_A]["resolution"] == REASON
        assert captain.problems == [], captain.problems
        assert official.problems == [], official.problems
    finally:
        phone.close()
        desk.close()
