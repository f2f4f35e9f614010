"""An import as a record in the database (:class:`scoring.models.ImportRun`): who,
when, which file, its status, its progress and its result.

A file of a few matches is imported at once, in the request (``import_run_execute``
called by the page); a larger one by the worker (``scoring.tasks.import_run``,
queued through the outbox, so it is never lost and is taken up again when a worker
restarts). The matches are stored in one transaction (all or nothing, see
``store``); progress is written beside it on a connection of its own
(PostgreSQL), so the progress page sees it while the transaction is open. The final
status is written in the import's own transaction: "done" exists exactly when the
matches do.

A run that stops without finishing (the worker killed, the database gone in the
middle, a time limit) is marked failed as soon as that can be known, saying that
nothing of it was stored (its transaction never committed):

- by the run itself, when what stopped it was an error it can still write down;
- when its follow-up is delivered again (the worker restarted, the database back):
  a run found "running" at its start was cut off, it is not imported a second time;
- by ``import_runs_expire`` (periodic, every minute): on PostgreSQL a running import
  holds an advisory lock on its own session, which the database drops with the
  session (a killed process, a lost connection), so a "running" run whose lock is
  free has stopped; anywhere, a run whose progress has not moved for ``STALE``.
A run still waiting for the worker whose follow-up is in the outbox is left waiting:
the outbox delivers it once the broker is back.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.services.matches import MATCH_FOLLOWUP, MATCHES_FOLLOWUP
from scoring.models import ImportRun
from scoring.services.imports.store import (
    ImportOutcome,
    import_user,
    matches_file_parse,
    matches_import,
)
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.models import Followup
from tarokk_admin.core.outage import database_unavailable

logger = logging.getLogger(__name__)

# A file of at most this many matches is imported in the request (a few seconds).
INLINE_MATCHES = 40
# A running import writes its progress every few seconds; one silent this long has
# stopped (checking 6,000 matches, the longest silent step, takes about a minute).
STALE = dt.timedelta(minutes=15)
FAILURE_CHARS = 2000
# The outbox's kind for a background import (its task: ``scoring.tasks``).
IMPORT_FOLLOWUP = "import_run"
# PostgreSQL advisory locks (class, run id) held by the session running an import.
RUN_LOCK_CLASS = 0x7AC013

Status = ImportRun.Status


def import_run_create(*, user: Any, file_name: str, content: str | bytes) -> ImportRun:
    """Record an import of ``content`` by ``user``. A file that is not JSON is a
    finished run at once, with its one problem (nothing to store)."""
    data, error = matches_file_parse(content, source=file_name)
    run = ImportRun(user=user, file_name=file_name[:255])
    if error:
        run.status = Status.DONE
        run.errors = [_nul_escaped(error)]
        run.finished_at = timezone.now()
    else:
        matches = data.get("matches") if isinstance(data, dict) else None
        run.total = len(matches) if isinstance(matches, list) else 0
        # Re-serialised: control characters (a NUL) are escaped, as every column
        # can hold them.
        run.content = json.dumps(data, ensure_ascii=False)
    run.save()
    return run


def import_run_record(
    *, file_name: str, data: Any, outcome: ImportOutcome, user: Any = None
) -> ImportRun:
    """Record an import done outside the import page (``manage.py import_matches``)
    as a finished run, so officials see it among the imports: stored, or refused
    with its problems (``user``: the import account for a stored import, None for a
    refused one, which recorded nothing under it)."""
    matches = data.get("matches") if isinstance(data, dict) else None
    total = len(matches) if isinstance(matches, list) else 0
    now = timezone.now()
    return ImportRun.objects.create(
        user=user,
        file_name=file_name[:255],
        status=Status.DONE,
        total=total,
        checked=total,
        stored=outcome.imported + outcome.present if outcome.ok else 0,
        imported=outcome.imported,
        present=outcome.present_paths,
        errors=[_nul_escaped(error) for error in outcome.errors],
        updated_at=now,
        finished_at=now,
    )


@dataclass(frozen=True)
class Derived:
    """Where the work that follows a run's stored matches is (issue 24: their
    trophies, standings and statistics, one follow-up for the plain matches):
    how many matches wait for it, how often it failed so far, and whether the
    run has any such work at all."""

    waiting: int = 0
    attempts: int = 0
    queued: bool = False


def import_run_derived(run: ImportRun) -> Derived:
    """The run's derived work as its page tells it (two small reads)."""
    if run.status != Status.DONE or not run.imported:
        return Derived()
    rows = Followup.objects.filter(kind=MATCHES_FOLLOWUP, kwargs__run=run.pk)
    waiting = list(
        rows.filter(delivered_at__isnull=True).values_list("args", "attempts")
    )
    # The matches a file stores one by one through the services (a cup's) queue a
    # follow-up each, untagged: those recorded while the run was storing count too
    # (a referee's completion in the same minutes at worst makes the note wait).
    single = list(
        Followup.objects.filter(
            kind=MATCH_FOLLOWUP,
            delivered_at__isnull=True,
            created_at__gte=run.created_at,
            created_at__lte=run.finished_at or timezone.now(),
        ).values_list("attempts", flat=True)
    )
    return Derived(
        waiting=sum(
            len(args[0]) for args, _n in waiting if args and isinstance(args[0], list)
        )
        + len(single),
        attempts=max([*(attempts for _args, attempts in waiting), *single], default=0),
        queued=bool(waiting) or bool(single) or rows.exists(),
    )


def import_run_inline(run: ImportRun) -> bool:
    """Whether the run is small enough to import in the request."""
    return run.total <= INLINE_MATCHES


def import_run_queue(*, run: ImportRun) -> None:
    """Have the worker import the run, after the current transaction commits."""
    followup_queue(IMPORT_FOLLOWUP, run.pk)


def _interrupted() -> str:
    return _(
        "The import stopped without finishing (the worker was stopped, the database "
        "did not answer, or it ran out of time). Nothing of it was stored: import "
        "the file again."
    )


def import_run_execute(*, run_id: int) -> None:
    """Import the run's file (idempotent: a finished run is left alone, and a run
    found running was cut off: it is marked failed, not imported again)."""
    run = ImportRun.objects.filter(pk=run_id).first()
    if run is None or run.finished:
        return
    if run.status == Status.RUNNING:
        _finish(run_id, status=Status.FAILED, failure=_interrupted())
        return
    with _running(run_id):
        _execute(run)


def _execute(run: ImportRun) -> None:
    run_id = run.pk
    _aside(run_id, status=Status.RUNNING, checked=0, stored=0)
    try:
        data = json.loads(run.content)
        with transaction.atomic():
            outcome = matches_import(
                data=data,
                user=run.user if run.user_id else import_user(),
                progress=lambda phase, count: _aside(run_id, **{phase: count}),
                run_id=run_id,
            )
            if not outcome.ok:
                transaction.set_rollback(True)
    except ServiceError as error:
        _finish(run_id, status=Status.FAILED, failure=error.message)
        return
    except Exception as error:  # recorded on the run, never a run stuck "running"
        logger.exception("Import %s failed", run_id)
        # With the database away this write fails too: the run stays "running"
        # until its follow-up is delivered again or the expiry finds it stopped.
        _finish(
            run_id,
            status=Status.FAILED,
            failure=_interrupted()
            if database_unavailable(error)
            else f"{type(error).__name__}: {error}"[:FAILURE_CHARS],
        )
        return
    _finish(
        run_id,
        status=Status.DONE,
        imported=outcome.imported,
        present=outcome.present_paths,
        errors=outcome.errors,
        stored=outcome.imported + outcome.present if outcome.ok else 0,
    )


def import_runs_expire(*, now: dt.datetime | None = None) -> int:
    """Mark failed every run that has stopped without finishing; how many. A run
    stopped when its progress has not moved for ``STALE`` or (PostgreSQL) when no
    session holds its lock; a queued run whose follow-up still waits in the outbox
    has not started, it is left waiting."""
    now = now or timezone.now()
    waiting = _queued_in_outbox()
    stale = (
        ImportRun.objects.filter(
            status__in=(Status.QUEUED, Status.RUNNING), updated_at__lt=now - STALE
        )
        .exclude(status=Status.QUEUED, pk__in=waiting)
        .values_list("pk", flat=True)
    )
    stopped = set(stale) | set(_runs_without_their_session())
    return ImportRun.objects.filter(
        pk__in=stopped, status__in=(Status.QUEUED, Status.RUNNING)
    ).update(
        status=Status.FAILED,
        failure=_interrupted(),
        finished_at=now,
        updated_at=now,
        content="",
    )


def _queued_in_outbox() -> list[int]:
    rows = Followup.objects.filter(
        kind=IMPORT_FOLLOWUP, delivered_at__isnull=True
    ).values_list("args", flat=True)
    return [args[0] for args in rows if isinstance(args, list) and args]


@contextmanager
def _running(run_id: int) -> Iterator[None]:
    """While the run executes, its session holds the run's advisory lock
    (PostgreSQL): the database drops it with the session."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)", [RUN_LOCK_CLASS, run_id])
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_advisory_unlock(%s, %s)", [RUN_LOCK_CLASS, run_id]
                )
        except DatabaseError:  # the session is gone, and its lock with it
            pass


def _runs_without_their_session() -> list[int]:
    """The running runs whose lock no session holds (PostgreSQL): they stopped."""
    if connection.vendor != "postgresql":
        return []
    stopped = []
    running = ImportRun.objects.filter(status=Status.RUNNING).values_list(
        "pk", flat=True
    )
    with connection.cursor() as cursor:
        for run_id in running:
            cursor.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", [RUN_LOCK_CLASS, run_id]
            )
            if cursor.fetchone()[0]:
                cursor.execute(
                    "SELECT pg_advisory_unlock(%s, %s)", [RUN_LOCK_CLASS, run_id]
                )
                stopped.append(run_id)
    return stopped


def _finish(run_id: int, **fields: Any) -> None:
    now = timezone.now()
    ImportRun.objects.filter(pk=run_id).update(
        finished_at=now, updated_at=now, content="", **fields
    )


def _nul_escaped(error: dict[str, str]) -> dict[str, str]:
    return {key: str(value).replace("\x00", "\\u0000") for key, value in error.items()}


def _aside(run_id: int, **fields: Any) -> None:
    """Write progress so that others see it at once, although the import's
    transaction is still open: on PostgreSQL from a connection of its own (another
    thread's). SQLite allows one writer, so inside a transaction progress is written
    with it."""
    fields["updated_at"] = timezone.now()

    def write() -> None:
        ImportRun.objects.filter(pk=run_id).update(**fields)

    if not (connection.in_atomic_block and connection.vendor == "postgresql"):
        write()
        return

    def in_thread() -> None:
        from django.db import connections

        try:
            write()
        except Exception:  # progress is a courtesy; the import goes on
            logger.warning("Progress of import %s not written", run_id, exc_info=True)
        finally:
            connections.close_all()

    thread = threading.Thread(target=in_thread, name=f"import-{run_id}-progress")
    thread.start()
    thread.join()
