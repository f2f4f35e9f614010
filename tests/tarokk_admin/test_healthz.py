"""``/healthz`` reports the database and Redis; 503 only when the database is down
(Redis down is reported, the site keeps serving); follow-ups waiting too long."""

from __future__ import annotations

import datetime as dt
import os

import pytest
import redis
from django.db import OperationalError
from django.utils import timezone

from tarokk_admin import health
from tarokk_admin.core.models import Followup

pytestmark = pytest.mark.django_db


def test_healthy_without_redis_configured(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "database": "ok",
        "redis": "not configured",
        "followups_waiting": 0,
    }
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
    assert response.json()["redis"] == "ok"


def test_configured_redis_that_is_down_is_reported_and_the_site_stays_in(
    client, settings
):
    """Pages render without the cache and follow-ups wait in the outbox: a load
    balancer must not take the site out for Redis."""
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["redis"].startswith("error")


def test_follow_ups_pending_past_their_time_are_counted(client, settings):
    settings.REDIS_URL = ""
    now = timezone.now()
    Followup.objects.create(kind="match_completed", due_at=now - dt.timedelta(hours=1))
    Followup.objects.create(kind="match_completed", due_at=now)  # not late yet
    Followup.objects.create(
        kind="match_completed",
        due_at=now - dt.timedelta(hours=1),
        delivered_at=now,
    )
    assert client.get("/healthz").json()["followups_waiting"] == 1


@pytest.mark.redis
@pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="REDIS_URL is unset: no Redis to ask"
)
def test_real_redis_is_ok(client, settings):
    settings.REDIS_URL = os.environ["REDIS_URL"]
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["redis"] == "ok"


def test_healthz_only_answers_get(client):
    assert client.post("/healthz").status_code == 405
