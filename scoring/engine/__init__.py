"""The Royal Tarokk rules engine (R1-R13): pure Python, no Django.

Public contract (HAND_RECORD.md): :func:`score_hand_record` and :func:`score_match_record`;
every error they report carries a code of :class:`ErrorCode`.
"""

from .codes import ErrorCode
from .records import score_hand_record, score_match_record, sheet_from_play

__all__ = ["ErrorCode", "score_hand_record", "score_match_record", "sheet_from_play"]
