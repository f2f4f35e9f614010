"""Background work of the scoring app (a task takes primary keys and calls a
service; running it twice changes nothing the second time): a large import (a
matches file, or an archive file's check or storing), and the periodic check that
no import is left "running" forever."""

from __future__ import annotations

from celery import shared_task

from scoring.services.imports.archive import import_run_step
from scoring.services.imports.runs import import_runs_expire


@shared_task(name="scoring.tasks.import_run", ignore_result=True)
def import_run_task(run_id: int) -> None:
    """The run's next step (queued through the outbox): a matches file's import,
    an archive file's check, or its storing once confirmed."""
    import_run_step(run_id=run_id)


@shared_task(name="scoring.tasks.import_runs_expire", ignore_result=True)
def import_runs_expire_task() -> int:
    """Periodic (beat): mark failed the imports that stopped without finishing."""
    return import_runs_expire()
