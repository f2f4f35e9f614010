"""``/healthz``: is the database reachable, and Redis when it is configured?"""

from __future__ import annotations

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

OK = "ok"
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


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when every configured service answers, 503 when one does not."""
    report = {"database": database_status(), "redis": redis_status()}
    healthy = all(value in (OK, NOT_CONFIGURED) for value in report.values())
    return JsonResponse(report, status=200 if healthy else 503)
