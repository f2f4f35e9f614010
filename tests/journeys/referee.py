"""The referee's whole match on a phone in Hungarian, written once for every server
it runs against (the test server, and gunicorn with the production settings).

As a referee does it: signs in, enters the line-ups and the cut, then 8 hands with
0–5 announcements each — rows added with the button (one removed again), feasts
tapped or chosen with the keyboard, declared cards, suits and counts, contras by
name, silent premiums — with a mistake first on three hands (the refusal read, the
mistake fixed), two hands saved without a connection with a reload between them,
sent when it returns; then the summary, the completion and both teams' acceptance
at the table. ``check_stored`` compares what was stored with what was typed and
with what the engine scores for it.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import BrowserContext, expect

from scoring.engine import score_hand_record, score_match_record
from scoring.engine.cards import MIDDLE
from scoring.engine.catalogue import SILENT
from scoring.forms.messages import path_label
from tests.journeys.plan import HANDS, OFFLINE, PLAYERS, Plan, Row, expected_record
from tests.journeys.seeding import CAPTAIN, DRIVER, PASSWORD, REFEREE, TEAMS

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "locale": "hu-HU",
    "extra_http_headers": {"Accept-Language": "hu"},
}


def hu(text: str, **values: Any) -> str:
    """The page's words in Hungarian (the site's own catalogue)."""
    with translation.override("hu"):
        said = gettext(text)
    return said % values if values else said


def hu_label(path: str) -> str:
    with translation.override("hu"):
        return path_label(path)


def toggle_to(page: Any, ident: str, want: bool = True, tap: bool = True) -> bool:
    """Set a toggle button (the label of a hidden radio or checkbox) to ``want``
    and see it so; True when it took a second tap.

    The live check's answer can move the fields under a finger (a field's problem
    shown or cleared above the button): a tap that landed beside the moved button
    is tapped again, as a person would, once; a second miss fails the journey with
    the button named instead of a wrong record found later."""
    box = page.locator(f"#{ident}")
    label = page.locator(f"label[for={ident}]")
    for attempt in range(2):
        if box.is_checked() == want:
            return bool(attempt)
        label.tap() if tap else label.click()
        try:
            expect(box).to_be_checked(checked=want, timeout=2_000)
            return bool(attempt)
        except AssertionError:
            if attempt:
                raise
    return True


class Journey:
    """The referee's match on one server: ``base`` its address, ``ids`` what
    :func:`tests.journeys.seeding.journey_match` made there."""

    def __init__(self, context: BrowserContext, base: str, ids: dict[str, Any]):
        self.context, self.base, self.ids = context, base, ids
        self.match = ids["match"]
        self.hands = f"/referee/matches/{self.match}/hands/"
        self.page = context.new_page()
        self.page.set_default_timeout(20_000)
        self.offline = False
        self.taps_again = 0  # toggle buttons tapped a second time (tap_choice)
        self.problems: list[str] = []
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)
        # Hand 1's attack is team B (the cut); the attack alternates (R3).
        self.names = {"a": TEAMS["a"][0], "b": TEAMS["b"][0]}
        self.lineups = {
            "a": ("Kiss Anna", "Nagy Béla"),
            "b": ("Tóth Csaba", "Gál Gergő"),
        }

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.problems.append(f"console: {message.text}")

    def _failed(self, request: Any) -> None:
        # Without a connection requests fail; a check left behind by Save is cut.
        aborted = request.failure == "net::ERR_ABORTED" and "/preview/" in request.url
        if not self.offline and not aborted:
            self.problems.append(f"failed: {request.url} {request.failure}")

    # ---- the steps ----

    def sign_in(self) -> None:
        page = self.page
        page.goto(f"{self.base}/accounts/login/")
        page.fill("input[name=username]", REFEREE)
        page.fill("input[name=password]", PASSWORD)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").tap()
        expect(page).to_have_url(f"{self.base}/referee/")
        page.locator(f"a[href='/referee/matches/{self.match}/']").first.tap()
        expect(page.locator("h1")).to_have_text(
            f"{self.names['a']} – {self.names['b']}"
        )

    def set_up(self) -> None:
        """The line-ups (team B's substitute plays catcher) and the cut (R3)."""
        page = self.page
        players = self.ids["players"]
        for key in ("a", "b"):
            team = self.ids[f"team_{key}"]
            form = page.locator(f"form[action$='/lineup/{team}/']")
            driver, catcher = self.lineups[key]
            form.locator("select[name$='-driver']").select_option(str(players[driver]))
            form.locator("select[name$='-catcher']").select_option(
                str(players[catcher])
            )
            with page.expect_navigation():
                form.locator("button[type=submit]").tap()
        cut = page.locator("form.cut-form")
        cut.locator(f"input[name=first_attack][value='{self.ids['team_b']}']").check()
        with page.expect_navigation():
            cut.locator("button[type=submit]").tap()
        expect(page.locator(".setup-first")).to_have_count(0)  # set up: the sheet first

    def wait_for_worker(self) -> None:
        """The service worker runs and keeps the hands the referee opens offline."""
        wanted = {f"{self.hands}{n}/" for n in range(OFFLINE[0], 9)}
        for _poll in range(150):
            kept = self.page.evaluate(
                """async () => {
                    if (!navigator.serviceWorker.controller) return [];
                    const cache = await caches.open("tarokk-referee-pages");
                    return (await cache.keys()).map((r) => new URL(r.url).pathname);
                }"""
            )
            if wanted <= set(kept):
                return
            self.page.wait_for_timeout(200)
        raise AssertionError(f"the worker did not keep {sorted(wanted - set(kept))}")

    def attack_key(self, number: int) -> str:
        return "b" if number % 2 else "a"

    def player(self, number: int, who: str) -> str:
        side, role = who.split(":")
        key = self.attack_key(number)
        if side == "defence":
            key = "a" if key == "b" else "b"
        return self.lineups[key][0 if role == "driver" else 1]

    def enter_hand(self, number: int, plan: Plan) -> None:
        page = self.page
        expect(page.locator("h1")).to_have_text(hu("Hand %(n)s", n=number))
        attack = self.names[self.attack_key(number)]
        expect(page.locator(".attack-line strong")).to_have_text(attack)
        trumps = "20" if plan.mistake == "trumps" else str(plan.trumps)
        page.fill("#id_attack_trumps", trumps)
        page.fill("#id_attack_honours", str(plan.honours))
        for i, card in enumerate(MIDDLE):
            self.tap_choice(f"id_attack_middle_{i}", card in plan.middle)
        if plan.tricks is not None:
            page.fill("#id_tricks", str(plan.tricks))
        index = 0
        for position, row in enumerate(plan.rows):
            if position:
                index = self.add_row()
            self.fill_row(
                number,
                index,
                row,
                outcome=not (plan.mistake == "outcome" and position == 0),
            )
            if position == 0 and plan.removed is not None:
                gone = self.add_row()
                self.fill_row(number, gone, plan.removed)
                page.locator(
                    f"[data-prefix=announcements-{gone}] [data-remove-row]"
                ).tap()
                expect(
                    page.locator(f"[data-prefix=announcements-{gone}]")
                ).to_be_hidden()
        for side, code in plan.silent + (
            (("attack", "lie_in_wait"),) if plan.mistake == "silent" else ()
        ):
            self.tick_silent(side, code)
        if plan.mistake:
            self.make_good(number, plan)

    def add_row(self) -> int:
        page = self.page
        total = page.locator("#id_announcements-TOTAL_FORMS")
        index = int(total.input_value())
        page.locator("#add-announcement").tap()
        expect(total).to_have_value(str(index + 1))
        expect(page.locator(f"#id_announcements-{index}-feast-search")).to_be_focused()
        return index

    def fill_row(self, number: int, index: int, row: Row, outcome: bool = True) -> None:
        page = self.page
        prefix = f"#id_announcements-{index}"
        search = page.locator(f"{prefix}-feast-search")
        option = f"{prefix}-feast-opt-{row.feast}"
        if row.keys:  # the keyboard: typed, then the arrows to the option, Enter
            search.tap()
            search.press_sequentially(row.typed)
            for _step in range(12):
                search.press("ArrowDown")
                if search.get_attribute("aria-activedescendant") == option[1:]:
                    break
            search.press("Enter")
        else:
            search.fill(row.typed)
            page.locator(option).tap()
        expect(page.locator(f"{prefix}-feast")).to_have_value(row.feast)
        button = page.locator(
            f"label[for=id_announcements-{index}-announcer_{PLAYERS.index(row.by)}]"
        )
        expect(button).to_have_text(self.player(number, row.by))  # by name
        self.tap_choice(f"id_announcements-{index}-announcer_{PLAYERS.index(row.by)}")
        for i, card in enumerate(row.cards):
            page.locator(f"{prefix}-card{i}").select_option(card)
        for i, suit in enumerate(row.suits):
            page.locator(f"{prefix}-suit{i}").select_option(suit)
        if row.count is not None:
            page.fill(f"{prefix}-count", str(row.count))
        if row.made is None:  # a message: no outcome, no contra (R6)
            expect(
                page.locator(f"[data-prefix=announcements-{index}] [data-param=made]")
            ).to_be_hidden()
        elif outcome:
            self.tap_choice(f"id_announcements-{index}-made_{0 if row.made else 1}")
        if row.contra:
            contra = page.locator(f"{prefix}-contra")
            contra.select_option(row.contra)
            name = self.player(number, row.contra)
            expect(contra.locator("option:checked")).to_have_text(
                hu("contra by %(player)s", player=name)
            )

    def tap_choice(self, ident: str, want: bool = True) -> None:
        """Tap a toggle button to ``want`` and see it so (:func:`toggle_to`)."""
        self.taps_again += toggle_to(self.page, ident, want)

    def tick_silent(self, side: str, code: str) -> None:
        """Tick the silent premium, or untick it when it is ticked."""
        ident = f"id_{side}_silent_{SILENT.index(code)}"
        self.tap_choice(ident, not self.page.locator(f"#{ident}").is_checked())

    def make_good(self, number: int, plan: Plan) -> None:
        """Save with the mistake: refused, listed at the top, the first field at
        fault focused; the mistake fixed as the list says."""
        page = self.page
        self.save_refused(number)
        problems = page.locator("#problem-list")
        if plan.mistake == "trumps":
            expect(problems).to_contain_text(hu_label("/attack/trumps"))
            expect(page.locator("#id_attack_trumps")).to_be_focused()
            page.fill("#id_attack_trumps", str(plan.trumps))
        elif plan.mistake == "outcome":
            label = hu_label("/announcements/0/made")
            expect(problems).to_contain_text(label)
            problems.locator("a", has_text=label).tap()  # the list leads to the field
            expect(page.locator("#id_announcements-0-made_0")).to_be_focused()
            made = plan.rows[0].made
            page.locator(f"label[for=id_announcements-0-made_{0 if made else 1}]").tap()
        else:
            expect(problems).to_contain_text(hu_label("/silent/attack/0"))
            expect(page.locator("#id_attack_silent_0")).to_be_focused()
            self.tick_silent("attack", "lie_in_wait")  # untick

    def save_refused(self, number: int) -> None:
        page = self.page
        with page.expect_navigation():
            page.locator("#save-hand").tap()
        expect(page.locator("h1")).to_have_text(hu("Hand %(n)s", n=number))
        expect(page.locator("#problem-list")).to_be_in_viewport()

    def save(self, number: int, plan: Plan) -> None:
        """Save a clean hand: stored at once, its score on the next page (online), or
        kept on the device (offline)."""
        page = self.page
        result = score_hand_record(expected_record(plan))
        assert result["valid"], result["errors"]
        scores = (result["attack"]["score"], result["defence"]["score"])
        status = page.locator("#score-status")
        if self.offline:
            expect(status).to_contain_text(hu("Score not checked: no connection"))
        else:
            expect(page.locator(".verdict-ok")).to_be_visible()
            expect(status).to_contain_text(f"{scores[0]} : {scores[1]}")
        with page.expect_navigation():
            page.locator("#save-hand").tap()
        if self.offline:
            waiting = number - OFFLINE[0] + 1
            words = (
                hu("1 hand waiting to send")
                if waiting == 1
                else hu("%(n)s hands waiting to send", n=waiting)
            )
            expect(page.locator(".offline-count")).to_have_text(words)
            return
        saved = hu(
            "Hand %(n)s saved: attack %(a)s, defence %(d)s.",
            n=number,
            a=scores[0],
            d=scores[1],
        )
        expect(page.locator(".alert-success")).to_contain_text(saved)

    def enter_match(self) -> None:
        page = self.page
        page.locator(f"a[href='{self.hands}1/']").first.tap()
        for number, plan in enumerate(HANDS, start=1):
            if number == OFFLINE[0]:
                self.wait_for_worker()
                self.context.set_offline(True)
                self.offline = True
                expect(page.locator(".offline-banner")).to_be_visible()
            if number == OFFLINE[1]:
                # Typed in part, then the page reloaded without a connection: the
                # draft comes back from the device.
                page.fill("#id_attack_trumps", str(plan.trumps))
                page.fill("#id_attack_honours", str(plan.honours))
                page.reload()
                expect(page.locator("#offline-draft")).to_be_visible()
                expect(page.locator("#id_attack_trumps")).to_have_value(
                    str(plan.trumps)
                )
            self.enter_hand(number, plan)
            self.save(number, plan)
            if number == OFFLINE[1]:
                self.context.set_offline(False)
                self.offline = False
                # Sent in the order saved when the connection returns.
                expect(page.locator(".offline-count")).to_have_count(0)
                expect(page.locator(".offline-flash")).to_contain_text(hu("Hand sent:"))
        expect(page.locator("h1")).to_have_text(
            f"{self.names['a']} – {self.names['b']}"
        )

    def complete(self) -> None:
        """The summary gives the engine's totals and points; then completed and
        accepted at the table by team A's captain and team B's driver."""
        page = self.page
        record = self.match_record()
        teams = score_match_record(record)["teams"]
        page.locator(f"a[href='/referee/matches/{self.match}/complete/']").first.tap()
        expect(page.locator("h1")).to_have_text(hu("Complete the match"))
        names = [self.names["a"], self.names["b"]]
        expect(page.locator(".summary-total")).to_have_text(
            [str(teams[n]["total"]) for n in names]
        )
        expect(page.locator(".summary-points")).to_have_text(
            [str(teams[n]["points"]) for n in names]
        )
        with page.expect_navigation():
            page.locator(".complete-confirm button[type=submit]").tap()
        for key, username in (("a", CAPTAIN), ("b", DRIVER)):
            form = page.locator(f"form[action$='/accept/{self.ids[f'team_{key}']}/']")
            form.locator("input[name$='-username']").fill(username)
            form.locator("input[name$='-password']").fill(PASSWORD)
            with page.expect_navigation():
                form.locator("button[type=submit]").tap()
            expect(page.locator(".alert-success")).to_contain_text(self.names[key])
        expect(page.locator(".accept-form")).to_have_count(0)

    def match_record(self) -> dict[str, Any]:
        return {
            "format": "royal-tarokk-match/1",
            "teams": [self.names["a"], self.names["b"]],
            "first_attack": self.names["b"],
            "hands": [expected_record(plan) for plan in HANDS],
        }

    def check_stored(self, stored: dict[str, Any]) -> None:
        """What was stored is what was typed, scored as the engine scores it; each
        hand stored once (at the first Save without a deliberate mistake)."""
        assert stored["status"] == "completed"
        assert stored["first_attack"] == self.names["b"]
        assert stored["lineups"] == {
            self.names[key]: list(self.lineups[key]) for key in ("a", "b")
        }
        assert sorted(stored["hands"], key=int) == [str(n) for n in range(1, 9)]
        for number, plan in enumerate(HANDS, start=1):
            hand = stored["hands"][str(number)]
            typed = expected_record(plan)
            assert hand["record"] == typed, number
            assert hand["record"]["announcements"] == typed["announcements"], number
            result = score_hand_record(typed)
            assert hand["scores"] == [
                result["attack"]["score"],
                result["defence"]["score"],
            ], number
            assert hand["attack_team"] == self.names[self.attack_key(number)], number
            assert hand["version"] == 1, number
        teams = score_match_record(self.match_record())["teams"]
        for key, username in (("a", CAPTAIN), ("b", DRIVER)):
            name = self.names[key]
            result = stored["results"][name]
            assert (result["total"], result["points"]) == (
                teams[name]["total"],
                teams[name]["points"],
            ), name
            assert (result["answer"], result["by"]) == ("confirmed", username), name
        assert self.problems == [], self.problems


def referee_journey(context: BrowserContext, base: str, ids: dict[str, Any]) -> Journey:
    """The whole journey on the server at ``base``; the stored records are then
    checked by the caller (it knows where they are) with ``check_stored``."""
    journey = Journey(context, base, ids)
    journey.sign_in()
    journey.set_up()
    journey.enter_match()
    journey.complete()
    return journey
