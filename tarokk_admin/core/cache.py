"""The cache is an optimisation: when Redis does not answer, pages render from the
database.

:class:`ResilientRedisCache` is Django's Redis cache (``settings.CACHES`` when
``REDIS_URL`` is set) whose every read answers a miss and every write is skipped when
Redis fails, instead of raising: a public page then costs its uncached queries, it
never fails. After a failure it does not ask Redis again for ``PAUSE`` seconds (so
an unreachable host does not add a timeout to every call of every request), and it
logs a warning at most once a minute per process.

Writes that keep pages fresh (the version tokens of ``core.page_cache``) must not be
skipped silently: :meth:`ResilientRedisCache.set_strict` raises, so the follow-up
that bumps them fails, is recorded and retried (``core.background``).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

logger = logging.getLogger(__name__)

PAUSE = 1.0
WARN_EVERY = 60.0


class _Outage:
    """Shared by every thread of the process: when Redis last failed, how often."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.until = 0.0
        self.warned = 0.0
        self.failures = 0

    def paused(self) -> bool:
        return time.monotonic() < self.until

    def failed(self, operation: str, error: Exception) -> None:
        now = time.monotonic()
        with self.lock:
            self.until = now + PAUSE
            self.failures += 1
            if now - self.warned < WARN_EVERY:
                return
            self.warned, failures, self.failures = now, self.failures, 0
        logger.warning(
            "The cache (Redis) does not answer: pages render without it "
            "(%s failed calls, last %s: %s: %s)",
            failures,
            operation,
            type(error).__name__,
            error,
        )

    def recovered(self) -> None:
        self.until = 0.0


OUTAGE = _Outage()


class ResilientRedisCache(RedisCache):
    """Redis as an optimisation: a failure is a miss (reads) or a skipped write.

    A command is tried once more on a fresh connection when its pooled connection
    fails (Redis restarted: every pooled connection is dead), not more."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._options = {"retry": Retry(NoBackoff(), 1), **self._options}

    def _try(self, operation: str, fallback: Any, *args: Any, **kwargs: Any) -> Any:
        if OUTAGE.paused():
            return fallback
        try:
            return getattr(RedisCache, operation)(self, *args, **kwargs)
        except RedisError as error:
            OUTAGE.failed(operation, error)
            return fallback

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._try("get", default, key, default, version)

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._try("get_many", {}, keys, version)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._try("has_key", False, key, version)

    def add(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        # Not stored: the caller (a "send once" mark) must act as if another had it.
        return self._try("add", False, key, value, timeout, version)

    def set(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        self._try("set", None, key, value, timeout, version)

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> list[Any]:
        return self._try("set_many", list(data), data, timeout, version)

    def touch(
        self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> bool:
        return self._try("touch", False, key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._try("delete", False, key, version)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._try("delete_many", None, keys, version)

    def clear(self) -> None:
        self._try("clear", None)

    def set_strict(
        self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None
    ) -> None:
        """``set`` that raises when Redis fails (and tries even during a pause)."""
        RedisCache.set(self, key, value, timeout, version)
        OUTAGE.recovered()


def cache_set_strict(
    cache: Any, key: str, value: Any, timeout: float | None = None
) -> None:
    """Store ``value`` or raise: for a write whose loss would leave stale pages."""
    strict = getattr(cache, "set_strict", None)
    if strict is not None:
        strict(key, value, timeout)
    else:
        cache.set(key, value, timeout)
