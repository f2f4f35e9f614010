"""The Royal Tarokk rules engine (R1-R13): pure Python, no Django.

Public contract (HAND_RECORD.md): :func:`score_hand_record` and :func:`score_match_record`;
every error they report carries a code of :class:`ErrorCode`. ``MATCH_HANDS`` and
``TIEBREAK_HANDS`` are the number of hands in a match (R3) and a tie-breaker (R15).
What a judged hand says was made, for the callers that credit it: :mod:`.made`.
Which team attacks in a hand (R3): :func:`hand_sides`.
"""

from .codes import ErrorCode
from .made import announcements_made, feast_name, trophies_made
from .records import score_hand_record, score_match_record, sheet_from_play
from .scoring import MATCH_HANDS, TIEBREAK_HANDS
from .sides import hand_sides, match_totals

__all__ = [
    "MATCH_HANDS",
    "TIEBREAK_HANDS",
    "ErrorCode",
    "announcements_made",
    "feast_name",
    "hand_sides",
    "match_totals",
    "score_hand_record",
    "score_match_record",
    "sheet_from_play",
    "trophies_made",
]
