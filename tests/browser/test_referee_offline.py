"""The referee offline, in Chromium on a phone-sized page: a whole match entered with
the connection gone for part of it. Hands saved offline wait on the device, marked,
and are sent in order when the connection returns; every hand is stored exactly once
with the engine's score; a hand typed but not saved survives a reload."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import Group
from playwright.sync_api import Page, expect

from scoring.engine import score_hand_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match
from tests.scoring.kit import facts, hand

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIDDLE = ("XVI", "XVII", "XVIII")
# (attack trumps, attack Honours, attack's middle cards) per hand; the defence holds
# the rest (R5).
HANDS = [
    (12, 1, ("XVI",)),
    (10, 1, ("XVII",)),
    (13, 2, ("XVI", "XVIII")),
    (9, 0, ("XVIII",)),
    (11, 1, ("XVI", "XVII")),
    (14, 1, ("XVII", "XVIII")),
    (8, 1, ()),
    (12, 0, MIDDLE),
]
OFFLINE = (3, 4, 5)
SEARCH = "#id_announcements-0-feast-search"


def record(number: int) -> dict:
    trumps, honours, middle = HANDS[number - 1]
    rest = [card for card in MIDDLE if card not in middle]
    return hand(
        attack=facts(trumps, honours, *middle),
        defence=facts(22 - trumps, 2 - honours, *rest),
    )


def fill(page: Page, number: int) -> None:
    """The hand's facts, as a referee types them (the defence's where asked)."""
    trumps, honours, middle = HANDS[number - 1]
    sides = {"attack": (trumps, honours, middle)}
    sides["defence"] = (
        22 - trumps,
        2 - honours,
        tuple(card for card in MIDDLE if card not in middle),
    )
    for side, (t, h, cards) in sides.items():
        for name, value in ((f"{side}_trumps", t), (f"{side}_honours", h)):
            field = page.locator(f"#id_{name}")
            if field.count() and field.is_editable():
                field.fill(str(value))
        for card in MIDDLE:
            box = page.locator(f"input[name={side}_middle][value={card}]")
            if box.count() and box.is_enabled() and box.is_checked() != (card in cards):
                page.click(f"label[for={box.get_attribute('id')}]")


def wait_until(check, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.2)


def kept_pages(page: Page) -> list[str]:
    return page.evaluate(
        """async () => {
            const cache = await caches.open("tarokk-referee-pages");
            return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }"""
    )


def save(page: Page) -> None:
    with page.expect_navigation():
        page.click("button[value=save]")


def test_a_whole_match_with_the_connection_gone_for_part_of_it(live_server, browser):
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    base = live_server.url
    assert base.startswith("http://localhost:")  # a secure context: service workers run
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    hands = f"/referee/matches/{match.pk}/hands/"

    page.goto(f"{base}/accounts/login/?next=/referee/")
    page.fill("input[name=username]", "jatekvezeto")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(f"{base}/referee/matches/{match.pk}/")
    # The match page asks the worker to keep its hands' pages for later.
    wanted = {f"{hands}{n}/" for n in range(1, 9)}
    wait_until(lambda: wanted <= set(kept_pages(page)))

    page.goto(f"{base}{hands}1/")
    for number in range(1, 9):
        expect(page.locator("h1")).to_have_text(f"Hand {number}")
        if number == OFFLINE[0]:
            context.set_offline(True)
            expect(page.locator(".offline-banner")).to_be_visible()
        fill(page, number)
        if number in OFFLINE:
            # The preview cannot reach the server and says so.
            expect(page.locator("#preview-offline")).to_be_visible()
        else:
            expect(page.locator(".verdict-ok")).to_be_visible()
        if number == 6:
            # Typed, not saved, then the page is reloaded: the draft comes back.
            page.reload()
            expect(page.locator("#offline-draft")).to_be_visible()
            expect(page.locator("#id_attack_trumps")).to_have_value("14")
            # Discarded, it is gone after the page reloads; typed again, it is kept.
            with page.expect_navigation():
                page.click("#discard-draft")
            expect(page.locator("#id_attack_trumps")).to_have_value("")
            expect(page.locator("#offline-draft")).to_have_count(0)
            fill(page, number)
            page.reload()
            expect(page.locator("#offline-draft")).to_be_visible()
            expect(page.locator("#id_attack_trumps")).to_have_value("14")
        save(page)
        if number in OFFLINE:
            kept = number - OFFLINE[0] + 1
            count = (
                "1 hand waiting to send"
                if kept == 1
                else f"{kept} hands waiting to send"
            )
            expect(page.locator(".offline-count")).to_have_text(count)
            expect(
                page.locator(f".hand-nav a[href='{hands}{number}/'] .offline-mark")
            ).to_be_visible()
            assert not Hand.objects.filter(match=match, number=number).exists()
        if number == OFFLINE[-1]:
            # A referee page never opened on this device: the worker says why.
            other = context.new_page()
            other.goto(f"{base}/referee/matches/{match.pk + 1000}/")
            expect(other.locator("h1")).to_have_text("No connection")
            other.close()
            # Back to the hand just saved offline: it is there, waiting to send.
            page.go_back()
            expect(page.locator("h1")).to_have_text(f"Hand {number}")
            expect(page.locator("#id_attack_trumps")).to_have_value("11")
            expect(page.locator("#offline-note")).to_be_visible()
            page.go_forward()
            expect(page.locator("h1")).to_have_text(f"Hand {number + 1}")
            context.set_offline(False)
            # Sent in order as soon as the connection returns.
            wait_until(
                lambda: (
                    Hand.objects.filter(match=match, number__in=OFFLINE).count() == 3
                )
            )
            expect(page.locator(".offline-count")).to_have_count(0)
            expect(page.locator(".offline-banner")).to_have_count(0)

    expect(page.locator("h1")).to_have_text(
        f"{match.team_a.name} – {match.team_b.name}"
    )
    stored = {h.number: h for h in Hand.objects.filter(match=match)}
    assert sorted(stored) == list(range(1, 9))
    assert Hand.objects.filter(match=match).count() == 8
    for number, saved in stored.items():
        result = score_hand_record(record(number))
        assert saved.version == 1, number  # each stored once
        assert (saved.attack_score, saved.defence_score) == (
            result["attack"]["score"],
            result["defence"]["score"],
        ), number
    # The replayed hands were sent in the order they were saved.
    order = sorted(OFFLINE, key=lambda n: stored[n].pk)
    assert order == list(OFFLINE)
    assert page.evaluate("JSON.stringify(localStorage)") == "{}"  # nothing kept
    assert errors == []
    context.close()


def sign_in(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/referee/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def test_a_save_lost_on_the_way_is_kept_and_a_conflict_on_sending_is_shown(
    live_server, browser
):
    """The browser believes it is online but the save never reaches the server: the
    service worker answers and the hand waits on the device. Meanwhile someone else
    stores a hand kept offline: sending it is a conflict, shown, never dropped."""
    for role in (Role.REFEREE, Role.OFFICIAL):
        Group.objects.get_or_create(name=role.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    official = UserFactory(roles=[Role.OFFICIAL])
    match = ready_match(referee=referee)
    base = live_server.url
    hands = f"/referee/matches/{match.pk}/hands/"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, base, "jatekvezeto")
    page.goto(f"{base}/referee/matches/{match.pk}/")
    wait_until(lambda: {f"{hands}1/", f"{hands}2/"} <= set(kept_pages(page)))

    page.goto(f"{base}{hands}1/")
    fill(page, 1)
    expect(page.locator(".verdict-ok")).to_be_visible()
    context.set_offline(True)
    # The page still believes it is online (a network that answers nothing).
    page.evaluate("Object.defineProperty(navigator, 'onLine', {get: () => true})")
    save(page)
    expect(page.locator("h1")).to_have_text("Hand 1")
    expect(page.locator(".offline-count")).to_have_text("1 hand waiting to send")
    expect(page.locator("#offline-note")).to_be_visible()
    assert "unsent" not in page.url

    page.goto(f"{base}{hands}2/")
    fill(page, 2)
    save(page)
    expect(page.locator(".offline-count")).to_have_text("2 hands waiting to send")
    hand_save(match=match, number=2, record=record(7), user=official)

    context.set_offline(False)
    problem = page.locator(f".offline-entry[data-url='{hands}2/'] .text-danger")
    expect(problem).to_contain_text("Hand 2 was changed by")
    expect(page.locator(".offline-count")).to_have_text("1 hand waiting to send")
    assert (
        Hand.objects.get(match=match, number=1).attack_score
        == (score_hand_record(record(1))["attack"]["score"])
    )
    stored = Hand.objects.get(match=match, number=2)
    assert stored.record == record(7)  # theirs, untouched

    # On the hand's page: the referee's hand in the form, the conflict named; saving
    # it again shows the server's comparison with the choice to overwrite.
    page.goto(f"{base}{hands}2/")
    expect(page.locator("#offline-note")).to_contain_text("was not sent")
    expect(page.locator("#id_attack_trumps")).to_have_value("10")
    save(page)
    expect(page.locator(".conflict")).to_be_visible()
    with page.expect_navigation():
        page.click("button[value=overwrite]")
    stored.refresh_from_db()
    assert stored.version == 2
    assert stored.attack_score == score_hand_record(record(2))["attack"]["score"]
    expect(page.locator(".offline-count")).to_have_count(0)
    assert page.evaluate("localStorage.length") == 0
    context.close()


def test_an_older_pages_feast_catalogue_is_answered_offline_with_the_kept_one(
    live_server, browser
):
    """A hand page kept from before a release asks for the catalogue's old version:
    offline, the worker answers with the version it keeps, so the picker still has
    its names and the row its fields (R12)."""
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{base}/accounts/login/?next=/referee/")
    page.fill("input[name=username]", "jatekvezeto")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(f"{base}/referee/matches/{match.pk}/hands/1/")
    wait_until(lambda: page.evaluate("!!navigator.serviceWorker.controller"))
    context.set_offline(True)
    old = page.evaluate(
        """async () => {
            const answer = await fetch("/referee/feasts.en.js?v=before-the-release");
            return [answer.status, await answer.text()];
        }"""
    )
    assert old[0] == 200
    assert '"full_honours":["full honours"' in old[1]
    missing = page.evaluate(
        """() => fetch("/referee/feasts.xx.js?v=1").then(() => "answered",
                                                      () => "network error")"""
    )
    assert missing == "network error"  # nothing kept for it: offline, no answer
    context.close()


def test_a_hand_saved_offline_with_an_added_row_is_stored_when_sent_R6(
    live_server, browser
):
    """A hand saved without a connection, with a row added by the button, is kept
    with who announced it and its outcome, and stored as typed once sent."""
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    base = live_server.url
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, base, "jatekvezeto")
    page.goto(f"{base}/referee/matches/{match.pk}/hands/1/")
    page.wait_for_function("!!navigator.serviceWorker.controller")
    context.set_offline(True)
    expect(page.locator(".offline-banner")).to_be_visible()
    fill(page, 1)
    page.fill("#id_tricks", "7")
    page.click("#add-announcement")
    page.fill("#id_announcements-1-feast-search", "bridge")
    page.click("#id_announcements-1-feast-opt-bridge")
    page.click("label[for=id_announcements-1-announcer_1]")  # the attack's catcher
    page.click("label[for=id_announcements-1-made_0]")
    save(page)
    expect(page.locator(".offline-count")).to_have_text("1 hand waiting to send")
    context.set_offline(False)
    wait_until(lambda: Hand.objects.filter(match=match, number=1).exists())
    stored = Hand.objects.get(match=match, number=1)
    expected = {**record(1), "tricks": {"attack": 7}}
    expected["announcements"] = [
        {"feast": "bridge", "team": "attack", "by": "catcher", "made": True}
    ]
    assert stored.record == expected
    result = score_hand_record(expected)
    assert (stored.attack_score, stored.defence_score) == (
        result["attack"]["score"],
        result["defence"]["score"],
    )
    expect(page.locator(".offline-count")).to_have_count(0)
    context.close()


def test_offline_the_score_is_unknown_and_a_refused_hand_lists_its_problems(
    live_server, browser
):
    """Without a connection the bar beside Save says the score is not checked (it
    never keeps the last score checked); back online an untouched hand is not
    checked (no problems before the referee types); a hand refused on sending lists
    its problems in the words of a refusal, on the list and on its page."""
    Group.objects.get_or_create(name=Role.REFEREE.value)
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    base = live_server.url
    hands = f"/referee/matches/{match.pk}/hands/"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(15_000)
    sign_in(page, base, "jatekvezeto")
    page.goto(f"{base}/referee/matches/{match.pk}/")
    wait_until(lambda: {f"{hands}2/", f"{hands}3/"} <= set(kept_pages(page)))
    page.goto(f"{base}{hands}1/")
    status = page.locator("#score-status")
    fill(page, 1)
    expect(status).to_contain_text("80 : 90")
    context.set_offline(True)
    page.fill("#id_tricks", "7")
    page.fill(SEARCH, "bridge")
    page.click("#id_announcements-0-feast-opt-bridge")
    page.click("label[for=id_announcements-0-announcer_0]")
    page.click("label[for=id_announcements-0-made_0]")
    expect(status).to_contain_text("not checked")
    expect(status).not_to_contain_text("80 : 90")
    save(page)
    expect(page.locator("h1")).to_have_text("Hand 2")

    checks = []
    page.on("request", lambda r: checks.append(r.url) if "/preview/" in r.url else 0)
    context.set_offline(False)  # hand 1 is sent; hand 2, untouched, is not checked
    wait_until(lambda: Hand.objects.filter(match=match, number=1).exists())
    expect(page.locator(".offline-count")).to_have_count(0)
    expect(page.locator("#preview-offline")).to_have_count(0)
    assert checks == []
    expect(page.locator(".engine-errors")).to_have_count(0)
    expect(status).not_to_contain_text("problem")
    assert Hand.objects.get(match=match, number=1).attack_score == 100

    context.set_offline(True)
    page.fill("#id_attack_trumps", "20")
    page.fill("#id_attack_honours", "1")
    save(page)
    expect(page.locator("h1")).to_have_text("Hand 3")
    context.set_offline(False)
    entry = page.locator(f".offline-entry[data-url='{hands}2/']")
    expect(entry).to_contain_text("The hand was not saved: 1 problem to fix.")
    expect(entry.locator("li")).to_have_text(
        ["Attack · Trumps: trumps must be between 6 and 16; got 20."]
    )
    expect(entry).not_to_contain_text("compare")
    page.goto(f"{base}{hands}2/")
    note = page.locator("#offline-note")
    expect(note).to_contain_text("The hand was not saved: 1 problem to fix.")
    expect(note).to_contain_text("Attack · Trumps: trumps must be between 6 and 16")
    expect(note).to_contain_text("fix")
    expect(note).not_to_contain_text("compare")
    assert not Hand.objects.filter(match=match, number=2).exists()
    context.close()
