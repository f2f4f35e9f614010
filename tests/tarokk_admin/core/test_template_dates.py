"""Dates people read are written in the reader's language (``SHORT_DATE_FORMAT``,
``SHORT_DATETIME_FORMAT``: 2026.05.02. in Hungarian), never with a fixed
``|date:"Y-m-d"`` (the stored ISO form) — which stays for what machines read: an
input's ``value``, a ``datetime`` or ``data-`` attribute, an address (``{% url %}``)."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
ISO = re.compile(r"""\|date:["']Y-m-d""")
# An output tag in text ({{ … }} not opening an attribute's value) or a sentence
# (blocktranslate with a date).
PEOPLE = re.compile(r"""(?<![=]["'])\{\{[^}]*?\}\}|\{%\s*blocktranslate[^%]*%\}""")


def iso_dates_people_read() -> dict[str, int]:
    found: dict[str, int] = {}
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        count = sum(1 for tag in PEOPLE.findall(text) if ISO.search(tag))
        if count:
            found[str(path.relative_to(TEMPLATES))] = count
    return found


def test_dates_people_read_are_in_the_readers_language():
    assert iso_dates_people_read() == {}


def test_the_check_finds_a_date_in_text_and_leaves_values_and_addresses():
    text = (
        '<input value="{{ d|date:"Y-m-d" }}"> <a href="{% url "x" d|date:"Y-m-d" %}">'
        '<time datetime="{{ d|date:"Y-m-d" }}">{{ d|date:"Y-m-d" }}</time>'
        '{% blocktranslate with when=d|date:"Y-m-d" %}on {{ when }}{% endblocktranslate %}'
    )
    tags = [tag for tag in PEOPLE.findall(text) if ISO.search(tag)]
    assert len(tags) == 2
