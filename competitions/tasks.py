"""Background work of the competitions (STYLE.md: a task takes primary keys, loads,
calls a service; running it twice changes nothing the second time).

The e-mail notices' sending and retry; the cup's calendar (R15), scheduled daily in
``CELERY_BEAT_SCHEDULE``. What follows a completed match (trophies, the cup's
decision, standings) is the wiring's ``tarokk_admin.tasks.match_completed``.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from competitions.services.cup.notices import (
    cup_deadline_reminders_send,
    cup_registration_update,
)
from competitions.services.invitations import invitation_send
from competitions.services.notice_delivery import notices_send, notices_send_due


@shared_task(name="competitions.tasks.cup_registration_update")
def cup_registration_task() -> list[str]:
    """Open the season's cup on its registration date; report the close."""
    return cup_registration_update(today=timezone.localdate())


@shared_task(name="competitions.tasks.cup_deadline_reminders")
def cup_deadline_reminders_task() -> list[str]:
    """E-mail officials the undecided ties a week before each round's deadline."""
    return cup_deadline_reminders_send(today=timezone.localdate())


@shared_task(name="competitions.tasks.notices_send", ignore_result=True)
def notices_send_task(notice_ids: list[int]) -> int:
    """Send the notices written by one event (queued at its commit)."""
    return notices_send(notice_ids=notice_ids)


@shared_task(name="competitions.tasks.notices_send_due", ignore_result=True)
def notices_send_due_task() -> int:
    """Periodic (beat): retry the notices not sent yet (failed or never taken)."""
    return notices_send_due()


@shared_task(name="competitions.tasks.account_invitation", ignore_result=True)
def account_invitation_task(account_id: int, site: str) -> bool:
    """E-mail an invited person the link to set their password (after the commit)."""
    return invitation_send(account_id=account_id, site=site)
