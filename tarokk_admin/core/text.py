"""Text helpers for names: accent-blind search keys."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lower-case without accents, for search: "Kovács Éva" -> "kovacs eva"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
