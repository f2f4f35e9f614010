"""English on a Hungarian page, found three ways:

- **the catalogue**: the site's own English strings (the msgids of
  ``locale/hu/LC_MESSAGES/django.po`` whose Hungarian differs) found on a Hungarian
  page — a string that was never translated, or not looked up at all;
- **English words**: a word of those strings that no Hungarian string of the
  catalogue uses, inside a Hungarian text (an English word left in a translation, a
  code such as ``dschinn`` shown for a name);
- **the two renderings**: the same page in Hungarian and in English, as the same
  role at the same size; a text run that is the same in both is English that never
  went through gettext (or Hungarian on the English page), unless it is only names,
  numbers and the words listed in :data:`SAME_IN_BOTH` with their reason.

Names come from the database (players, teams, clubs, venues, events, games and
competitions as officials named them, accounts), so a new team never trips it.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from django.conf import settings

MO = Path(settings.BASE_DIR) / "locale" / "hu" / "LC_MESSAGES" / "django.mo"
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?", re.UNICODE)
PLACEHOLDER = re.compile(r"%\([^)]*\)[sd]|%[sd]|\{[^}]*\}")

# Words that are the same in both languages on purpose.
SAME_IN_BOTH = {
    # the language switch shows each language in its own name
    "English",
    "Magyar",
    # the product, formats and standards people know by these names
    "Tarokk",
    "Admin",
    "CSV",
    "XLSX",
    "JSON",
    "PDF",
    "API",
    "iCalendar",
    "UTF",
    "OK",
    # the card game's own terms, the same in both languages (the Grand Prix, XXI)
    "Grand",
    "Prix",
    "XXI",
    "XIX",
    "XX",
    "XVI",
    "XVII",
    "XVIII",
    "SKIZ",
    "Skíz",
    "Pagát",
    # rule numbers (R15) and roles' abbreviations are letters and digits
    "R",
}


@cache
def catalogue() -> dict[str, str]:
    """msgid → Hungarian of every entry whose Hungarian differs (plural forms
    under their singular and plural msgids)."""
    with MO.open("rb") as handle:
        raw = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    entries: dict[str, str] = {}
    plurals: dict[str, str] = {}
    for key, value in raw.items():
        if not key:
            continue
        if isinstance(key, tuple):
            msgid = key[0]
            plurals.setdefault(msgid, value)
            continue
        msgid = key.split("\x04")[-1]
        if value and value != msgid:
            entries[msgid] = value
    for msgid, value in plurals.items():
        singular = msgid.split("\x04")[-1].split("\x00")[0]
        if value and value != singular:
            entries[singular] = value
    return entries


@cache
def same_in_catalogue() -> frozenset[str]:
    """Words of the entries the catalogue keeps the same in Hungarian (the card
    game's loanwords such as Visi, L'amour, Stella; CSV)."""
    with MO.open("rb") as handle:
        raw = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    return frozenset(
        word
        for key, value in raw.items()
        if isinstance(key, str) and key and key == value and "%" not in key
        for word in WORD.findall(key)
    )


@cache
def english_fragments() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Whole runs a Hungarian page must never show (each msgid, placeholders
    removed), and phrases it must never contain (the msgids' fragments of three
    words or more between placeholders), indexed by their first word."""
    whole: set[str] = set()
    phrases: dict[str, set[str]] = {}
    for msgid in catalogue():
        if "\n" in msgid or len(msgid) > 300:
            continue
        parts = [p.strip(" .,:;·–-()") for p in PLACEHOLDER.split(msgid)]
        text = " ".join(" ".join(parts).split())
        if len(WORD.findall(text)) >= 1 and len(text) >= 3:
            whole.add(text)
        for part in parts:
            words = WORD.findall(part)
            if len(words) >= 3 and len(part) >= 12:
                phrases.setdefault(words[0], set()).add(" ".join(part.split()))
    return frozenset(whole), {
        first: tuple(sorted(group)) for first, group in phrases.items()
    }


@lru_cache(maxsize=100_000)
def english_in(run: str) -> str | None:
    """The English string of the catalogue that ``run`` shows, or None."""
    whole, phrases = english_fragments()
    text = normal(run)
    bare = text.strip(" .,:;·–-()")
    if bare in SAME_IN_BOTH:
        return None
    if bare in whole:
        return bare
    wordy = normal(re.sub(r"[\d.,:;·–()-]+", " ", bare))  # "Team Championship 2027"
    if wordy in whole:
        return wordy
    for word in WORD.finditer(text):
        for phrase in phrases.get(word.group(), ()):
            end = word.start() + len(phrase)
            if (
                text.startswith(phrase, word.start())
                and not text[end : end + 1].isalnum()
            ):
                return phrase
    return None


@cache
def english_words() -> frozenset[str]:
    """Lower-case words of four letters or more that the catalogue's English uses
    and its Hungarian never does."""
    with MO.open("rb") as handle:
        raw = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    english: set[str] = set()
    hungarian: set[str] = set()
    for key, value in raw.items():
        msgid = key[0] if isinstance(key, tuple) else key
        if not msgid or msgid == value:
            continue
        english |= {w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", msgid))}
        hungarian |= {w.casefold() for w in WORD.findall(PLACEHOLDER.sub(" ", value))}
    same = {word.casefold() for word in same_in_catalogue()}
    return frozenset(word for word in english - hungarian - same if len(word) >= 4)


def english_words_in(run: str, folded_names: frozenset[str]) -> list[str]:
    """The catalogue's English words in ``run`` that are not a name's (the names'
    words case-folded; codes and a script's ``{placeholders}`` left out)."""
    return [
        word
        for word in WORD.findall(IDENTIFIER.sub(" ", run))
        if word.casefold() in english_words()
        and word.casefold() not in folded_names
        and word not in SAME_IN_BOTH
    ]


def is_code(run: str) -> bool:
    """An identifier, an address or a file's name: the same in every language
    (``match_completed``, ``https://…``, ``season.json``, ``a@example.org``)."""
    return bool(CODE.fullmatch(run.strip()))


# Inside a text: an identifier (``notices_send``) or a script's ``{placeholder}``.
IDENTIFIER = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b|\{[^}]*\}")
CODE = re.compile(
    r"[a-z0-9]+(?:_[a-z0-9]+)+|https?://\S+|[\w.+-]+@[\w.-]+|[\w.-]+\.(?:json|csv|ics|pdf)"
)


def normal(text: str) -> str:
    return " ".join(text.split())


def not_names(run: str, names: frozenset[str]) -> list[str]:
    """The words of ``run`` that are neither a name's word nor the same in both
    languages on purpose (codes and ``{placeholders}`` left out)."""
    return [
        word
        for word in WORD.findall(IDENTIFIER.sub(" ", run))
        if word not in names
        and word not in SAME_IN_BOTH
        and word not in same_in_catalogue()
        and not (len(word) == 1 and word.isupper())
    ]


def names_vocabulary(names: Iterable[str]) -> frozenset[str]:
    """Every word of the given names."""
    return frozenset(word for name in names for word in WORD.findall(name or ""))


@cache
def django_words() -> frozenset[str]:
    """What Django's admin writes itself, translated by Django's own catalogue
    (or left in English by it): its msgids and their translations, and the
    alternative text of its yes/no icons, which is the Python value."""
    import django

    words = {"True", "False", "None"}
    root = Path(django.__file__).parent
    for mo in (
        root / "conf" / "locale" / "hu" / "LC_MESSAGES" / "django.mo",
        root / "contrib" / "admin" / "locale" / "hu" / "LC_MESSAGES" / "django.mo",
    ):
        with mo.open("rb") as handle:
            raw = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
        for key, value in raw.items():
            msgid = key[0] if isinstance(key, tuple) else key
            if msgid:
                words.add(msgid.split("\x04")[-1].split("\x00")[0])
                words.add(value)
    return frozenset(words)
