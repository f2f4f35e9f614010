"""Pages for officials: bringing in the federation's archive files (players, the
trophy list) from spreadsheets, linked from the matches import page.

Upload → check (nothing stored) → the run's page shows what will be stored (counts,
the first rows, the rows already stored) or every problem with its line and
column → the official confirms → stored, all or nothing. A refused file is shown
on the upload page, ready for the corrected file; a large file is checked and
stored by the worker while the run's page shows its progress."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.errors import ERRORS
from scoring.forms.archive import ArchiveImportForm
from scoring.models import ImportRun
from scoring.services.imports.archive import (
    archive_run_confirm,
    archive_run_create,
    archive_run_discard,
    archive_run_next,
)
from tarokk_admin.core.archive import (
    PLANNED,
    archive_kind,
    archive_kinds,
    archive_kinds_pending,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.problems import Problem, problem_where
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = ERRORS.messages[
    "not_an_official__archive"
]  # the service's own sentence

RECENT_RUNS = 10
POLL_SECONDS = 2


def kind_label(kind: str) -> str:
    if kind == ImportRun.MATCHES:
        return _("Played matches")
    return str(PLANNED.get(kind, kind))


def recent_runs() -> list[ImportRun]:
    """The latest imports of every kind, for the import pages' list."""
    runs = list(
        ImportRun.objects.select_related("user__player").defer("content")[:RECENT_RUNS]
    )
    for run in runs:
        run.kind_label = kind_label(run.kind)  # type: ignore[attr-defined]
    return runs


def _columns(kind_name: str) -> list[dict[str, str]]:
    """The kind's columns, named in the page's language (Hungarian headers on a
    Hungarian page)."""
    kind = archive_kind(kind_name)
    if kind is None:
        return []
    hungarian = (translation.get_language() or "").startswith("hu")
    return [
        {
            "name": column.name,
            "label": column.hungarian
            if hungarian and column.hungarian
            else column.name,
        }
        for column in kind.columns
    ]


def _problems(run: ImportRun) -> list[Problem]:
    xlsx = run.preview.get("format") == "xlsx"
    header = run.preview.get("header") or []
    problems = [Problem.from_json(row) for row in run.errors]
    return [
        problem.described(problem_where(problem, xlsx=xlsx, header=header))
        for problem in problems
    ]


def _summary(run: ImportRun) -> str:
    kind = archive_kind(run.kind)
    stored = kind.count(run.imported) if kind else str(run.imported)
    text = _("Stored: %(what)s.") % {"what": stored}
    if run.present or run.preview.get("known"):
        known = run.preview.get("known") or len(run.present)
        text += " " + ngettext(
            "%(n)s row of the file was already stored and was not stored again.",
            "%(n)s rows of the file were already stored and were not stored again.",
            known,
        ) % {"n": known}
    return text


def archive_run_context(run: ImportRun) -> dict[str, Any]:
    """What the run's page and its status fragment show of an archive import."""
    kind = archive_kind(run.kind)
    preview = run.preview or {}
    columns = _columns(run.kind)
    first_rows = [
        {
            "line": row["line"],
            "cells": [row["cells"].get(c["name"], "") for c in columns],
        }
        for row in preview.get("first", [])
    ]
    return {
        "run": run,
        "first_rows": first_rows,
        "kind_label": kind_label(run.kind),
        "errors": _problems(run),
        "columns": columns,
        "preview": preview,
        "new_count": kind.count(preview.get("new", 0)) if kind else "",
        "summary": _summary(run) if run.status == ImportRun.Status.DONE else "",
        "polling": run.status in (ImportRun.Status.QUEUED, ImportRun.Status.RUNNING),
        "poll": POLL_SECONDS,
    }


@official_only(OFFICIALS_ONLY)
@get_or_post
def archive_import_view(request: HttpRequest) -> HttpResponse:
    """Upload an archive file; it is checked, and shown before it is stored."""
    form = ArchiveImportForm(
        request.POST or None,
        request.FILES or None,
        # ?kind=sittings: the free-games desk's link chooses the kind
        initial={"kind": request.GET.get("kind", "")[:20]},
    )
    run: ImportRun | None = None
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        run = archive_run_create(
            user=request.user,
            kind=form.cleaned_data["kind"],
            file_name=upload.name,
            content=upload.read(),
        )
        if not run.finished:
            run = archive_run_next(run)
        if not run.errors:
            return redirect("officials:import_run", pk=run.pk)
    return render(
        request,
        "scoring/officials/archive_import.html",
        {
            "form": form,
            "run": run,
            "errors": _problems(run) if run else [],
            "kinds": [
                {"kind": kind, "columns": _columns(kind.name)}
                for kind in archive_kinds()
            ],
            "pending": archive_kinds_pending(),
            "recent": recent_runs(),
        },
        status=400 if run is not None or form.errors else 200,
    )


@official_only(OFFICIALS_ONLY)
@require_POST
def import_run_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """The official has read the preview: store the file."""
    run = get_object_or_404(ImportRun.objects.defer("content"), pk=pk)
    try:
        run = archive_run_confirm(run=run, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("officials:import_run", pk=pk)
    archive_run_next(run)  # its page shows what came of it
    return redirect("officials:import_run", pk=pk)


@official_only(OFFICIALS_ONLY)
@require_POST
def import_run_discard(request: HttpRequest, pk: int) -> HttpResponse:
    """The official drops a checked file instead of storing it."""
    run = get_object_or_404(ImportRun.objects.defer("content"), pk=pk)
    try:
        archive_run_discard(run=run, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("officials:import_run", pk=pk)
    messages.info(request, _("Discarded: nothing of the file was stored."))
    return redirect("officials:import_archive")
