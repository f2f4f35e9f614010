"""``/healthz`` reports the database and Redis, and answers 503 when one is down."""

from __future__ import annotations

import os

import pytest
import redis
from django.db import OperationalError

from tarokk_admin import health

pytestmark = pytest.mark.django_db


def test_healthy_without_redis_configured(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "not configured"}
    assert "no-cache" in response["Cache-Control"]


def test_database_down_gives_503(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    class UnreachableDatabase:
        def cursor(self):
            raise OperationalError("connection refused")

    monkeypatch.setattr(health, "connection", UnreachableDatabase())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"].startswith("error")
    assert response.json()["redis"] == "not configured"


def test_configured_redis_that_answers_is_ok(client, settings, monkeypatch):
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    monkeypatch.setattr(redis.Redis, "ping", lambda self: True)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "ok"}


def test_configured_redis_that_is_down_gives_503(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"] == "ok"
    assert response.json()["redis"].startswith("error")


@pytest.mark.redis
@pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="REDIS_URL is unset: no Redis to ask"
)
def test_real_redis_is_ok(client, settings):
    settings.REDIS_URL = os.environ["REDIS_URL"]
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "ok"}


def test_healthz_only_answers_get(client):
    assert client.post("/healthz").status_code == 405
