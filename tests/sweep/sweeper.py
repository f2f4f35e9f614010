"""The page sweep: every swept address as each role that may see it, in Hungarian
and in English, at a phone's and a desktop's size, in one browser context per role,
language and size. Every problem is collected (never stopping at the first) and
reported together, grouped by what is wrong.

What counts as a problem on a page: a console error or an uncaught script error, a
request of the page answered 4xx/5xx or failing, an answer other than 200, English
on the Hungarian page (:mod:`tests.sweep.text`), a number or date written the
Hungarian way where a machine reads it, a select of names not in the Hungarian
order, and (on the phone) a page wider than the screen. A fetched address must
answer 200 with its type. Every export a page offers (``?_export=csv|xlsx``) is
opened as the reader's spreadsheet would, in both languages.

Time: public pages are swept at both sizes and in both languages as a visitor; a
signed-in role sees them in Hungarian at its usual size (the phone for players,
captains and referees, the desktop for the jury and officials), since only the
navigation differs and the role's own pages sweep it fully. Every other page is swept
at both sizes, in both languages, as every role that may see it. Files are fetched
once, in Hungarian (a file is the same at every size, and what a machine reads must
not change with the language).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urljoin, urlsplit

from tests.sweep import routes, text
from tests.sweep.browser import (
    READ_PAGE,
    Reading,
    export_problems,
    localised_for_machines,
    unsorted_selects,
)
from tests.sweep.demo import ANONYMOUS, DemoIds

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
SIZES = {"phone": PHONE, "desktop": DESKTOP}
LANGUAGES = ("hu", "en")
USUAL_SIZE = {"player": "phone", "captain": "phone", "referee": "phone"}
# The admin is Django's, for officials at a desk: swept at the desktop's size, its
# lists in Hungarian (what an official reads; Django translates its own words), its
# index in both languages.
DESK_ONLY = ("admin:",)
ADMIN = "/admin/"
# What is inside these elements is code (a file's format, a key), not words.
CODE_ELEMENTS = ("code", "kbd", "samp", "pre")
# Requests the page itself cancels (a poll left behind by navigating on).
ABORTED = ("net::ERR_ABORTED",)


@dataclass
class Problems:
    """Every problem found, by kind, each once with where it was seen."""

    found: dict[str, dict[str, set[str]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(set))
    )

    def add(self, kind: str, what: str, where: str) -> None:
        self.found[kind][what].add(where)

    def report(self) -> str:
        lines = []
        for kind in sorted(self.found):
            lines.append(f"== {kind} ({len(self.found[kind])})")
            for what, wheres in sorted(self.found[kind].items()):
                places = sorted(wheres)
                more = f" (+{len(places) - 3} more)" if len(places) > 3 else ""
                lines.append(f"  {what}\n      at {'; '.join(places[:3])}{more}")
        return "\n".join(lines)

    def __bool__(self) -> bool:
        return bool(self.found)


@dataclass(frozen=True)
class Visit:
    name: str
    sweep: routes.Sweep
    address: str


def visits_for(role: str, language: str, size: str, demo: DemoIds) -> list[Visit]:
    """What ``role`` sweeps in ``language`` at ``size``."""
    chosen = []
    for name, sweep in routes.swept().items():
        if role not in sweep.roles:
            continue
        public = ANONYMOUS in sweep.roles
        if sweep.kind == "page":
            if name.startswith(DESK_ONLY) and (
                size != "desktop" or (language != "hu" and name != "admin:index")
            ):
                continue
            if (
                public
                and role != ANONYMOUS
                and (size != USUAL_SIZE.get(role, "desktop") or language != "hu")
            ):
                continue
        elif size != "desktop" or language != "hu":
            continue  # a file is the same at every size; Hungarian breaks machines
        chosen.append(Visit(name, sweep, sweep.address(name, demo)))
    return chosen


class Sweeper:
    """Sweeps with ``browser`` the site at ``base_url``; ``sign_in(context, role)``
    gives a context the role's session."""

    def __init__(
        self,
        browser: Any,
        base_url: str,
        demo: DemoIds,
        names: Iterable[str],
        sign_in: Callable[[Any, str], None],
    ) -> None:
        self.browser = browser
        self.base_url = base_url.rstrip("/")
        self.demo = demo
        self.names = text.names_vocabulary(names)
        self.folded_names = frozenset(word.casefold() for word in self.names)
        self.whole_names = frozenset(names)
        self.sign_in = sign_in
        self.problems = Problems()
        self.readings: dict[tuple[str, str, str, str], Reading] = {}
        self.exported: set[tuple[tuple[str, str, str], str]] = set()
        self.pages = 0

    def run(self, roles: Iterable[str] = routes.ROLES) -> Problems:
        for role in roles:
            for size in SIZES:
                for language in LANGUAGES:
                    self._context(role, language, size)
        self._compare_languages()
        return self.problems

    def _context(self, role: str, language: str, size: str) -> None:
        visits = visits_for(role, language, size, self.demo)
        if not visits:
            return
        context = self.browser.new_context(
            locale="hu-HU" if language == "hu" else "en-GB",
            viewport=SIZES[size],
            is_mobile=size == "phone",
            has_touch=size == "phone",
            extra_http_headers={"Accept-Language": language},
            service_workers="block",
        )
        try:
            context.add_cookies(
                [{"name": "django_language", "value": language, "url": self.base_url}]
            )
            if role != ANONYMOUS:
                self.sign_in(context, role)
            page = context.new_page()
            page.set_default_timeout(30_000)
            events: list[tuple[str, str]] = []
            page.on(
                "console",
                lambda m: (
                    events.append(("console error", m.text))
                    if m.type == "error"
                    else None
                ),
            )
            page.on("pageerror", lambda e: events.append(("script error", str(e))))
            page.on(
                "response",
                lambda r: (
                    events.append(("failed request", f"{r.status} {r.url}"))
                    if r.status >= 400 and r.request.resource_type != "document"
                    else None
                ),
            )
            page.on(
                "requestfailed",
                lambda r: (
                    None
                    if (r.failure or "").startswith(ABORTED)
                    else events.append(("failed request", f"{r.failure} {r.url}"))
                ),
            )
            for visit in visits:
                where = f"{visit.address} as {role}, {language}, {size}"
                if visit.sweep.kind == "page":
                    events.clear()
                    self._page(page, visit, role, language, size, where)
                    for kind, what in events:
                        self.problems.add(kind, self._short(what), where)
                else:
                    self._fetch(context, visit, where)
        finally:
            context.close()

    def _short(self, what: str) -> str:
        return what.replace(self.base_url, "")[:300]

    def _page(
        self, page: Any, visit: Visit, role: str, language: str, size: str, where: str
    ) -> None:
        response = page.goto(self.base_url + visit.address, wait_until="load")
        self.pages += 1
        status = response.status if response else 0
        if status != 200:
            self.problems.add("answer not 200", f"{visit.name}: {status}", where)
            return
        reading = Reading.of(
            page.evaluate(READ_PAGE),
            address=visit.address,
            role=role,
            language=language,
            size=size,
        )
        self.readings[(visit.address, role, language, size)] = reading
        if reading.lang != language:
            self.problems.add("page language", f'<html lang="{reading.lang}">', where)
        for found in localised_for_machines(reading):
            self.problems.add("localised where a machine reads", found, where)
        for found in unsorted_selects(reading, self.whole_names):
            self.problems.add("names not in the Hungarian order", found, where)
        if size == "phone" and reading.overflow > 1:
            self.problems.add(
                "wider than the phone",
                f"{visit.name}: {reading.overflow} px too wide",
                where,
            )
        if role == ANONYMOUS and size == "desktop":
            self._exports(page, reading, where)
        if language == "hu":
            for run, at in reading.runs:
                if self._not_words(run, at, visit.address):
                    continue
                english = text.english_in(run)
                # A name alone is not English even when it is also a word of the
                # catalogue (the demo's accounts are called "referee", "captain").
                if english and english not in self.whole_names:
                    self.problems.add(
                        "English on a Hungarian page (the catalogue's)",
                        f"{english!r} in <{at}> {run[:120]!r}",
                        where,
                    )
                    continue
                words = text.english_words_in(run, self.folded_names)
                if words:
                    self.problems.add(
                        "English words in a Hungarian text",
                        f"{', '.join(words[:5])} in <{at}> {run[:120]!r}",
                        where,
                    )

    def _exports(self, page: Any, reading: Reading, where: str) -> None:
        """Every export the page offers, once per language, opened as the reader's
        spreadsheet would."""
        for href in reading.exports:
            address = urljoin(page.url, href)  # after a redirect: the page shown
            query = dict(parse_qsl(urlsplit(address).query))
            key = (urlsplit(address).path, query.get("table", ""), query["_export"])
            if (key, reading.language) in self.exported:
                continue
            self.exported.add((key, reading.language))
            response = page.context.request.get(address)
            self.pages += 1
            if response.status != 200:
                self.problems.add("answer not 200", f"{href}: {response.status}", where)
                continue
            for found in export_problems(
                response.body(), query["_export"], reading.language
            ):
                self.problems.add("exports", found, f"{href} ({where})")

    def _not_words(self, run: str, at: str, address: str) -> bool:
        """Code, a name, or on the admin's pages a text Django writes: not the
        site's words."""
        return (
            at in CODE_ELEMENTS
            or text.is_code(run)
            or run.strip(" ·:,;()") in self.whole_names
            or (address.startswith(ADMIN) and run in text.django_words())
        )

    def _fetch(self, context: Any, visit: Visit, where: str) -> None:
        response = context.request.get(self.base_url + visit.address)
        self.pages += 1
        kind = response.headers.get("content-type", "")
        if response.status != 200:
            self.problems.add(
                "answer not 200", f"{visit.name}: {response.status}", where
            )
        elif not kind.startswith(visit.sweep.content_type):
            self.problems.add("unexpected type", f"{visit.name}: {kind}", where)

    def _compare_languages(self) -> None:
        """Runs the same in the Hungarian and the English rendering of a page (same
        role, same size) that are more than names and numbers."""
        for (address, role, language, size), hu in self.readings.items():
            if language != "hu":
                continue
            en = self.readings.get((address, role, "en", size))
            if en is None:
                continue
            english_runs = {run for run, _ in en.runs}
            for run, at in hu.runs:
                if run not in english_runs or self._not_words(run, at, address):
                    continue
                words = text.not_names(run, self.names)
                if words:
                    self.problems.add(
                        "the same text in Hungarian and English",
                        f"{run[:120]!r} in <{at}> (words: {', '.join(words[:5])})",
                        f"{address} as {role}, {size}",
                    )
