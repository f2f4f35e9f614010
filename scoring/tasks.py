"""Background work of the scoring app (a task takes primary keys and calls a
service; running it twice changes nothing the second time): a large import of a
matches file, and the periodic check that no import is left "running" forever."""

from __future__ import annotations

from celery import shared_task

from scoring.services.imports.runs import import_run_execute, import_runs_expire


@shared_task(name="scoring.tasks.import_run", ignore_result=True)
def import_run_task(run_id: int) -> None:
    """Import the run's matches file (queued through the outbox)."""
    import_run_execute(run_id=run_id)


@shared_task(name="scoring.tasks.import_runs_expire", ignore_result=True)
def import_runs_expire_task() -> int:
    """Periodic (beat): mark failed the imports that stopped without finishing."""
    return import_runs_expire()
