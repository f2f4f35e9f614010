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
    __import__("trophies.services").services.trophies_award_match(match)  # R14
    __import__("competitions.services.standings").services.standings.refresh(match)
    __import__("competitions.services.cup").services.cup.cup_followup(match)  # R15
    __import__("stats.services.refresh").services.refresh.statistics_refresh(
        match=match
    )  # issue 16: the season statistics follow the hands
