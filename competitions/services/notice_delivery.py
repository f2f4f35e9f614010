"""Sending the written notices (``notices``): each e-mail at most once when it
went out, retried when it did not.

A send first *claims* the notice with one conditional UPDATE (pending or failed →
being sent): of two processes sending the same notice (the commit's delivery and
the periodic retry, two workers) exactly one gets it, on SQLite and PostgreSQL
alike. The e-mail goes out after the claim; the notice is then marked sent, or
failed with its error and a later time for the retry (1, 2, 4 … minutes, at most an
hour, ``MAX_ATTEMPTS`` attempts). A claim that is never finished (the process died
while sending) is taken again after ``STALE_CLAIM``: at worst that one e-mail
arrives twice, it is never lost."""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import Q
from django.utils import timezone

from competitions.models import Notice

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
BACKOFF_FIRST = dt.timedelta(minutes=1)
BACKOFF_MAX = dt.timedelta(hours=1)
# The commit's delivery is left this long before the periodic retry takes a notice.
GRACE = dt.timedelta(seconds=30)
STALE_CLAIM = dt.timedelta(minutes=15)
BATCH = 100
ERROR_CHARS = 2000

UNSENT = (Notice.Status.PENDING, Notice.Status.FAILED)


def _claim(notice_id: int, now: dt.datetime, *, again: bool = False) -> bool:
    stale = Q(status=Notice.Status.SENDING, claimed_at__lt=now - STALE_CLAIM)
    unsent = Notice.objects.filter(pk=notice_id)
    if not again:
        unsent = unsent.filter(attempts__lt=MAX_ATTEMPTS)
    claimed = unsent.filter(Q(status__in=UNSENT) | stale).update(
        status=Notice.Status.SENDING, claimed_at=now
    )
    return claimed == 1


def notice_send(
    *,
    notice_id: int,
    connection: object | None = None,
    now: dt.datetime | None = None,
    again: bool = False,
) -> bool:
    """Send one notice unless it is sent, being sent or out of attempts; True when
    this call sent it. A failure is recorded on the notice, never raised.
    ``again``: an official sends it once more although its attempts ran out."""
    if not _claim(notice_id, now or timezone.now(), again=again):
        return False
    notice = Notice.objects.get(pk=notice_id)
    message = EmailMessage(
        notice.subject,
        notice.body,
        settings.DEFAULT_FROM_EMAIL,
        [notice.email],
        connection=connection,
    )
    try:
        message.send()
    except Exception as error:
        attempts = notice.attempts + 1
        delay = min(BACKOFF_FIRST * 2 ** (attempts - 1), BACKOFF_MAX)
        Notice.objects.filter(pk=notice_id).update(
            status=Notice.Status.FAILED,
            attempts=attempts,
            last_error=f"{type(error).__name__}: {error}"[:ERROR_CHARS],
            due_at=timezone.now() + delay,
        )
        logger.warning(
            "Notice %s to %s failed (attempt %s): %s",
            notice_id,
            notice.email,
            attempts,
            error,
        )
        return False
    Notice.objects.filter(pk=notice_id).update(
        status=Notice.Status.SENT,
        attempts=notice.attempts + 1,
        last_error="",
        sent_at=timezone.now(),
    )
    return True


def notices_send(*, notice_ids: Iterable[int], now: dt.datetime | None = None) -> int:
    """Send these notices over one connection; how many were sent."""
    ids = list(notice_ids)
    if not ids:
        return 0
    with get_connection() as connection:
        return sum(
            notice_send(notice_id=pk, connection=connection, now=now) for pk in ids
        )


def notices_send_due(*, now: dt.datetime | None = None, limit: int = BATCH) -> int:
    """The periodic retry: send the notices still unsent and due (and stale claims),
    oldest first; how many were sent."""
    now = now or timezone.now()
    due = Notice.objects.filter(attempts__lt=MAX_ATTEMPTS).filter(
        Q(status__in=UNSENT, due_at__lte=now - GRACE)
        | Q(status=Notice.Status.SENDING, claimed_at__lt=now - STALE_CLAIM)
    )
    ids = list(due.order_by("due_at", "pk").values_list("pk", flat=True)[:limit])
    return notices_send(notice_ids=ids, now=now)
