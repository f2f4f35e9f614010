"""What the outbox still has to do for a match (``core.background``): a completed,
corrected or voided match's trophies follow its commit through a follow-up, so
until the worker has run it the trophy list may rightly differ from the hands. The
audit does not report such a match as wrong: it says the match waits, and only a
follow-up that keeps failing is a problem. A bulk import's follow-up
(``matches_completed``, issue 24) stands for every match it lists."""

from __future__ import annotations

from dataclasses import dataclass

from competitions.services.matches import MATCH_FOLLOWUP, MATCHES_FOLLOWUP
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
        kind__in=(MATCH_FOLLOWUP, MATCHES_FOLLOWUP), delivered_at__isnull=True
    ).values_list("kind", "args", "attempts", "last_error")
    for kind, args, attempts, last_error in rows:
        if not isinstance(args, list) or not args:
            continue
        ids = args[0] if kind == MATCHES_FOLLOWUP else args[:1]
        for match_id in ids if isinstance(ids, list) else []:
            if not isinstance(match_id, int):
                continue
            known = waiting.get(match_id)
            if known is None or attempts > known.attempts:
                waiting[match_id] = Waiting(match_id, attempts, last_error)
    return waiting
