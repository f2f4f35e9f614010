"""Background work of the competitions (STYLE.md: a task takes primary keys, loads,
calls a service; running it twice changes nothing the second time)."""

from __future__ import annotations

from celery import shared_task


@shared_task
def match_completed(match_id: int) -> None:
    """Follow-up of a completed, corrected or voided match."""
    from competitions.models import Match

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
