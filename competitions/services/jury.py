"""The jury's decisions (R15): a match not played in public, or dated before the
annual meeting, needs the jury's approval recorded before it; the jury approves or
refuses it, each with its words kept. A refused match is not played as a
championship match: its line-ups, hands and completion are refused with a message
naming the refusal, and the officials void it or reschedule it in public (then it
needs no approval). The jury may change its mind before the match: approving a
refused match replaces the refusal, refusing an approved one the approval (the
histories keep both)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import JuryApproval, JuryRefusal, Match
from competitions.selectors.accounts import account_name
from competitions.selectors.matches import (
    match_needs_jury_approval,
    match_start_datetime,
)
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import is_jury
from tarokk_admin.core.words import app_words

REASON_MAX = 1000


def match_refusal(match: Match) -> JuryRefusal | None:
    """The jury's refusal that still stands: the match needs an approval (R15) and
    the jury refused it."""
    if not match_needs_jury_approval(match):
        return None
    return (
        JuryRefusal.objects.filter(match_id=match.pk)
        .select_related("refused_by")
        .first()
    )


def _refusal_values(refusal: JuryRefusal) -> dict[str, str]:
    """What the refusal ``refused_by_jury`` names: when, who and why."""
    return {
        "date": formats.date_format(
            timezone.localtime(refusal.refused_at), "SHORT_DATE_FORMAT"
        ),
        "name": account_name(refusal.refused_by),
        "reason": refusal.reason,
    }


def match_refusal_check(match: Match) -> None:
    """Refuse to play a match the jury refused (line-ups, hands, completion)."""
    refusal = match_refusal(match)
    if refusal is not None:
        ERRORS.refuse("refused_by_jury", **_refusal_values(refusal))


def _before_start(match: Match, when: dt.datetime) -> None:
    if match.status != Match.Status.SCHEDULED or when >= match_start_datetime(match):
        ERRORS.refuse("approval_after_start")


@transaction.atomic
def jury_approve(
    *, match: Match, user: Any, note: str = "", when: dt.datetime | None = None
) -> JuryApproval:
    """Record the jury's approval; R15 wants it recorded before the match. It
    replaces a refusal of the match."""
    when = when or timezone.now()
    _before_start(match, when)
    refusal = JuryRefusal.objects.filter(match=match).first()
    if refusal is not None:
        history_mark(
            refusal, user, app_words(gettext_noop("replaced by the jury's approval"))
        ).delete()
    approval, _created = JuryApproval.objects.update_or_create(
        match=match, defaults={"approved_by": user, "approved_at": when, "note": note}
    )
    return approval


@transaction.atomic
def jury_refuse(
    *, match: Match, user: Any, reason: str, when: dt.datetime | None = None
) -> JuryRefusal:
    """R15: the jury refuses, with a reason, a match that needs its approval and
    has not started; it replaces an approval of the match."""
    if not is_jury(user):
        ERRORS.refuse("not_the_jury")
    reason = " ".join(reason.split())
    if not reason:
        ERRORS.refuse("reason", field="reason")
    if len(reason) > REASON_MAX:
        ERRORS.refuse("reason_too_long", field="reason", n=REASON_MAX)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("competition__season")
        .get(pk=match.pk)
    )
    if not match_needs_jury_approval(match):
        ERRORS.refuse("no_approval_needed")
    if match.status != Match.Status.SCHEDULED:
        ERRORS.refuse("started", status=match.get_status_display())
    if JuryRefusal.objects.filter(match=match).exists():
        ERRORS.refuse("twice")
    approval = JuryApproval.objects.filter(match=match).first()
    if approval is not None:
        history_mark(
            approval, user, app_words(gettext_noop("replaced by the jury's refusal"))
        ).delete()
    refusal = JuryRefusal(
        match=match, refused_by=user, refused_at=when or timezone.now(), reason=reason
    )
    history_mark(refusal, user)
    refusal.save()
    return refusal
