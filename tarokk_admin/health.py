"""``/healthz``: is the database reachable, and Redis when it is configured?

Only the database decides the status: without it nothing can be served. Redis down
is reported but keeps the 200 (a load balancer must not take every instance out):
the cache is an optimisation (pages render from the database) and follow-up work
waits in the outbox until the broker is back. ``followups_waiting`` counts the
follow-ups pending past their due time: a number that grows means no worker or no
beat is running, or a task keeps failing (see the admin's follow-ups)."""

from __future__ import annotations

import datetime as dt

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from tarokk_admin.core.models import Followup

OK = "ok"
LATE = dt.timedelta(minutes=5)
NOT_CONFIGURED = "not configured"


def database_status() -> str:
    """``ok`` when a trivial query succeeds, else ``error: <kind>``."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:
        return f"error: {type(exc).__name__}"
    return OK


def redis_status() -> str:
    """``ok`` when Redis answers PING, ``not configured`` without ``REDIS_URL``."""
    if not settings.REDIS_URL:
        return NOT_CONFIGURED
    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2
    )
    try:
        client.ping()
    except Exception as exc:
        return f"error: {type(exc).__name__}"
    finally:
        client.close()
    return OK


def followups_waiting() -> int | None:
    """Follow-ups pending for more than ``LATE`` past their due time."""
    try:
        return Followup.objects.filter(
            delivered_at__isnull=True, due_at__lt=timezone.now() - LATE
        ).count()
    except Exception:
        return None


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database answers, 503 when it does not; Redis is reported."""
    report: dict[str, object] = {
        "database": database_status(),
        "redis": redis_status(),
    }
    if report["database"] == OK:
        report["followups_waiting"] = followups_waiting()
    return JsonResponse(report, status=200 if report["database"] == OK else 503)
