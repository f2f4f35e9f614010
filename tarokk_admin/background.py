"""Queueing background work after the surrounding transaction commits."""

from __future__ import annotations

from functools import partial
from typing import Any

from celery import Task
from django.db import transaction


def task_enqueue_on_commit(task: Task, /, *args: Any, **kwargs: Any) -> None:
    """Queue ``task`` with these arguments once the current transaction commits.

    Services call this instead of ``task.delay`` so that a worker never sees rows
    that were rolled back. Without ``REDIS_URL`` the task runs eagerly at commit.
    """
    transaction.on_commit(partial(task.delay, *args, **kwargs), robust=False)
