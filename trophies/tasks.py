"""Background work of the trophy list (STYLE.md: a task takes primary keys, loads,
calls a service; running it twice changes nothing the second time)."""

from __future__ import annotations

from celery import shared_task

from trophies.services.trophy_cups import (
    trophy_cups_announce,
    trophy_cups_archive_announce,
    trophy_cups_recompute,
)


@shared_task
def trophy_cups_refresh(player_ids: list[int]) -> int:
    """Recompute these players' trophy points and cups (R14), then e-mail the
    officials each new cup. Returns the number of new cups."""
    new = trophy_cups_recompute(player_ids=player_ids)
    trophy_cups_announce(new)
    return len(new)


@shared_task
def trophy_cups_archive_notice(
    source: str, new_ids: list[int], moved: list[list[object]]
) -> int:
    """Tell the officials, once, which cups an archive import gave and moved."""
    return trophy_cups_archive_announce(source, new_ids, moved)
