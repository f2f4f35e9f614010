"""The kinds of archive file a federation brings in (HAND_RECORD.md "Archive files"):
its players, its trophy list and its roll of honour, kept in spreadsheets before
it used this app.

Each kind is declared by the app that owns its records and registered at start-up
(``AppConfig.ready``), so the import page, the runs and ``manage.py import_archive``
(all in ``scoring``) know every kind without importing the apps above them:

- ``players``: ``competitions.services.archive_players``
- ``trophies``: ``trophies.services.archive``
- ``sittings``: free-games sittings copied from paper sheets (R15),
  ``competitions.services.archive_sittings``
- ``honours``: ``competitions.services.archive_honours`` (the roll of honour)

A kind of ``PLANNED`` that no app has registered is known but not available, and
the command and the page say so.

A kind declares its columns (:class:`~tarokk_admin.core.sheets.Column`: name,
Hungarian name, required, parser) and two functions on a read sheet: ``check``
reads only and answers what would be stored; ``store`` checks again and stores,
all or nothing, inside the caller's transaction (the caller rolls back when the
outcome has problems, and serialises imports). Both are idempotent: a row already
stored is reported as such and stored again never. Every ``store`` stores its new
rows through :func:`archive_store` (progress, a refusal as the row's problem).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.sheets import Column, Problem, Sheet

# The kinds of the specification, in its order; a kind not registered (yet) is known
# by its name and label only.
PLANNED: dict[str, Any] = {
    "players": _("Players"),
    "trophies": _("Trophy list"),
    "honours": _("Roll of honour"),
    "sittings": _("Free-games sittings from paper"),
}
# Told how far an import got: ("checked" | "stored", rows so far).
Progress = Callable[[str, int], None]
PROGRESS_EVERY = 100  # rows stored between two progress reports
R = TypeVar("R")


@dataclass(frozen=True)
class ArchiveRow:
    """A row of the file as the preview shows it: its line, its values by column
    name as they will be stored, and a note (why it is already known)."""

    line: int
    cells: dict[str, str]
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {"line": self.line, "cells": self.cells, "note": self.note}


@dataclass
class ArchiveOutcome:
    """What a file gives: rows to store (``new``), rows already stored (``known``)
    and every problem; ``stored`` once stored."""

    kind: str
    rows: int = 0
    new: list[ArchiveRow] = field(default_factory=list)
    known: list[ArchiveRow] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    stored: int = 0

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        """The answer of HAND_RECORD.md: ``{"kind", "stored", "already_stored"}``."""
        return {
            "kind": self.kind,
            "stored": self.stored,
            "already_stored": len(self.known),
        }


def archive_store(
    outcome: ArchiveOutcome,
    rows: Sequence[R],
    store: Callable[[Sequence[R]], object],
    *,
    line: Callable[[R], int],
    progress: Progress | None,
    batch: int | None = 1,
    every: int = PROGRESS_EVERY,
) -> ArchiveOutcome:
    """Store a checked file's new ``rows`` (a kind's ``store``, in the caller's
    transaction): tell ``progress`` the file is checked; store nothing when the
    check found problems; else hand ``store`` the rows ``batch`` at a time (1: one
    by one through the owning service; None: all at once, in bulk). A refusal
    (:class:`ServiceError`) becomes the problem of the row's ``line`` (the first of
    its batch) and stops there: the caller rolls back. ``progress`` hears every
    ``every`` rows and at the end; ``outcome.stored`` is set."""
    if progress is not None:
        progress("checked", outcome.rows)
    if not outcome.ok:
        return outcome
    size = batch or max(len(rows), 1)
    done = 0
    for start in range(0, len(rows), size):
        chunk = rows[start : start + size]
        try:
            store(chunk)
        except ServiceError as error:  # e.g. stored meanwhile by someone else
            outcome.problems.append(Problem.refused(error, line=line(chunk[0])))
            return outcome
        before, done = done, done + len(chunk)
        if progress is not None and (
            done // every > before // every or done == len(rows)
        ):
            progress("stored", done)
    outcome.stored = done
    return outcome


class Checker(Protocol):
    def __call__(self, sheet: Sheet) -> ArchiveOutcome: ...


class Storer(Protocol):
    def __call__(
        self,
        sheet: Sheet,
        *,
        user: Any,
        progress: Progress | None = None,
        run_id: int | None = None,
    ) -> ArchiveOutcome: ...


@dataclass(frozen=True)
class ArchiveKind:
    name: str
    label: Any
    columns: tuple[Column, ...]
    check: Checker
    store: Storer
    # "%(n)s players" in the reader's language.
    count: Callable[[int], str]


_KINDS: dict[str, ArchiveKind] = {}


def archive_kind_register(kind: ArchiveKind) -> None:
    """Make a kind importable (the owning app's ``ready``)."""
    _KINDS[kind.name] = kind


def archive_kind(name: str) -> ArchiveKind | None:
    """The registered kind of this name, or None (unknown, or not available yet)."""
    return _KINDS.get(name)


def archive_kinds() -> list[ArchiveKind]:
    """The importable kinds, in the specification's order."""
    order = list(PLANNED)
    return sorted(
        _KINDS.values(),
        key=lambda kind: order.index(kind.name) if kind.name in order else 99,
    )


def archive_kinds_pending() -> list[tuple[str, Any]]:
    """The kinds of the specification that no app has registered yet."""
    return [(name, label) for name, label in PLANNED.items() if name not in _KINDS]
