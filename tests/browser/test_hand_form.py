"""The hand form on a phone (390×844) as a referee uses it at the table: the feast
picker never chooses by itself, the defence's facts follow (R5), a message asks no
outcome (R6), Enter never adds a row, the score and the problems sit beside Save."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Hand
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def hand_page(live_server, page):
    return _hand_page(live_server, page)


@pytest.fixture
def routed_hand_page(live_server, browser):
    """The hand page for a test that holds its checks with ``page.route``: without
    the offline worker, which would otherwise answer the page's requests itself
    once it controls the page, past Playwright's routes (on a busy machine it
    sometimes took control before the first check, and nothing was held)."""
    context = browser.new_context(service_workers="block")
    yield _hand_page(live_server, context.new_page())
    context.close()


def _hand_page(live_server, page):
    referee = UserFactory(username="jatekvezeto", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    page.set_viewport_size(PHONE)
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "jatekvezeto")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/hands/1/")
    return page, match


def wait_for(page, check, what: str) -> None:
    """Wait until ``check()`` holds for what Playwright reports to this thread
    (requests a route holds): Playwright runs the handlers while it waits."""
    # Up to 30 s: a check is sent as soon as the browser runs the page's script,
    # which a busy 2-core machine may hold back for several seconds.
    for _poll in range(600):
        if check():
            return
        page.wait_for_timeout(50)
    pytest.fail(f"{what} within 30 s")


SEARCH = "#id_announcements-0-feast-search"
SELECT = "#id_announcements-0-feast"
OPTIONS = "#id_announcements-0-feast-list [role=option]"


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("trull", "Full Honours (3)"),
        ("ultimo", "Last Day of the Month (10)"),
        ("centrum", "Centre (10)"),
        ("kismadar", "Small Bird (20)"),
        ("golg", "Golgotha (130)"),
    ],
)
def test_the_picker_offers_the_tables_name_first_and_chooses_nothing(
    hand_page, typed, first
):
    page, _match = hand_page
    search = page.locator(SEARCH)
    expect(search).to_have_attribute("role", "combobox")
    search.click()
    expect(search).to_have_attribute("aria-expanded", "true")
    search.press_sequentially(typed)
    expect(page.locator(OPTIONS).first).to_contain_text(first)
    expect(page.locator(SELECT)).to_have_value("")  # typing only filters
    search.press("Enter")  # no option made active: Enter chooses nothing
    expect(page.locator(SELECT)).to_have_value("")
    search.press("Escape")
    expect(search).to_have_attribute("aria-expanded", "false")
    expect(search).to_have_value("")


def test_keyboard_and_touch_choose_an_option(hand_page):
    page, _match = hand_page
    search = page.locator(SEARCH)
    search.click()
    search.press_sequentially("trull")
    search.press("ArrowDown")
    expect(search).to_have_attribute(
        "aria-activedescendant", "id_announcements-0-feast-opt-full_honours"
    )
    search.press("Enter")
    expect(page.locator(SELECT)).to_have_value("full_honours")
    expect(search).to_have_value("Full Honours (3)")
    # A second search: a tap on an option chooses it; the first choice stays
    # until then.
    search.click()
    search.fill("")
    search.press_sequentially("golg")
    expect(page.locator(SELECT)).to_have_value("full_honours")
    page.click("#id_announcements-0-feast-opt-golgotha")
    expect(page.locator(SELECT)).to_have_value("golgotha")


def test_a_message_asks_no_outcome_and_no_contra_R6(hand_page):
    page, match = hand_page
    page.fill(SEARCH, "flush")
    page.click("#id_announcements-0-feast-opt-flush")
    expect(page.locator("[data-param=made]").first).to_be_hidden()
    expect(page.locator("[data-param=contra]").first).to_be_hidden()
    page.fill(SEARCH, "cash")
    page.click("#id_announcements-0-feast-opt-cash")
    expect(page.locator("[data-param=made]").first).to_be_visible()
    # The announcer buttons carry the line-up's names, under the team's name.
    lineup = match.lineups.get(team=match.team_a)
    expect(page.locator("label[for=id_announcements-0-announcer_0]")).to_have_text(
        lineup.driver.name
    )
    expect(page.locator(".announcer-team").first).to_have_text(match.team_a.name)


def test_the_defence_facts_follow_and_a_clean_hand_saves_with_its_score_R5(hand_page):
    page, match = hand_page
    page.fill("#id_attack_trumps", "12")
    page.fill("#id_attack_honours", "1")
    page.click("label[for=id_attack_middle_0]")
    expect(page.locator("#defence-facts")).to_contain_text("10 trumps")
    expect(page.locator("#defence-facts")).to_contain_text("1 Honour")
    expect(page.locator("#defence-facts")).to_contain_text("XVII, XVIII")
    # 12 trumps 50, one Honour +20, no XVII, no XVIII +10 = 80; the defence 90 (cap).
    expect(page.locator("#score-status")).to_contain_text("80 : 90")
    status = page.locator("#score-status").bounding_box()
    save = page.locator("#save-hand").bounding_box()
    assert abs(status["y"] - save["y"]) < 5  # side by side
    assert save["y"] + save["height"] <= PHONE["height"]  # in view
    with page.expect_navigation():
        page.click("#save-hand")
    hand = Hand.objects.get(match=match, number=1)
    # XVI with the attack: the defence holds XVII and XVIII (R5).
    assert hand.record["attack"] == {"trumps": 12, "honours": 1, "middle": ["XVI"]}
    assert hand.record["defence"] == {
        "trumps": 10,
        "honours": 1,
        "middle": ["XVII", "XVIII"],
    }
    assert (hand.attack_score, hand.defence_score) == (80, 90)


def test_enter_in_a_number_field_never_adds_a_row(hand_page):
    page, _match = hand_page
    total = page.locator("#id_announcements-TOTAL_FORMS")
    url = page.url
    page.fill("#id_attack_trumps", "12")
    page.press("#id_attack_trumps", "Enter")
    page.fill("#id_tricks", "6")
    page.press("#id_tricks", "Enter")
    expect(page.locator("#score-status")).to_contain_text("problem")
    assert page.url == url
    expect(total).to_have_value("1")
    expect(page.locator("#announcements [data-row]")).to_have_count(1)


def test_a_refused_save_lists_the_problems_and_focuses_the_first_field(hand_page):
    page, match = hand_page
    page.fill("#id_attack_trumps", "20")
    page.fill("#id_attack_honours", "1")
    page.fill(SEARCH, "cash")
    page.click("#id_announcements-0-feast-opt-cash")
    with page.expect_navigation():
        page.click("#save-hand")
    problems = page.locator("#problem-list")
    expect(problems).to_be_in_viewport()
    expect(problems).to_contain_text("Attack · Trumps")
    expect(problems).to_contain_text("Announcement 1 · Outcome: Choose made or failed.")
    expect(problems).not_to_contain_text("/announcements")
    expect(problems).not_to_contain_text("required (true or false)")
    expect(page.locator("#id_attack_trumps")).to_be_focused()
    assert not Hand.objects.filter(match=match).exists()
    # The score bar names the problems; a tap takes the referee to the first one.
    page.fill("#id_attack_trumps", "12")
    # Wait for the preview of the new trumps: the first problem is now the outcome.
    expect(page.locator("#score-status")).to_have_attribute(
        "data-first-problem", re.compile(r"^id_announcements-0-")
    )
    expect(page.locator("#score-status")).to_contain_text("problem")
    page.locator("#id_tricks").focus()
    page.click("#score-status")
    expect(page.locator(":focus")).to_have_attribute(
        "id", re.compile(r"^id_announcements-0-")
    )


def test_remove_is_a_real_button_and_the_row_goes(hand_page):
    page, match = hand_page
    page.fill("#id_attack_trumps", "12")
    page.fill("#id_attack_honours", "1")
    page.click("label[for=id_attack_middle_0]")
    page.click("#add-announcement")
    expect(page.locator("#announcements [data-row]")).to_have_count(2)
    page.fill("#id_announcements-1-feast-search", "cash")
    page.click("#id_announcements-1-feast-opt-cash")
    remove = page.locator("[data-prefix=announcements-1] [data-remove-row]")
    box = remove.bounding_box()
    assert box["height"] >= 44
    assert box["width"] >= 44
    remove.click()
    expect(page.locator("[data-prefix=announcements-1]")).to_be_hidden()
    expect(page.locator(".verdict-ok")).to_be_visible()
    with page.expect_navigation():
        page.click("#save-hand")
    assert Hand.objects.get(match=match, number=1).record["announcements"] == []


def test_the_first_field_is_an_early_tab_stop(hand_page):
    page, _match = hand_page
    for _stop in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.skipToField !== undefined"):
            page.keyboard.press("Enter")
            break
    else:
        pytest.fail("no skip link to the first field in the first 5 Tab stops")
    expect(page.locator("#id_attack_trumps")).to_be_focused()


def _choose(page, typed: str, code: str) -> None:
    page.fill(SEARCH, typed)
    page.click(f"#id_announcements-0-feast-opt-{code}")


def test_a_feast_brings_the_fields_it_declares_and_they_survive_a_reload_R12(
    hand_page,
):
    """A row carries only the fields its feast declares: they come with the feast
    and go with it, what is typed in them is kept in the draft, and saved."""
    page, match = hand_page
    card = page.locator("#id_announcements-0-card0")
    suits = page.locator("select[name^=announcements-0-suit]")
    expect(card).to_have_count(0)  # a blank row declares nothing
    _choose(page, "fácán", "pheasant")  # Pheasant: the first trick, one card
    expect(card).to_be_visible()
    expect(page.locator("#id_announcements-0-card1")).to_have_count(0)
    expect(suits).to_have_count(0)
    _choose(page, "red", "red_and_black")  # two suits, no card
    expect(card).to_have_count(0)
    expect(suits).to_have_count(2)
    _choose(page, "fácán", "pheasant")
    expect(suits).to_have_count(0)
    card.select_option("I")
    page.click("label[for=id_announcements-0-announcer_3]")  # the defence's catcher
    page.click("label[for=id_announcements-0-made_1]")  # failed
    page.fill("#id_attack_trumps", "12")
    page.fill("#id_attack_honours", "1")
    page.click("label[for=id_attack_middle_0]")
    page.click("label[for=id_attack_middle_2]")
    page.fill("#id_tricks", "6")
    expect(page.locator(".verdict-ok")).to_be_visible()
    page.reload()  # typed, not saved: the draft brings the card back with its feast
    expect(page.locator("#offline-draft")).to_be_visible()
    expect(page.locator(SELECT)).to_have_value("pheasant")
    expect(card).to_have_value("I")
    with page.expect_navigation():
        page.click("#save-hand")
    stored = Hand.objects.get(match=match, number=1).record["announcements"]
    assert stored == [
        {
            "feast": "pheasant",
            "team": "defence",
            "by": "catcher",
            "cards": ["I"],
            "made": False,
        }
    ]


def test_what_is_typed_before_the_scripts_are_ready_is_checked_once_they_are_R5(
    live_server, browser
):
    """On a slow connection the referee may type before the page's scripts run: the
    preview then comes as soon as they do, not only at the next keystroke."""
    match = ready_match(referee=UserFactory(username="lassu", roles=[Role.REFEREE]))
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "lassu")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    held = []
    page.route("**/static/js/referee.js", lambda route: held.append(route))
    page.goto(
        f"{live_server.url}/referee/matches/{match.pk}/hands/1/", wait_until="commit"
    )
    page.locator("#id_attack_trumps").fill("20")
    page.locator("#id_attack_honours").fill("1")
    wait_for(page, lambda: held, "the script was not requested")
    expect(page.locator("#err-attack_trumps")).to_have_text("")  # nothing ran yet
    held[0].continue_()
    expect(page.locator("#err-attack_trumps")).to_contain_text(
        "trumps must be between 6 and 16; got 20."
    )
    context.close()


def test_rows_added_by_the_button_keep_who_announced_and_the_outcome_R6_R8(hand_page):
    """Rows added with "+ Add an announcement" post the announcer, the outcome and
    the contra the referee chose, whether the feast was tapped or chosen with the
    keyboard; the hand is stored with every row."""
    page, match = hand_page
    page.fill("#id_attack_trumps", "12")
    page.fill("#id_attack_honours", "1")
    page.click("label[for=id_attack_middle_0]")
    page.fill("#id_tricks", "7")
    page.click("#add-announcement")  # a second row; the first stays blank
    search = page.locator("#id_announcements-1-feast-search")
    expect(search).to_be_focused()
    search.press_sequentially("bridge")  # chosen with the keyboard
    search.press("ArrowDown")
    search.press("Enter")
    expect(page.locator("#id_announcements-1-feast")).to_have_value("bridge")
    page.click("label[for=id_announcements-1-announcer_0]")  # the attack's driver
    page.click("label[for=id_announcements-1-made_0]")  # made
    page.locator("#id_announcements-1-contra").select_option("defence:catcher")
    page.click("#add-announcement")  # a third row, its feast tapped
    page.fill("#id_announcements-2-feast-search", "pagat capture")
    page.click("#id_announcements-2-feast-opt-pagat_capture")
    page.click("label[for=id_announcements-2-announcer_2]")  # the defence's driver
    page.click("label[for=id_announcements-2-made_1]")  # failed
    expect(page.locator(".verdict-ok")).to_be_visible()
    with page.expect_navigation():
        page.click("#save-hand")
    expect(page.locator("h1")).to_have_text("Hand 2")
    stored = Hand.objects.get(match=match, number=1)
    assert stored.record["announcements"] == [
        {
            "feast": "bridge",
            "team": "attack",
            "by": "driver",
            "made": True,
            "contra": {"team": "defence", "by": "catcher"},
        },
        {"feast": "pagat_capture", "team": "defence", "by": "driver", "made": False},
    ]


def test_a_correction_without_a_reason_lists_it_on_top_and_focuses_the_reason(
    live_server, page
):
    """An official's correction of a completed match saved without a reason is
    refused like every refused save: the problem at the top, the reason focused."""
    from competitions.services.matches import match_complete
    from scoring.services.hands import hand_save
    from tests.factories import sheet

    official = UserFactory(username="hivatalos", roles=[Role.OFFICIAL])
    match = ready_match()
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    match_complete(match=match, user=official)
    page.set_viewport_size(PHONE)
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "hivatalos")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/hands/3/")
    page.fill("#id_tricks", "")
    with page.expect_navigation():
        page.click("#save-hand")
    problems = page.locator("#problem-list")
    expect(problems).to_be_in_viewport()
    expect(problems).to_contain_text("Reason for the correction:")
    expect(page.locator("#id_reason")).to_be_focused()
    assert Hand.objects.get(match=match, number=3).version == 1


def test_a_tap_on_the_score_bar_while_a_check_arrives_goes_to_the_problem(
    routed_hand_page,
):
    """The check's answer may arrive while the referee's finger is on the score bar
    (between the press and the release): the tap still takes them to the first
    problem, it never leaves the focus on the bar."""
    page, _match = routed_hand_page
    status = page.locator("#score-status")
    page.fill("#id_attack_trumps", "20")
    page.fill("#id_attack_honours", "1")
    expect(status).to_have_attribute("data-first-problem", "id_attack_trumps")
    page.evaluate(
        """() => { window.settled = 0; document.body.addEventListener(
            "htmx:afterSettle", () => { window.settled += 1; }); }"""
    )
    held, hold = [], [True]

    def answer_later(route):
        if hold[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/preview/", answer_later)
    page.fill("#id_tricks", "6")
    wait_for(page, lambda: held, "the check was not sent")
    box = status.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the field's change sends another check
    hold[0] = False
    for route in held:  # the answers arrive while the finger is down
        route.continue_()
    page.wait_for_function("() => window.settled > 0")
    page.mouse.up()
    expect(page.locator("#id_attack_trumps")).to_be_focused()


def test_checks_overtaken_by_typing_leave_no_error_in_the_console(routed_hand_page):
    """A check still on its way when the referee types on is not aborted (htmx logs
    each abort as an error): the next waits for it, and the last answer stands."""
    page, _match = routed_hand_page
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    held, hold = [], [True]

    def answer_later(route):
        if hold[0]:
            held.append(route)
        else:
            route.continue_()

    page.route("**/preview/", answer_later)
    page.fill("#id_attack_trumps", "20")
    page.locator("#id_attack_honours").focus()  # a change: the first check
    wait_for(page, lambda: held, "the first check was not sent")
    page.fill("#id_attack_honours", "1")
    page.locator("#id_tricks").focus()  # another change while the first is out
    hold[0] = False
    for route in held:
        route.continue_()
    expect(page.locator("#err-attack_trumps")).to_contain_text("got 20")
    page.fill("#id_attack_trumps", "12")
    page.locator("#id_tricks").focus()
    expect(page.locator("#err-attack_trumps")).to_have_text("")
    expect(page.locator(".verdict-ok")).to_be_visible()
    assert errors == []


def test_the_save_bar_fits_a_phone_with_long_team_names(live_server, page):
    """The score beside Save names both teams: with long Hungarian names it wraps
    inside its half of the bar, and Save stays whole on the screen."""
    referee = UserFactory(username="hosszu", roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    for field, name in (
        ("team_a", "Hódmezővásárhelyi Tulipán"),
        ("team_b", "Székesfehérvári Koronázók"),
    ):
        team = getattr(match, field)
        team.name = name
        team.save()
    page.set_viewport_size(PHONE)
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "hosszu")
    page.fill("input[name=password]", "secret-pass")
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    page.goto(f"{live_server.url}/referee/matches/{match.pk}/hands/1/")
    page.fill("#id_attack_trumps", "12")
    page.fill("#id_attack_honours", "1")
    expect(page.locator("#score-status")).to_contain_text("Székesfehérvári")
    save = page.locator("#save-hand").bounding_box()
    assert save["x"] >= 0
    assert save["x"] + save["width"] <= PHONE["width"]
    wide = page.evaluate(
        """() => Array.from(document.querySelectorAll("body *")).filter(
            (el) => el.getBoundingClientRect().right > 391).map(
            (el) => el.tagName + "." + el.className + "#" + el.id).slice(0, 8)"""
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wide
