"""Periodic work that must run once per run, however many beats sent it.

A deployment runs one ``celery beat`` (``make serve ROLE=beat`` on one machine), but
two can run for a while (a machine moved, a second started by mistake): each then
sends the nightly tasks. A run first takes its slot, a key in the shared cache
(Redis: ``SET NX``) named after the task and the day; the second delivery of the same
run finds the slot taken and does nothing. The slot is given back when the run fails,
so that a retry or a manual run can do it. When the cache cannot be reached the run
goes ahead: a backup or a check done twice is better than none."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.utils import timezone
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
SLOT_SECONDS = 36 * 60 * 60  # longer than a day: a nightly slot is never taken twice


def _take(key: str, owner: str) -> bool:
    """Add the key, or False when it is there; True when the cache is unreachable."""
    cache = caches["default"]
    try:
        if isinstance(cache, RedisCache):  # strictly: the resilient cache hides errors
            return bool(RedisCache.add(cache, key, owner, SLOT_SECONDS))
        return bool(cache.add(key, owner, SLOT_SECONDS))
    except RedisError as error:
        log.warning("Periodic run %s goes ahead without its slot: %s", key, error)
        return True


def today_slot() -> str:
    """The slot of a nightly task: the federation's date."""
    return timezone.localdate().isoformat()


@contextmanager
def run_once(task: str, slot: str) -> Iterator[bool]:
    """Yield True when this delivery does the run of ``slot``, False when another
    delivery has done it or is doing it."""
    key = f"tarokk:periodic:{task}:{slot}"
    owner = uuid.uuid4().hex
    taken = _take(key, owner)
    if not taken:
        log.info("Periodic run %s was done by another delivery: skipped.", key)
    try:
        yield taken
    except BaseException:
        if taken:
            with suppress(RedisError):
                caches["default"].delete(key)
        raise
