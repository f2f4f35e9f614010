"""The Royal Tarokk rules engine (R1-R13): pure Python, no Django.

Public contract (HAND_RECORD.md): :func:`score_hand_record` and :func:`score_match_record`.
"""

from .outcomes import announcements_made, feast_name, trophies_made
from .records import (
    MATCH_HANDS,
    TIEBREAK_HANDS,
    score_hand_record,
    score_match_record,
    sheet_from_play,
)

__all__ = [
    "MATCH_HANDS",
    "TIEBREAK_HANDS",
    "announcements_made",
    "feast_name",
    "score_hand_record",
    "score_match_record",
    "sheet_from_play",
    "trophies_made",
]
