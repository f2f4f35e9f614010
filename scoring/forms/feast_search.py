"""The feast picker's catalogue: every announcement under the names a table uses.

A referee types what the players said at the table: the English name, the code, the
Hungarian or German name, or a common table name ("Trull", "Ultimo", "centrum",
"kismadár"). :data:`TABLE_NAMES` holds the table names the rules and the sources in
the federation's seeds use; the English, Hungarian and German names come from the
catalogue (R13) and its translations. :func:`feast_matches` ranks the catalogue for
what is typed, accent- and case-blind: exact names first, then names whose leading words it
is, then names starting with it, then names with a word starting with it, then names
containing it; catalogue order
breaks ties. The page gets the same data (:func:`picker_data`) and ranks the same way
in ``static/js/feast_picker.js``; nothing is ever chosen by the ranking itself.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from functools import lru_cache
from typing import Any

from django.utils import translation

from scoring.engine.catalogue import FEASTS, Group
from scoring.forms.hand import FEAST_SECTIONS, feast_label, feast_params

# Table names of the announcements (the rules' R13 names in brackets, the seeds' names
# of the same feat). Silent premiums are listed so the picker can say where they go.
TABLE_NAMES: dict[str, tuple[str, ...]] = {
    "suit_count": ("színszám", "szinlap", "cards of a suit"),
    "trumps_count": ("tarokkszám", "trump count", "nyolc tarokk", "kilenc tarokk"),
    "birds": ("madarak", "bird"),
    "flush": ("teljes szín", "all of a suit"),
    "four_of_a_kind": ("four kings", "four queens", "négy király", "négy dáma"),
    "visi": ("XVIII",),
    "lamour": ("XIX",),
    "angel": ("XX", "angyal"),
    "honour": ("honőr", "honneur"),
    "heads": ("köpfe", "fejek"),
    "full_honours": ("trull", "tuletroá", "tuletroa", "tous les trois"),
    "obscure": ("homály",),
    "lie_in_wait": ("lesben",),
    "four_kings": ("négy király", "kings"),
    "silent_mond_capture": ("csendes mondfogás",),
    "play": ("játék", "spiel"),
    "cash": ("kassza", "kasse"),
    "bridge": ("híd", "brücke"),
    "octave": ("oktáv",),
    "misere": ("mizer", "misère"),
    "slam": ("volát", "volat", "valat", "all tricks"),
    "piccolo": ("pikoló",),
    "town_centre": ("városközpont",),
    "centre": ("centrum", "center", "zentrum"),
    "small_bird": ("kismadár", "kleiner vogel"),
    "large_bird": ("nagymadár", "großer vogel", "big bird"),
    "last_day_of_month": (
        "ultimo",
        "ultimó",
        "pagat ultimo",
        "pagátultimó",
        "king ultimo",
        "királyultimó",
        "last trick",
    ),
    "before_end_of_month": ("penultimo", "penultimó", "ninth trick"),
    "kite": ("sárkány", "uhu", "pagátuhu", "királyuhu", "eighth trick"),
    "seize": ("roham",),
    "turul": ("turul",),
    "pheasant": ("fácán", "fasan", "first trick"),
    "falcon": ("sólyom", "falke", "second trick"),
    "gang": ("bande",),
    "red_and_black": ("vörös és fekete", "rot und schwarz"),
    "army": ("sereg", "armee"),
    "legion": ("légió",),
    "pagat_capture": ("pagátfogás",),
    "second_pheasant": ("második fácán", "zweiter fasan"),
    "third_pheasant": ("harmadik fácán", "dritter fasan"),
    "fourth_pheasant": ("negyedik fácán", "vierter fasan"),
    "dschinn": ("dzsinn",),
    "marriage": ("házasság", "hochzeit"),
    "mond_capture": ("mondfogás", "mondfang", "XXI capture"),
    "golgotha": ("golgota",),
    "centaur": ("kentaur",),
    "bethlehem": ("betlehem",),
    "sphinx": ("szfinx",),
    "pyramid": ("piramis", "pyramide"),
    "spectrum": ("spektrum",),
    "court": ("udvar", "hof"),
    "harpy": ("hárpia", "harpyie"),
    "triumph": ("diadal",),
}

# The paper sheet's order (its sections, then catalogue rows): ties keep it.
SHEET_ORDER: dict[str, int] = {
    code: i
    for i, code in enumerate(
        code
        for group, _title in FEAST_SECTIONS
        for code, feast in FEASTS.items()
        if feast.group is group
    )
}

# Exact name; name whose leading words are the query ("four" in "four of a kind");
# name starting with it ("fourth"); a word starting with it; containing it.
EXACT, WORDS, PREFIX, WORD, INSIDE = range(5)


def fold(text: str) -> str:
    """Lower case without accents or punctuation: ``"Kismadár"`` -> ``"kismadar"``."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    kept = "".join(ch if ch.isalnum() else " " for ch in plain)
    return " ".join(kept.split())


@lru_cache(maxsize=8)
def _names(language: str) -> dict[str, tuple[str, ...]]:
    """Each feast's searchable names, folded: code, English, Hungarian, German, the
    active language's name and the table names."""
    names: dict[str, tuple[str, ...]] = {}
    for code, feast in FEASTS.items():
        found = [code.replace("_", " "), feast.name]
        for lang in ("hu", "en", language):
            with translation.override(lang):
                found.append(translation.gettext(feast.name))
        if feast.german:
            found.append(feast.german)
        found.extend(TABLE_NAMES.get(code, ()))
        folded = dict.fromkeys(fold(name) for name in found if name)
        names[code] = tuple(folded)
    return names


def _rank(query: str, names: tuple[str, ...]) -> int | None:
    best: int | None = None
    for name in names:
        if name == query:
            rank = EXACT
        elif name.startswith(f"{query} "):
            rank = WORDS
        elif name.startswith(query):
            rank = PREFIX
        elif f" {query}" in f" {name}":
            rank = WORD
        elif query in name:
            rank = INSIDE
        else:
            continue
        best = rank if best is None else min(best, rank)
    return best


def feast_matches(text: str, *, silent: bool = False) -> list[str]:
    """The feast codes matching ``text``, best first (see the module text); the
    announceable feasts only unless ``silent``. Empty text matches nothing."""
    query = fold(text)
    if not query:
        return []
    names = _names(translation.get_language() or "en")
    ranked: list[tuple[int, int, str]] = []
    for code, feast in FEASTS.items():
        if feast.is_silent and not silent:
            continue
        rank = _rank(query, names[code])
        if rank is not None:
            ranked.append((rank, SHEET_ORDER.get(code, feast.row + 100), code))
    return [code for _rank_, _row, code in sorted(ranked)]


def picker_data() -> dict[str, Any]:
    """The JSON the page's picker reads: each feast's searchable names and what it
    declares (the labels and sections come from the ``<select>`` it enhances), and
    the silent premiums, which the picker names but does not choose (they have their
    own checkboxes)."""
    names = _names(translation.get_language() or "en")
    return {
        "names": {code: names[code] for code in FEASTS},
        "params": {code: feast_params(code) for code in FEASTS if code in SHEET_ORDER},
        "silent": {
            code: feast_label(code)
            for code, f in FEASTS.items()
            if f.group is Group.SILENT
        },
    }


@lru_cache(maxsize=8)
def picker_script(language: str) -> tuple[bytes, str]:
    """:func:`picker_data` in ``language`` as a script the hand form loads (it sets
    ``window.TarokkFeastData``), and its version: the data changes only with a
    release, so browsers and the referee's service worker keep it once, instead of
    every hand form carrying it."""
    with translation.override(language):
        data = json.dumps(picker_data(), ensure_ascii=False, separators=(",", ":"))
    body = f"window.TarokkFeastData={data};\n".encode()
    return body, hashlib.sha256(body).hexdigest()[:12]
