"""Names in the Hungarian order, in pure Python (no Django: the pure rule modules, such
as ``competitions.rules.standings``, sort with it; ``core.collation`` adds the
databases' side).

Hungarian sorts cs, dz, dzs, gy, ly, ny, sz, ty and zs as letters of their own (Cegléd
before Csongrádi, Gödöllői before Győri, Székesfehérvári before Szombathelyi) and an
accent only breaks a tie between otherwise equal names (Váci before Veszprémi: á is
an a, then sorted after it); ö/ő and ü/ű are letters of their own after o and u.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

# The Hungarian alphabet, each entry a letter of its own; accented vowels share
# their base letter's rank (a secondary difference), ö/ő and ü/ű are letters.
ALPHABET = [
    "a",
    "b",
    "c",
    "cs",
    "d",
    "dz",
    "dzs",
    "e",
    "f",
    "g",
    "gy",
    "h",
    "i",
    "j",
    "k",
    "l",
    "ly",
    "m",
    "n",
    "ny",
    "o",
    "ö",
    "p",
    "q",
    "r",
    "s",
    "sz",
    "t",
    "ty",
    "u",
    "ü",
    "v",
    "w",
    "x",
    "y",
    "z",
    "zs",
]
_RANK = {letter: index for index, letter in enumerate(ALPHABET)}
_SAME_LETTER = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ő": "ö", "ű": "ü"}
_ACCENT = {"á": 1, "é": 1, "í": 1, "ó": 1, "ú": 1, "ő": 1, "ű": 1}
_DIGRAPHS = sorted((letter for letter in ALPHABET if len(letter) > 1), key=len)[::-1]
_LETTERS_FROM = len(ALPHABET) + 20  # after every letter: other characters


def _tokens(text: str) -> list[str]:
    """The text's letters, digraphs taken first (longest first: dzs before dz)."""
    text = unicodedata.normalize("NFC", text.casefold())
    tokens: list[str] = []
    index = 0
    while index < len(text):
        for digraph in _DIGRAPHS:
            if text.startswith(digraph, index):
                tokens.append(digraph)
                index += len(digraph)
                break
        else:
            tokens.append(text[index])
            index += 1
    return tokens


def _primary(token: str) -> int:
    letter = _SAME_LETTER.get(token, token)
    if letter in _RANK:
        return 10 + _RANK[letter]
    if token.isspace() or token in "-.,'’":
        return 0  # separators first: "Kis Éva" before "Kisfaludi"
    if token.isdigit():
        return 1 + int(token) % 10 if token.isascii() else 5
    base = "".join(
        ch
        for ch in unicodedata.normalize("NFKD", token)
        if not unicodedata.combining(ch)
    )
    if base in _RANK:
        return 10 + _RANK[base]
    return _LETTERS_FROM + ord(token)


@lru_cache(maxsize=4096)
def collation_key(text: str) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """The Hungarian sort key of ``text``: letters first, then accents, then case
    and the raw text so that different names never compare equal."""
    tokens = _tokens(text or "")
    primary = tuple(_primary(token) for token in tokens)
    secondary = tuple(_ACCENT.get(token, 0) for token in tokens)
    return primary, secondary, text or ""


def hu_sorted(items: Iterable[T], key: Callable[[T], str] | None = None) -> list[T]:
    """``items`` sorted by the Hungarian order of ``key(item)`` (default: str)."""
    name: Callable[[T], str] = key or str
    return sorted(items, key=lambda item: collation_key(name(item)))
