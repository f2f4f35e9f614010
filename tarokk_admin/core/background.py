"""Background work after the surrounding transaction commits: an outbox.

What must follow a change (after a match is completed: trophies, the cup's decision,
the standings) is recorded as a :class:`~tarokk_admin.core.models.Followup` row in
the same transaction as the change, so it exists exactly when the change does. At
the commit a delivery is queued for the worker; when the broker (Redis) does not
take it, that is logged and the row waits: the periodic delivery
(``followups_deliver_due`` in ``CELERY_BEAT_SCHEDULE``) takes every row still
pending a short while later. Without ``REDIS_URL`` the delivery runs in-process at
the commit, as the tasks always did.

A delivery runs the task of the row's kind and marks the row delivered in ONE
transaction, with the row locked: delivering a row twice (the commit's delivery and
the periodic one, two workers) runs its task once; a task that fails is rolled back,
its error recorded on the row and retried later with a growing delay. The tasks are
idempotent besides, so even work done outside the database (an e-mail) at worst
repeats, it is never lost.

A lower app that needs work done by the apps above it queues a *follow-up* by its
kind with :func:`followup_queue`; the app that does the work registers its task for
the kind at start-up (``AppConfig.ready``) with :func:`followup_register`. A task an
app owns itself is queued with :func:`task_enqueue_on_commit`, through the same
outbox (its kind is the task's name).
"""

from __future__ import annotations

import datetime as dt
import logging
import time
from functools import partial
from typing import Any

from celery import Task, current_app, shared_task
from django.db import transaction
from django.utils import timezone

from tarokk_admin.core.models import Followup

logger = logging.getLogger(__name__)

_FOLLOWUPS: dict[str, Task] = {}

# A row is left to the delivery queued at its commit for this long before the
# periodic delivery takes it.
GRACE = dt.timedelta(seconds=30)
# Retries after a failure wait 1, 2, 4 … minutes, at most an hour.
BACKOFF_FIRST = dt.timedelta(minutes=1)
BACKOFF_MAX = dt.timedelta(hours=1)
# Delivered rows are kept this long (a record of what ran), then removed.
KEEP_DELIVERED = dt.timedelta(days=30)
# How many rows one periodic delivery takes (the next run takes the rest).
BATCH = 200
ERROR_CHARS = 4000


def followup_register(kind: str, task: Task) -> None:
    """The task that does the follow-up work of ``kind`` (the wiring's ``ready``)."""
    _FOLLOWUPS[kind] = task


def followup_queue(kind: str, /, *args: Any, **kwargs: Any) -> Followup:
    """Record the follow-up of ``kind`` in the current transaction; it is delivered
    once the transaction commits (never if it rolls back). The arguments must be
    JSON values (primary keys)."""
    if kind not in _FOLLOWUPS:
        raise KeyError(f"No task is registered for the follow-up {kind!r}.")
    return _record(kind, list(args), kwargs)


def task_enqueue_on_commit(task: Task, /, *args: Any, **kwargs: Any) -> Followup:
    """Queue ``task`` with these arguments once the current transaction commits,
    through the outbox (never lost when the broker is down)."""
    _FOLLOWUPS.setdefault(task.name, task)
    return _record(task.name, list(args), kwargs)


def _record(kind: str, args: list[Any], kwargs: dict[str, Any]) -> Followup:
    now = timezone.now()
    row = Followup.objects.create(
        kind=kind, args=args, kwargs=kwargs, created_at=now, due_at=now + GRACE
    )
    transaction.on_commit(partial(_dispatch, row.pk), robust=True)
    return row


def _dispatch(followup_id: int) -> None:
    """After the commit: hand the row to the worker (in-process without Redis).
    A broker that does not answer must not fail the request that made the change:
    the row stays pending for the periodic delivery."""
    try:
        # One retry, at once: a pooled connection may be dead after a broker restart.
        followup_deliver_task.apply_async(
            (followup_id,),
            ignore_result=True,
            retry=True,
            retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0},
        )
    except Exception as error:
        _warn_rarely(
            "Follow-up %s waits for the periodic delivery: the broker did not take "
            "it (%s).",
            followup_id,
            error,
        )


_last_warning = 0.0


def _warn_rarely(message: str, *args: Any, every: float = 60.0) -> None:
    """Log a warning at most once a minute per process (an outage repeats it)."""
    global _last_warning
    now = time.monotonic()
    if now - _last_warning >= every:
        _last_warning = now
        logger.warning(message, *args)


def _task_for(kind: str) -> Task:
    task = _FOLLOWUPS.get(kind) or current_app.tasks.get(kind)
    if task is None:
        raise LookupError(f"No task is registered for the follow-up {kind!r}.")
    return task


def followup_deliver(followup_id: int) -> bool:
    """Run the task of a pending follow-up and mark it delivered, both in one
    transaction with the row locked; True when this call delivered it.

    A row already delivered, or being delivered by another process (locked), is
    left alone. A task that raises is rolled back and the row keeps its error and
    a later due time (backoff). On SQLite, which has no row locks, writes are
    serialised by the database instead."""
    with transaction.atomic():
        row = (
            Followup.objects.select_for_update(skip_locked=True)
            .filter(pk=followup_id, delivered_at__isnull=True)
            .first()
        )
        if row is None:
            return False
        try:
            with transaction.atomic():
                _task_for(row.kind)(*row.args, **row.kwargs)
        except Exception as error:
            _failed(row, error)
            return False
        row.attempts += 1
        row.delivered_at = timezone.now()
        row.last_error = ""
        row.save(update_fields=["attempts", "delivered_at", "last_error"])
    return True


def _failed(row: Followup, error: Exception) -> None:
    row.attempts += 1
    delay = min(BACKOFF_FIRST * 2 ** (row.attempts - 1), BACKOFF_MAX)
    row.due_at = timezone.now() + delay
    row.last_error = f"{type(error).__name__}: {error}"[:ERROR_CHARS]
    row.save(update_fields=["attempts", "due_at", "last_error"])
    logger.error(
        "Follow-up %s (%s %s) failed (attempt %s), retried in %s s",
        row.pk,
        row.kind,
        row.args,
        row.attempts,
        int(delay.total_seconds()),
        exc_info=error,
    )


def followups_deliver_due(
    *, now: dt.datetime | None = None, limit: int = BATCH
) -> tuple[int, int]:
    """Deliver the pending follow-ups due by ``now``, oldest first; returns how many
    were delivered and how many were taken."""
    now = now or timezone.now()
    ids = list(
        Followup.objects.filter(delivered_at__isnull=True, due_at__lte=now)
        .order_by("due_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    delivered = sum(followup_deliver(pk) for pk in ids)
    return delivered, len(ids)


def followups_prune(*, now: dt.datetime | None = None) -> int:
    """Remove delivered follow-ups older than ``KEEP_DELIVERED``; returns how many."""
    before = (now or timezone.now()) - KEEP_DELIVERED
    deleted, _by_model = Followup.objects.filter(delivered_at__lt=before).delete()
    return deleted


@shared_task(name="tarokk_admin.core.followup_deliver", ignore_result=True)
def followup_deliver_task(followup_id: int) -> bool:
    """The delivery queued at the commit of one follow-up."""
    return followup_deliver(followup_id)


@shared_task(name="tarokk_admin.core.followups_deliver_due", ignore_result=True)
def followups_deliver_due_task(ahead_seconds: int = 0) -> int:
    """Periodic (beat): deliver what is still pending and due, ``ahead_seconds``
    early (0 from the schedule); then remove old delivered rows."""
    now = timezone.now() + dt.timedelta(seconds=ahead_seconds)
    delivered, taken = followups_deliver_due(now=now)
    if taken:
        logger.info(
            "Periodic delivery: %s of %s follow-ups delivered", delivered, taken
        )
    followups_prune()
    return delivered
