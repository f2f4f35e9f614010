"""What the outbox still has to do for a match (``core.background``): a completed,
corrected or voided match's trophies follow its commit through a follow-up, so
until the worker has run it the trophy list may rightly differ from the hands. The
audit does not report such a match as wrong: it says the match waits, and only a
follow-up that keeps failing is a problem."""

from __future__ import annotations

from dataclasses import dataclass

from competitions.services.matches import MATCH_FOLLOWUP
from tarokk_admin.core.models import Followup


@dataclass(frozen=True)
class Waiting:
    """A match's follow-up still in the outbox: how often it failed, and why."""

    match_id: int
    attempts: int
    last_error: str


def matches_waiting() -> dict[int, Waiting]:
    """The matches whose follow-up is not delivered yet, by id."""
    waiting: dict[int, Waiting] = {}
    rows = Followup.objects.filter(
        kind=MATCH_FOLLOWUP, delivered_at__isnull=True
    ).values_list("args", "attempts", "last_error")
    for args, attempts, last_error in rows:
        if isinstance(args, list) and args and isinstance(args[0], int):
            known = waiting.get(args[0])
            if known is None or attempts > known.attempts:
                waiting[args[0]] = Waiting(args[0], attempts, last_error)
    return waiting
