"""The cup's periodic tasks (R15), scheduled in ``CELERY_BEAT_SCHEDULE``. Deciding a
tie is not here: ``competitions.tasks.match_completed`` calls the cup service."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone


@shared_task(name="competitions.tasks_cup.cup_registration_update")
def cup_registration_update() -> list[str]:
    """Open the season's cup on its registration date; report the close."""
    from competitions.services.cup_notify import cup_registration_update as update

    return update(today=timezone.localdate())


@shared_task(name="competitions.tasks_cup.cup_deadline_reminders")
def cup_deadline_reminders() -> list[str]:
    """E-mail officials the undecided ties a week before each round's deadline."""
    from competitions.services.cup_notify import cup_deadline_reminders as remind

    return remind(today=timezone.localdate())
