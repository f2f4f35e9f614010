"""The cache is an optimisation (core/cache.py): with Redis unreachable every read is
a miss and every write is skipped, quickly and with one warning; only the strict
write (the pages' version tokens) raises."""

from __future__ import annotations

import logging
import time

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from tarokk_admin.core import cache as resilient
from tarokk_admin.core.cache import ResilientRedisCache, cache_set_strict

NOBODY = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture
def unreachable(monkeypatch):
    monkeypatch.setattr(resilient, "OUTAGE", resilient._Outage())
    return ResilientRedisCache(
        NOBODY, {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
    )


def test_every_call_answers_as_if_the_cache_were_empty(unreachable, caplog):
    with caplog.at_level(logging.WARNING, logger="tarokk_admin.core.cache"):
        assert unreachable.get("k") is None
        assert unreachable.get("k", "default") == "default"
        assert unreachable.get_many(["a", "b"]) == {}
        assert unreachable.has_key("k") is False
        assert unreachable.add("k", 1) is False  # a "send once" mark: not ours
        unreachable.set("k", 1)
        assert unreachable.set_many({"a": 1}) == ["a"]
        assert unreachable.delete("k") is False
        unreachable.delete_many(["a"])
        assert unreachable.touch("k") is False
        unreachable.clear()
        assert unreachable.get_or_set("k", 5) == 5
    assert caplog.text.count("The cache (Redis) does not answer") == 1


def test_after_a_failure_redis_is_left_alone_for_a_moment(unreachable, monkeypatch):
    calls = []
    real = resilient.RedisCache.get

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(resilient.RedisCache, "get", counted)
    started = time.monotonic()
    for _ in range(50):
        unreachable.get("k")
    assert len(calls) == 1
    assert time.monotonic() - started < 2


def test_the_strict_write_raises(unreachable):
    with pytest.raises(RedisConnectionError):
        cache_set_strict(unreachable, "version", "abc")
