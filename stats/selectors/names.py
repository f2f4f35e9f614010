"""Names sorted as Hungarians sort them (UX.md): Gödöllő before Győr, Szombathely
after Székesfehérvár. Python compares code points, which puts "Ács" after "Zala"
and "Győr" before "Gödöllő"; this key follows the Hungarian alphabet instead.

The alphabet's letters are a á b c cs d dz dzs e é f g gy h i í j k l ly m n ny o ó
ö ő p q r s sz t ty u ú ü ű v w x y z zs. At the first level a long vowel equals its
short one (á = a) while ö and ü are letters of their own, and cs, dz, dzs, gy, ly,
ny, sz, ty, zs are single letters sorted after their first character.
"""

from __future__ import annotations

import unicodedata

_DIGRAPHS = ("dzs", "cs", "dz", "gy", "ly", "ny", "sz", "ty", "zs")
_VOWELS = {"á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u", "ő": "ö", "ű": "ü"}
_AFTER = {"ö": "o~", "ü": "u~"}


def _letters(word: str) -> list[str]:
    out, i = [], 0
    while i < len(word):
        for digraph in _DIGRAPHS:
            if word.startswith(digraph, i):
                out.append(digraph[0] + "~" * len(digraph))
                i += len(digraph)
                break
        else:
            char = _VOWELS.get(word[i], word[i])
            char = _AFTER.get(char, char)
            if char not in _AFTER.values():
                # other accented letters (foreign names): their base letter
                decomposed = unicodedata.normalize("NFKD", char)
                char = decomposed[0] if decomposed else char
            out.append(char)
            i += 1
    return out


def hungarian_key(name: str) -> tuple[tuple[str, ...], str]:
    """A sort key in the Hungarian order; ties broken by the name itself."""
    return (tuple(_letters(name.casefold())), name)
