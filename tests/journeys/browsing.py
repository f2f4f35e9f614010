"""What every journey's browser does: a page that listens for console errors,
uncaught errors and failed requests (each a defect, WALKS.md), signing in as a
person does, the two sizes of screen, and the page's words in Hungarian."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from tests.journeys.referee import PHONE, hu

DESKTOP = {
    "viewport": {"width": 1366, "height": 768},
    "locale": "hu-HU",
    "extra_http_headers": {"Accept-Language": "hu"},
}

__all__ = ["DESKTOP", "PHONE", "Watched", "hu"]


class Watched:
    """A page of ``context`` whose console errors, uncaught errors and failed
    requests are kept in ``problems`` (the journey ends by asserting none)."""

    def __init__(self, context: BrowserContext, base: str):
        self.base = base
        self.page: Page = context.new_page()
        self.page.set_default_timeout(20_000)
        self.problems: list[str] = []
        self.visited: list[str] = []  # every address the page showed
        self.refusals: set[str] = set()  # addresses whose form is refused on purpose
        self.page.on(
            "framenavigated",
            lambda frame: (
                self.visited.append(frame.url)
                if frame == self.page.main_frame
                else None
            ),
        )
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("requestfailed", self._failed)

    def _failed(self, request: Any) -> None:
        # A live check still running when Save leaves the page is cut (as in
        # the referee's journey); any other failed request is a defect.
        if request.failure == "net::ERR_ABORTED" and "/preview/" in request.url:
            return
        self.problems.append(f"failed: {request.url} {request.failure}")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            where = (message.location or {}).get("url", "")
            if where in self.refusals and "status of 400" in message.text:
                return  # a refused form answers 400, and Chromium logs that
            self.problems.append(f"console: {message.text} {where}".strip())

    def go(self, path: str) -> Page:
        self.page.goto(f"{self.base}{path}")
        return self.page

    def sign_in(self, username: str, password: str) -> None:
        """The sign-in page, as a person fills it; then wherever the site sends
        them (the caller follows links from there)."""
        page = self.go("/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", password)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()
        expect(page.locator("input[name=password]")).to_have_count(0)

    def refused(self, button: Any) -> None:
        """Press the button of a form filled with a deliberate mistake: the page
        answers the refusal with 400, which Chromium logs on the console."""
        self.refusals.add(self.page.url)
        self.submit(button)

    def submit(self, button: Any) -> None:
        """Press a form's button and wait for the page it leads to."""
        with self.page.expect_navigation():
            button.click()
