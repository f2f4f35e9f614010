"""Disputed results (R15): a captain disputes a completed result with a note
(``results.result_answer``); an official resolves the dispute with a note, which
closes it for both teams of the match. Who, when and the note are kept, with the
result's history."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Match, MatchResult, NoticeKind
from competitions.services.notices import notice_match
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.words import app_words

NOTE_MAX = 1000


@transaction.atomic
def dispute_resolve(*, match: Match, user: Any, note: str) -> list[MatchResult]:
    """Close the match's dispute: both teams' results become "dispute resolved",
    with the official's note; refused without a note or an open dispute."""
    note = note.strip()
    if not note:
        ERRORS.refuse("dispute_note_missing", field="note")
    if len(note) > NOTE_MAX:
        ERRORS.refuse("dispute_note_too_long", field="note", n=NOTE_MAX)
    Match.objects.select_for_update(of=("self",)).filter(pk=match.pk).first()
    rows = list(MatchResult.objects.select_for_update(of=("self",)).filter(match=match))
    if not any(row.answer == MatchResult.Answer.DISPUTED for row in rows):
        ERRORS.refuse("no_open_dispute")
    now = timezone.now()
    for row in rows:
        row.answer = MatchResult.Answer.RESOLVED
        row.resolved_by, row.resolved_at, row.resolution_note = user, now, note
        history_mark(row, user, app_words(gettext_noop("dispute resolved")))
        row.save()
    notice_match(NoticeKind.DISPUTE_RESOLVED, match=match, note=note)
    return rows
