"""Project-wide tasks: a liveness ``ping`` and the periodic ``heartbeat``."""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache
from django.utils import timezone

HEARTBEAT_CACHE_KEY = "tarokk_admin:heartbeat"


@shared_task(name="tarokk_admin.tasks.ping")
def ping(word: str = "ping") -> str:
    """Answer ``pong`` (or echo ``word`` reversed) so a caller sees a worker ran it."""
    return "pong" if word == "ping" else word[::-1]


@shared_task(name="tarokk_admin.tasks.heartbeat")
def heartbeat() -> str:
    """Record when the worker last ran periodic work; harmless and idempotent."""
    now = timezone.now().isoformat()
    cache.set(HEARTBEAT_CACHE_KEY, now, timeout=60 * 60)
    return now
