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

A run that stops without finishing (the worker killed, a time limit) would stay
"running": ``import_runs_expire`` (periodic) marks a run failed when its progress
has not moved for ``STALE`` — nothing of it was stored, and the page says so.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import threading
from typing import Any

from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ImportRun
from scoring.services.imports.store import (
    ImportOutcome,
    import_user,
    matches_file_parse,
    matches_import,
)
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.errors import ServiceError

logger = logging.getLogger(__name__)

# A file of at most this many matches is imported in the request (a few seconds).
INLINE_MATCHES = 40
# A running import writes its progress every few seconds; one silent this long has
# stopped (checking 6,000 matches, the longest silent step, takes about a minute).
STALE = dt.timedelta(minutes=15)
FAILURE_CHARS = 2000
# The outbox's kind for a background import (its task: ``scoring.tasks``).
IMPORT_FOLLOWUP = "import_run"

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


def import_run_inline(run: ImportRun) -> bool:
    """Whether the run is small enough to import in the request."""
    return run.total <= INLINE_MATCHES


def import_run_queue(*, run: ImportRun) -> None:
    """Have the worker import the run, after the current transaction commits."""
    followup_queue(IMPORT_FOLLOWUP, run.pk)


def import_run_execute(*, run_id: int) -> None:
    """Import the run's file (idempotent: a finished run is left alone)."""
    run = ImportRun.objects.filter(pk=run_id).first()
    if run is None or run.finished:
        return
    _aside(run_id, status=Status.RUNNING, checked=0, stored=0)
    try:
        data = json.loads(run.content)
        with transaction.atomic():
            outcome = matches_import(
                data=data,
                user=run.user if run.user_id else import_user(),
                progress=lambda phase, count: _aside(run_id, **{phase: count}),
            )
            if not outcome.ok:
                transaction.set_rollback(True)
    except ServiceError as error:
        _finish(run_id, status=Status.FAILED, failure=error.message)
        return
    except Exception as error:  # recorded on the run, never a run stuck "running"
        logger.exception("Import %s failed", run_id)
        _finish(
            run_id,
            status=Status.FAILED,
            failure=f"{type(error).__name__}: {error}"[:FAILURE_CHARS],
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
    """Mark failed every run whose progress has not moved for ``STALE``; how many."""
    now = now or timezone.now()
    return ImportRun.objects.filter(
        status__in=(Status.QUEUED, Status.RUNNING), updated_at__lt=now - STALE
    ).update(
        status=Status.FAILED,
        failure=_(
            "The import stopped without finishing (the worker was stopped, or it "
            "ran out of time). Nothing of it was stored: import the file again."
        ),
        finished_at=now,
        updated_at=now,
        content="",
    )


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
