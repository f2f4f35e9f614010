"""Background work after the surrounding transaction commits.

Services queue a task with :func:`task_enqueue_on_commit` so that a worker never sees
rows that were rolled back (without ``REDIS_URL`` the task runs eagerly at commit).
A lower app that needs work done by the apps above it (after a match is completed:
trophies, the cup, the standings) queues a *follow-up* by its kind with
:func:`followup_queue`; the wiring registers the task for each kind at start-up.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from celery import Task
from django.db import transaction

_FOLLOWUPS: dict[str, Task] = {}


def task_enqueue_on_commit(task: Task, /, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` with these arguments once the current transaction commits."""
    transaction.on_commit(partial(task.delay, *args, **kwargs), robust=False)


def followup_register(kind: str, task: Task) -> None:
    """The task that does the follow-up work of ``kind`` (the wiring's ``ready``)."""
    _FOLLOWUPS[kind] = task


def followup_queue(kind: str, /, *args: Any) -> None:
    """Queue the follow-up of ``kind`` once the current transaction commits."""
    task_enqueue_on_commit(_FOLLOWUPS[kind], *args)
