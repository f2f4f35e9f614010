"""Forms of the result-entry workflow: the score sheet of a hand and the match page."""

from scoring.forms.hand import AnnouncementFormSet, HandForm
from scoring.forms.match import (
    AnswerForm,
    ApprovalForm,
    CutForm,
    LineupForm,
    OpenMatchFilter,
    RecordUploadForm,
    RefereeForm,
)
from scoring.forms.record import (
    error_field,
    hand_forms,
    initial_from_record,
    place_errors,
    record_from_forms,
)

__all__ = [
    "AnnouncementFormSet",
    "AnswerForm",
    "ApprovalForm",
    "CutForm",
    "HandForm",
    "LineupForm",
    "OpenMatchFilter",
    "RecordUploadForm",
    "RefereeForm",
    "error_field",
    "hand_forms",
    "initial_from_record",
    "place_errors",
    "record_from_forms",
]
