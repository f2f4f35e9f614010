"""Writing hands: every record goes through the engine (HAND_RECORD.md), nothing
partial is stored, and two people saving the same hand cannot overwrite each other."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.models import Match, NoticeKind
from competitions.services.disputes import dispute_resolve
from competitions.services.matches import match_check_playable, match_followup_queue
from competitions.services.notices import notice_match
from competitions.services.results import match_results_store
from scoring.engine import score_hand_record
from scoring.errors import ERRORS
from scoring.models import Hand
from scoring.selectors.access import can_enter_hands
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark


class HandRejected(ServiceError):
    """The engine refused the record; ``errors`` are its errors (code, message, path)."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        made = ERRORS.error("hand_rejected", n=len(errors))
        super().__init__(made.message, code=made.code)
        self.errors = errors


class HandConflict(ServiceError):
    """Someone else saved this hand since it was loaded; ``current`` is their version."""

    def __init__(self, current: Hand) -> None:
        made = ERRORS.error(
            "hand_conflict",
            number=current.number,
            user=current.updated_by or _("someone else"),
            version=current.version,
        )
        super().__init__(made.message, code=made.code)
        self.current = current


def hand_judge(record: Any) -> dict[str, Any]:
    """The engine's verdict, for previews: never raises, never stores."""
    return score_hand_record(record)


@transaction.atomic
def hand_save(
    *,
    match: Match,
    number: int,
    record: Any,
    user: Any,
    version: int | None = None,
    reason: str = "",
    followup: bool = True,
    resolve_dispute: bool = False,
) -> Hand:
    """Save hand ``number`` of ``match`` after the engine accepts it.

    ``version`` is the version the editor loaded (None for a new hand); a different
    stored version raises :class:`HandConflict`, unless the stored record is this very
    record (the same save sent twice), which is a no-op returning the stored hand.
    After completion only an official may correct a hand, with a reason; the match
    result is recomputed (unless ``followup`` is False: a caller saving several hands
    does that once at the end).
    ``resolve_dispute``: the correction answers the match's dispute, which is resolved
    with the correction's reason as its note (R15).
    """
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season", "team_a", "team_b")
        .get(pk=match.pk)
    )
    if not can_enter_hands(user, match):
        ERRORS.refuse("hands_not_yours")
    completed = match.status == Match.Status.COMPLETED
    if completed and not reason.strip():
        ERRORS.refuse("correction_reason_missing", field="reason")
    if not 1 <= number <= match.hands_expected:
        ERRORS.refuse("hand_number_outside", n=match.hands_expected, number=number)
    match_check_playable(match)
    result = score_hand_record(record)
    if not result["valid"]:
        raise HandRejected(result["errors"])
    hand = (
        Hand.objects.select_for_update(of=("self",))
        .filter(match=match, number=number)
        .first()
    )
    if hand is not None and version != hand.version:
        return _same_or_conflict(hand, record)
    if hand is None and version not in (None, 0):
        ERRORS.refuse("hand_deleted_meanwhile")
    fields = {
        "record": record,
        "result": {k: v for k, v in result.items() if k not in ("valid", "errors")},
        "attack_team_id": match.attack_team_id(number),
        "attack_score": result["attack"]["score"],
        "defence_score": result["defence"]["score"],
        "updated_by": user,
    }
    if hand is None:
        hand = Hand(match=match, number=number, **fields)
    else:
        for key, value in fields.items():
            setattr(hand, key, value)
        hand.version += 1
    history_mark(hand, user, reason or None)
    hand.save()
    if completed:
        _corrected(
            match, user=user, reason=reason, followup=followup, resolve=resolve_dispute
        )
    elif match.status == Match.Status.SCHEDULED:
        match.status = Match.Status.IN_PLAY
        history_mark(match, user)
        match.save(update_fields=["status"])
    return hand


def _same_or_conflict(hand: Hand, record: Any) -> Hand:
    """The same hand sent again (a save replayed from a referee's device after its
    answer was lost) is stored already: nothing changes, nothing is stored twice.
    Anything else saved over another version is a conflict."""
    if hand.record == record:
        return hand
    raise HandConflict(hand)


def _corrected(
    match: Match, *, user: Any, reason: str, followup: bool, resolve: bool
) -> None:
    """What follows a corrected hand of a completed match: the result recomputed, its
    follow-up queued and the captains told (unless the caller does that once for
    several hands), and the dispute it answers resolved (R15)."""
    if followup:
        match_results_store(match)
        match_followup_queue(match)
        notice_match(NoticeKind.RESULT_CORRECTED, match=match, note=reason)
    if resolve:
        dispute_resolve(match=match, user=user, note=reason)
