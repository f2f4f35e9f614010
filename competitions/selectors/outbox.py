"""What did not go out: e-mail notices that failed (or were never taken) and
follow-ups of the outbox still undelivered past their time, for the officials'
page that sends and delivers them again (``views/officials/outbox.py``)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import Q
from django.utils import timezone

from competitions.models import Notice
from competitions.services.notice_delivery import STALE_CLAIM
from tarokk_admin.core.models import Followup

LATE = dt.timedelta(minutes=5)  # the periodic retries run every minute
LIMIT = 100


def notices_unsent(now: dt.datetime | None = None) -> Any:
    """Failed notices, notices never taken for a few minutes and claims left by a
    process that died, newest first."""
    now = now or timezone.now()
    return (
        Notice.objects.filter(
            Q(status=Notice.Status.FAILED)
            | Q(status=Notice.Status.PENDING, created_at__lt=now - LATE)
            | Q(status=Notice.Status.SENDING, claimed_at__lt=now - STALE_CLAIM)
        )
        .select_related("recipient", "match__team_a", "match__team_b")
        .order_by("-created_at", "-pk")[:LIMIT]
    )


def followups_stuck(now: dt.datetime | None = None) -> Any:
    """Follow-ups not delivered: failed at least once, or waiting past their time,
    oldest first."""
    now = now or timezone.now()
    return (
        Followup.objects.filter(delivered_at__isnull=True)
        .filter(Q(attempts__gt=0) | Q(due_at__lt=now - LATE))
        .order_by("created_at", "pk")[:LIMIT]
    )


def outbox_problems() -> int:
    """How many notices and follow-ups wait for an official (the dashboard)."""
    return notices_unsent().count() + followups_stuck().count()
