"""One save path for a hand posted by a person, whatever brings it: the hand form,
its offline replay and a record uploaded into one hand. Each reads the same options
from what it posts (the version loaded or the one overwritten, and for a correction
its reason and whether it resolves the match's dispute, R15) and saves through the
one service call, ``hand_save``; an option added here reaches every path."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from django import forms
from django.http import HttpRequest

from competitions.models import Match
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.params import whole_number


@dataclass(frozen=True)
class SaveOptions:
    """How a posted hand is saved (the keywords of ``hand_save``)."""

    version: int | None = None
    reason: str = ""
    resolve_dispute: bool = False


def save_options(data: Any, *, correction: bool) -> SaveOptions:
    """The options a hand page posts: ``version`` (or ``overwrite_version`` when the
    action is "overwrite"), and for a correction ``reason`` and ``resolve_dispute``."""
    key = "overwrite_version" if data.get("action") == "overwrite" else "version"
    if not correction:
        return SaveOptions(version=whole_number(data.get(key) or "") or None)
    return SaveOptions(
        version=whole_number(data.get(key) or "") or None,
        reason=str(data.get("reason") or "").strip(),
        resolve_dispute=forms.BooleanField(required=False).clean(
            data.get("resolve_dispute")
        ),
    )


def hand_submit(request: HttpRequest, match: Match, number: int, record: Any) -> Hand:
    """Save the posted hand ``number`` of ``match`` as ``request``'s user; raises the
    service's refusals (``HandRejected``, ``HandConflict``, ``ServiceError``)."""
    options = save_options(
        request.POST, correction=match.status == Match.Status.COMPLETED
    )
    return hand_save(
        match=match, number=number, record=record, user=request.user, **asdict(options)
    )
