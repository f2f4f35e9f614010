"""Archive files (HAND_RECORD.md "Archive files") as imports among the others: an
:class:`~scoring.models.ImportRun` of the file's kind, recorded like a matches
file's run (who, when, status, progress, result), so the import page lists every
import however it was made.

An archive run goes in two steps. **Check**: the file, read once into text cells
(kept on the run as JSON, so a worker can take it up), is checked by its kind
(``core/archive.py``) without writing anything; the run keeps a preview (counts,
the first rows to store, the rows already stored) and waits for an official's
confirmation; a refused file is finished at once with every problem, and a file
with nothing new is finished as "already stored". **Store** (after the
confirmation): checked again and stored in one transaction, one import at a time
(``imports_serialise``), all or nothing; "done" is written in that transaction.
A small file takes both steps in the request, a larger one goes to the worker
(``scoring.tasks.import_run`` through the outbox) while its page shows progress.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from scoring.errors import ERRORS
from scoring.models import ImportRun
from scoring.services.imports.runs import (
    FAILURE_CHARS,
    _aside,
    _finish,
    import_run_execute,
    import_run_queue,
)
from scoring.services.imports.store import import_user, imports_serialise
from tarokk_admin.core.archive import ArchiveKind, ArchiveOutcome, archive_kind
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.sheets import Sheet, SheetError, sheet_read

logger = logging.getLogger(__name__)

# A file of at most this many rows is checked and stored in the request.
INLINE_ROWS = 1000
PREVIEW_ROWS = 20  # the first rows to store, shown before the confirmation
KNOWN_SHOWN = 500  # rows already stored, listed (the count is always whole)

Status = ImportRun.Status


def archive_kind_of(run: ImportRun) -> ArchiveKind:
    kind = archive_kind(run.kind)
    if kind is None:
        ERRORS.refuse("kind_not_available", kind=run.kind)
    return kind


def _rows(sheet: Sheet) -> int:
    return sum(1 for row in sheet.rows if any(cell.strip() for cell in row.cells))


def archive_run_create(
    *, user: Any, kind: str, file_name: str, content: bytes
) -> ImportRun:
    """Record the upload of an archive file; a file that cannot be read is a
    finished run at once, with its one problem."""
    run = ImportRun(user=user, kind=kind, file_name=file_name[:255])
    try:
        sheet = sheet_read(content, source=file_name)
    except SheetError as error:
        now = timezone.now()
        run.status, run.finished_at = Status.DONE, now
        run.errors = [error.problem.as_json()]
    else:
        run.total = _rows(sheet)
        run.content = json.dumps(sheet.as_json(), ensure_ascii=False)
        # The worker writes the problems in the language of the official's page.
        run.preview = {
            "format": sheet.format,
            "header": sheet.header,
            "language": translation.get_language() or settings.LANGUAGE_CODE,
        }
    run.save()
    return run


def archive_run_inline(run: ImportRun) -> bool:
    """Whether the run is small enough to check or store in the request."""
    return run.total <= INLINE_ROWS


def _preview(run: ImportRun, outcome: ArchiveOutcome) -> dict[str, Any]:
    return {
        **run.preview,
        "rows": outcome.rows,
        "new": len(outcome.new),
        "first": [row.as_json() for row in outcome.new[:PREVIEW_ROWS]],
        "known": len(outcome.known),
    }


def _known(outcome: ArchiveOutcome) -> list[dict[str, Any]]:
    return [row.as_json() for row in outcome.known[:KNOWN_SHOWN]]


def _sheet(run: ImportRun) -> Sheet:
    return Sheet.from_json(json.loads(run.content))


def _failed(run_id: int, error: Exception) -> None:
    if isinstance(error, ServiceError):
        _finish(run_id, status=Status.FAILED, failure=error.message)
        return
    logger.exception("Archive import %s failed", run_id)
    _finish(
        run_id,
        status=Status.FAILED,
        failure=f"{type(error).__name__}: {error}"[:FAILURE_CHARS],
    )


def archive_run_check(*, run_id: int) -> None:
    """Check the run's file without storing anything; idempotent."""
    run = ImportRun.objects.filter(pk=run_id).first()
    if run is None or run.status not in (Status.QUEUED, Status.RUNNING):
        return
    _aside(run_id, status=Status.RUNNING, checked=0, stored=0)
    try:
        outcome = archive_kind_of(run).check(_sheet(run))
    except Exception as error:  # recorded on the run, never a run stuck "running"
        _failed(run_id, error)
        return
    preview = _preview(run, outcome)
    if outcome.problems:
        _finish(
            run_id,
            status=Status.DONE,
            checked=outcome.rows,
            preview=preview,
            errors=[problem.as_json() for problem in outcome.problems],
        )
    elif not outcome.new:  # everything stored already: nothing to confirm
        _finish(
            run_id,
            status=Status.DONE,
            checked=outcome.rows,
            preview=preview,
            present=_known(outcome),
        )
    else:
        ImportRun.objects.filter(pk=run_id).update(
            status=Status.CHECKED,
            checked=outcome.rows,
            preview=preview,
            present=_known(outcome),
            updated_at=timezone.now(),
        )


def archive_run_confirm(*, run: ImportRun, user: Any) -> ImportRun:
    """An official confirms a checked run: it is stored next (in the request or
    by the worker, as the caller decides). Confirmed once."""
    official_check(user, ERRORS.error("not_an_official__archive"))
    with transaction.atomic():
        run = ImportRun.objects.select_for_update().get(pk=run.pk)
        if run.status != Status.CHECKED:
            ERRORS.refuse("not_checked", s=run.get_status_display())
        run.status, run.confirmed_at = Status.QUEUED, timezone.now()
        run.updated_at = run.confirmed_at
        run.save(update_fields=["status", "confirmed_at", "updated_at"])
    return run


def archive_run_discard(*, run: ImportRun, user: Any) -> ImportRun:
    """An official drops a checked run instead of confirming it: nothing stored."""
    official_check(user, ERRORS.error("not_an_official__archive"))
    updated = ImportRun.objects.filter(pk=run.pk, status=Status.CHECKED).update(
        status=Status.FAILED,
        failure=_("Not confirmed: %(user)s discarded it. Nothing was stored.")
        % {"user": user.get_username()},
        content="",
        finished_at=timezone.now(),
        updated_at=timezone.now(),
    )
    if not updated:
        ERRORS.refuse("not_checked__discard")
    run.refresh_from_db()
    return run


def archive_run_store(*, run_id: int) -> None:
    """Store a confirmed run's file, all or nothing; idempotent (a finished run is
    left alone, and rows already stored are never stored again)."""
    run = ImportRun.objects.filter(pk=run_id).first()
    if (
        run is None
        or run.confirmed_at is None
        or run.status not in (Status.QUEUED, Status.RUNNING)
    ):
        return
    _aside(run_id, status=Status.RUNNING, checked=0, stored=0)
    try:
        kind = archive_kind_of(run)
        sheet = _sheet(run)
        with transaction.atomic():
            imports_serialise()
            outcome = kind.store(
                sheet,
                user=run.user if run.user_id else import_user(),
                progress=lambda phase, count: _aside(run_id, **{phase: count}),
                run_id=run_id,
            )
            if outcome.ok:  # "done" exactly when the rows are stored
                _finish(run_id, **_done(outcome, run.preview))
            else:
                transaction.set_rollback(True)
    except Exception as error:  # recorded on the run, never a run stuck "running"
        _failed(run_id, error)
        return
    if not outcome.ok:
        _finish(run_id, **_done(outcome, run.preview))


def _done(
    outcome: ArchiveOutcome, preview: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The fields of a finished run: what was stored, the rows already stored (the
    count whole in the preview, the rows listed up to ``KNOWN_SHOWN``), or every
    problem."""
    return {
        "preview": {**(preview or {}), "known": len(outcome.known)},
        "status": Status.DONE,
        "checked": outcome.rows,
        "stored": outcome.stored if outcome.ok else 0,
        "imported": outcome.stored if outcome.ok else 0,
        "present": _known(outcome) if outcome.ok else [],
        "errors": [problem.as_json() for problem in outcome.problems],
    }


def archive_run_execute(*, run_id: int) -> None:
    """The run's next step: its check, or its storing once confirmed."""
    run = ImportRun.objects.filter(pk=run_id).only("confirmed_at", "preview").first()
    if run is None:
        return
    with translation.override(run.preview.get("language") or settings.LANGUAGE_CODE):
        if run.confirmed_at is None:
            archive_run_check(run_id=run_id)
        else:
            archive_run_store(run_id=run_id)


def import_run_step(*, run_id: int) -> None:
    """Whatever the run is, its next step (the worker's task)."""
    kind = ImportRun.objects.filter(pk=run_id).values_list("kind", flat=True).first()
    if kind is None:
        return
    if kind == ImportRun.MATCHES:
        import_run_execute(run_id=run_id)
    else:
        archive_run_execute(run_id=run_id)


def archive_run_next(run: ImportRun) -> ImportRun:
    """Take the run's next step now when it is small, else queue it for the worker
    (after the current transaction commits)."""
    if archive_run_inline(run):
        archive_run_execute(run_id=run.pk)
        run.refresh_from_db()
    else:
        import_run_queue(run=run)
    return run


def archive_run_begin(*, kind: str, file_name: str, user: Any) -> ImportRun:
    """A run for an import done outside the page (``manage.py import_archive``),
    created inside the import's transaction so the stored rows can name it."""
    return ImportRun.objects.create(
        user=user,
        kind=kind,
        file_name=file_name[:255],
        status=Status.RUNNING,
        confirmed_at=timezone.now(),
    )


def _sheet_preview(sheet: Sheet | None) -> dict[str, Any]:
    """What the run's page needs to name a problem's row and column."""
    if sheet is None:
        return {}
    return {"format": sheet.format, "header": sheet.header}


def archive_run_end(run: ImportRun, outcome: ArchiveOutcome, sheet: Sheet) -> None:
    """The stored import's run is done, in the import's transaction."""
    _finish(run.pk, total=outcome.rows, **_done(outcome, _sheet_preview(sheet)))


def archive_run_refused(
    *,
    kind: str,
    file_name: str,
    problems: list[dict[str, Any]],
    sheet: Sheet | None = None,
) -> ImportRun:
    """Record a refused import done outside the page, with its problems (after
    its transaction was rolled back, by nobody: it stored nothing)."""
    now = timezone.now()
    rows = _rows(sheet) if sheet is not None else 0
    return ImportRun.objects.create(
        kind=kind,
        file_name=file_name[:255],
        status=Status.DONE,
        total=rows,
        checked=rows,
        errors=problems,
        preview=_sheet_preview(sheet),
        updated_at=now,
        finished_at=now,
    )
