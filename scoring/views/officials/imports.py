"""Pages for officials: bringing played matches in from a matches file, and every
import's page (an archive file's too: ``archive.py``).

A small file is imported in the request and answered at once; a larger one is
imported by the worker while the run's page shows its progress (htmx polls the
status fragment until the run has finished) and then its result."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.errors import ERRORS
from scoring.forms.imports import MatchesImportForm
from scoring.models import ImportRun
from scoring.services.imports.runs import (
    import_run_create,
    import_run_derived,
    import_run_execute,
    import_run_inline,
    import_run_queue,
)
from scoring.views.officials.archive import archive_run_context, recent_runs
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.problems import Problem
from tarokk_admin.core.roles import official_only

# Anonymous visitors go to the login page; other roles get a 403 saying why.
OFFICIALS_ONLY = ERRORS.messages[
    "not_an_official__matches_import"
]  # the service's own sentence

POLL_SECONDS = 2


def _where(path: str) -> str:
    """Paths count from 0; people count matches and hands from 1."""
    parts = path.split("/")
    words = []
    if len(parts) > 2 and parts[1] == "matches" and parts[2].isdigit():
        words.append(_("match %(n)s of the file") % {"n": int(parts[2]) + 1})
        if len(parts) > 5 and parts[4] == "hands" and parts[5].isdigit():
            words.append(_("hand %(n)s") % {"n": int(parts[5]) + 1})
    return ", ".join(words)


def _errors(run: ImportRun) -> list[Problem]:
    problems = [Problem.from_json(row) for row in run.errors]
    return [problem.described(_where(problem.path or "")) for problem in problems]


def _summary(run: ImportRun) -> str:
    text = ngettext(
        "%(n)s match imported.", "%(n)s matches imported.", run.imported
    ) % {"n": run.imported}
    if run.present:
        text += " " + ngettext(
            "%(n)s match of the file was already stored and was not imported again.",
            "%(n)s matches of the file were already stored and were not imported "
            "again.",
            len(run.present),
        ) % {"n": len(run.present)}
    return text


@official_only(OFFICIALS_ONLY)
@get_or_post
def matches_import_view(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = (
        MatchesImportForm(request.POST, request.FILES)
        if posted
        else MatchesImportForm()
    )
    run: ImportRun | None = None
    if posted and form.is_valid():
        run = import_run_create(
            user=request.user,
            file_name=form.cleaned_data["source"],
            content=form.cleaned_data["content"],
        )
        if not run.finished and not import_run_inline(run):
            import_run_queue(run=run)
            return redirect("officials:import_run", pk=run.pk)
        if not run.finished:
            import_run_execute(run_id=run.pk)
            run.refresh_from_db()
        if run.status == ImportRun.Status.DONE and not run.errors:
            messages.success(request, _summary(run))
            return redirect("officials:import")
    failed = run is not None and (run.errors or run.failure)
    recent = recent_runs()
    return render(
        request,
        "scoring/officials/import.html",
        {
            "form": form,
            "run": run,
            "errors": _errors(run) if run else [],
            "recent": recent,
        },
        status=400 if failed or form.errors else 200,
    )


def _run_context(run: ImportRun) -> dict[str, Any]:
    if run.archive:
        return archive_run_context(run)
    return {
        "run": run,
        "errors": _errors(run),
        "summary": _summary(run) if run.status == ImportRun.Status.DONE else "",
        "poll": POLL_SECONDS,
        # Stored: the import is done; its trophies, standings and statistics may
        # still be worked out by the worker (the page polls until they are).
        "derived": import_run_derived(run),
    }


@official_only(OFFICIALS_ONLY)
@get_only
def import_run_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A run's progress while it runs, its result when it has finished."""
    run = get_object_or_404(
        ImportRun.objects.select_related("user__player").defer("content"), pk=pk
    )
    return render(request, "scoring/officials/import_run.html", _run_context(run))


@official_only(OFFICIALS_ONLY)
@get_only
def import_run_status(request: HttpRequest, pk: int) -> HttpResponse:
    """The status fragment the run's page polls (htmx)."""
    run = get_object_or_404(
        ImportRun.objects.select_related("user__player").defer("content"), pk=pk
    )
    template = "_archive_run_status" if run.archive else "_import_run_status"
    return render(request, f"scoring/officials/{template}.html", _run_context(run))
