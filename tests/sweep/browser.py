"""What the sweep reads from a page in the browser, and what it finds wrong there.

One script (:data:`READ_PAGE`) reads, after the page has loaded: every text run
(text nodes, and the titles, labels, placeholders and alternative texts people read
or hear), the attributes machines read (SVG geometry, the values of date, time,
number and hidden inputs, ``data-*``, addresses' query strings), the options of every
select, and whether the page is wider than the screen.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import openpyxl

from tarokk_admin.core.collation import collation_key

READ_PAGE = """() => {
  const runs = [];
  const machine = [];
  const selects = [];
  const skip = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || skip.has(parent.tagName)) continue;
    if (parent.closest("head") && parent.tagName !== "TITLE") continue;
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    if (text) runs.push([text, parent.tagName.toLowerCase()]);
  }
  const clean = (value) => value.replace(/\\s+/g, " ").trim();
  const people = ["title", "aria-label", "placeholder", "alt", "aria-description",
                  "aria-roledescription", "data-bs-title"];
  for (const el of document.querySelectorAll(people.map(n => "[" + n + "]").join(","))) {
    const tag = el.tagName.toLowerCase();
    for (const name of people) {
      const value = el.getAttribute(name);
      if (value && value.trim()) runs.push([clean(value), tag + "@" + name]);
    }
  }
  const buttons = "input[type=submit], input[type=button], input[type=reset]";
  for (const el of document.querySelectorAll(buttons)) {
    if (el.value) runs.push([clean(el.value), "input@value"]);
  }
  const geometry = new Set(["x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx",
    "ry", "width", "height", "points", "viewbox", "d", "transform", "dx", "dy"]);
  for (const el of document.querySelectorAll("svg, svg *")) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (geometry.has(name)) machine.push([el.tagName.toLowerCase(), name, attr.value, ""]);
    }
  }
  const data = document.evaluate("//*[@*[starts-with(name(), 'data-')]]", document, null,
                                 XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
  for (let i = 0; i < data.snapshotLength; i++) {
    const el = data.snapshotItem(i);
    const tag = el.tagName.toLowerCase();
    for (const attr of el.attributes) {
      if (!attr.name.startsWith("data-")) continue;
      machine.push([tag, attr.name, attr.value, ""]);
      if (/\\p{L}{2,}\\s+\\p{L}{2,}/u.test(attr.value)) {
        runs.push([clean(attr.value), tag + "@" + attr.name]);
      }
    }
  }
  const ranges = "progress, meter, input[min], input[max], input[step]";
  for (const el of document.querySelectorAll(ranges)) {
    const tag = el.tagName.toLowerCase();
    for (const name of (tag === "input" ? ["min", "max", "step"] : ["value", "min", "max"])) {
      if (el.hasAttribute(name)) machine.push([tag, name, el.getAttribute(name), ""]);
    }
  }
  for (const el of document.querySelectorAll('a[href*="?"]')) {
    machine.push(["a", "href", el.getAttribute("href"), ""]);
  }
  const kinds = ["date", "time", "datetime-local", "month", "week", "number", "range", "hidden"];
  for (const el of document.querySelectorAll("input")) {
    if (kinds.includes(el.type)) {
      machine.push(["input", "value", el.getAttribute("value") || "", el.type]);
    }
  }
  for (const el of document.querySelectorAll("select")) {
    selects.push([el.name || el.id, Array.from(el.options)
      .filter(o => o.value !== "")
      .map(o => clean(o.textContent))]);
  }
  const exports = Array.from(document.querySelectorAll('a[href*="_export="]'))
    .map(a => a.getAttribute("href"));
  return {
    lang: document.documentElement.lang,
    runs, machine, selects, exports,
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  };
}"""

HUNGARIAN_DATE = re.compile(r"\d{4}\.\s?\d{1,2}\.\s?\d{1,2}\.")
MACHINE_VALUE = {
    "date": re.compile(r"(\d{4}-\d{2}-\d{2})?"),
    "time": re.compile(r"(\d{2}:\d{2}(:\d{2})?)?"),
    "datetime-local": re.compile(r"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?"),
    "number": re.compile(r"(-?\d+(\.\d+)?)?"),
    "range": re.compile(r"(-?\d+(\.\d+)?)?"),
}
NUMERIC = re.compile(r"[-+]?[\d\s\u00a0]*\d,\d+")
NUMBER = re.compile(r"-?\d+(\.\d+)?")
POINT = re.compile(r"-?\d+(\.\d+)?,-?\d+(\.\d+)?")


@dataclass
class Reading:
    """One page as the browser showed it to one role in one language at one size."""

    address: str
    role: str
    language: str
    size: str
    lang: str = ""
    runs: list[tuple[str, str]] = field(default_factory=list)
    machine: list[tuple[str, str, str, str]] = field(default_factory=list)
    selects: list[tuple[str, list[str]]] = field(default_factory=list)
    exports: list[str] = field(default_factory=list)
    overflow: int = 0

    @classmethod
    def of(cls, data: dict[str, Any], **where: str) -> Reading:
        return cls(
            lang=data["lang"],
            runs=[tuple(run) for run in data["runs"]],
            machine=[tuple(item) for item in data["machine"]],
            selects=[(name, list(options)) for name, options in data["selects"]],
            exports=list(data["exports"]),
            overflow=int(data["overflow"]),
            **where,
        )


def localised_for_machines(reading: Reading) -> list[str]:
    """Machine-read values written the Hungarian way (``210,0``, ``2027.02.06.``)
    or not in the shape their input takes."""
    found = []
    for tag, name, value, kind in reading.machine:
        shape = MACHINE_VALUE.get(kind)
        if name == "value" and shape is not None:
            if not shape.fullmatch(value):
                found.append(f'<{tag} type={kind}> value="{value}"')
            continue
        if name == "href":
            query = value.split("?", 1)[1]
            if any(NUMERIC.fullmatch(v) for v in re.split(r"[&=]", query)):
                found.append(f'<a href="{value}">')
            continue
        if name == "points":
            wrong = not all(POINT.fullmatch(p) for p in value.split())
        elif name == "viewbox":
            wrong = not all(NUMBER.fullmatch(n) for n in value.split())
        elif name in {"d", "transform"}:
            wrong = False  # commas separate coordinates there
        else:
            wrong = bool(
                NUMERIC.fullmatch(value.strip()) or HUNGARIAN_DATE.search(value)
            )
        if wrong:
            found.append(f'<{tag} {name}="{value}">')
    return found


def unsorted_selects(reading: Reading, names: frozenset[str]) -> list[str]:
    """Selects of names (every option a team's, a player's or an account's name,
    perhaps with a federation number after it) not in the Hungarian order."""
    found = []
    for select, options in reading.selects:
        bare = [re.sub(r"\s*\([^)]*\)$", "", option) for option in options]
        if len(bare) < 2 or not all(option in names for option in bare):
            continue
        if bare != sorted(bare, key=collation_key):
            found.append(f"select {select}: {', '.join(bare[:6])}…")
    return found


SVG_TAGS = frozenset(
    ("svg", "g", "rect", "circle", "line", "polyline", "polygon", "path", "text")
)
GEOMETRY = frozenset(
    {"x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "rx", "ry", "width"}
    | {"height", "points", "viewbox", "d", "transform", "dx", "dy"}
)
MACHINE_INPUTS = frozenset(
    ["date", "time", "datetime-local", "month", "week", "number", "range", "hidden"]
)


class _MachineParser(HTMLParser):
    """The attributes machines read, from HTML as the server sent it (the same as
    :data:`READ_PAGE` collects in the browser)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.machine: list[tuple[str, str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        for name, value in values.items():
            if (
                (tag in SVG_TAGS and name in GEOMETRY)
                or name.startswith("data-")
                or (tag in ("progress", "meter") and name in ("value", "min", "max"))
                or (tag == "input" and name in ("min", "max", "step"))
                or (tag == "a" and name == "href" and "?" in value)
            ):
                self.machine.append((tag, name, value, ""))
        kind = values.get("type", "text")
        if tag == "input" and kind in MACHINE_INPUTS:
            self.machine.append((tag, "value", values.get("value", ""), kind))

    handle_startendtag = handle_starttag


def machine_values_in(html: str) -> list[str]:
    """What :func:`localised_for_machines` finds in ``html`` (no browser needed)."""
    parser = _MachineParser()
    parser.feed(html)
    reading = Reading(address="", role="", language="", size="", machine=parser.machine)
    return localised_for_machines(reading)


SHEET_DEFAULTS = ("Export Data", "Tablib Dataset", "Sheet", "Sheet1")
NUMBER_TEXT = re.compile(r"-?\d+(?:[.,]\d+)?")


def export_problems(content: bytes, fmt: str, language: str) -> list[str]:
    """What would open wrong in the reader's spreadsheet: a CSV without its
    byte-order mark, with another separator than the language's Excel expects, or
    decimals written the other language's way; an XLSX sheet named for no table,
    or numbers stored as text."""
    found = []
    if fmt == "csv":
        if not content.startswith(b"\xef\xbb\xbf"):
            found.append("CSV without a UTF-8 byte-order mark")
        text = content.decode("utf-8-sig")
        delimiter, wrong = (
            (";", r"-?\d+\.\d+") if language == "hu" else (",", r"-?\d+,\d+")
        )
        header = text.splitlines()[0] if text else ""
        if delimiter not in header:
            found.append(f"CSV fields not separated by {delimiter!r}: {header[:60]!r}")
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
        cells = [cell for row in rows[1:] for cell in row]
        decimals = [cell for cell in cells if re.fullmatch(wrong, cell)]
        if decimals:
            found.append(f"CSV decimals written {decimals[0]!r}")
        return found
    book = openpyxl.load_workbook(io.BytesIO(content))
    for sheet in book.worksheets:
        if sheet.title in SHEET_DEFAULTS or len(sheet.title) > 31:
            found.append(f"XLSX sheet named {sheet.title!r}")
        texts = [
            cell.value
            for row in sheet.iter_rows(min_row=2)
            for cell in row
            if isinstance(cell.value, str) and NUMBER_TEXT.fullmatch(cell.value)
        ]
        if texts:
            found.append(f"XLSX number stored as text: {texts[0]!r}")
    return found
