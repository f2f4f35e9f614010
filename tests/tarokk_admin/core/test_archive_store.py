"""``archive_store``: the one way an archive kind stores its checked rows (one by
one through the service, or in bulk), reports progress and turns a refusal into
the row's problem."""

from __future__ import annotations

from dataclasses import dataclass

from tarokk_admin.core.archive import ArchiveOutcome, archive_store
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.sheets import Problem


@dataclass
class Row:
    line: int


def _rows(n):
    return [Row(line) for line in range(2, n + 2)]


def test_rows_one_by_one_with_progress_every_n_and_at_the_end():
    stored, told = [], []
    outcome = ArchiveOutcome("players", rows=7)
    archive_store(
        outcome,
        _rows(7),
        lambda rows: stored.append([row.line for row in rows]),
        line=lambda row: row.line,
        progress=lambda stage, n: told.append((stage, n)),
        every=3,
    )
    assert stored == [[line] for line in range(2, 9)]
    assert told == [("checked", 7), ("stored", 3), ("stored", 6), ("stored", 7)]
    assert (outcome.stored, outcome.ok) == (7, True)


def test_in_bulk_all_at_once_or_by_batches():
    stored = []
    outcome = ArchiveOutcome("honours", rows=5)
    archive_store(
        outcome,
        _rows(5),
        stored.append,
        line=lambda r: r.line,
        progress=None,
        batch=None,
    )
    assert [len(rows) for rows in stored] == [5]
    told = []
    outcome = ArchiveOutcome("trophies", rows=5)
    archive_store(
        outcome,
        _rows(5),
        lambda rows: None,
        line=lambda r: r.line,
        progress=lambda stage, n: told.append((stage, n)),
        batch=2,
        every=2,
    )
    assert told == [("checked", 5), ("stored", 2), ("stored", 4), ("stored", 5)]
    assert outcome.stored == 5


def test_a_refusal_is_the_rows_problem_and_stops_the_store():
    stored = []

    def store(rows):
        if rows[0].line == 4:
            raise ServiceError("Registered meanwhile.", code="taken")
        stored.append(rows[0].line)

    outcome = ArchiveOutcome("players", rows=5)
    archive_store(outcome, _rows(5), store, line=lambda r: r.line, progress=None)
    assert stored == [2, 3]
    assert outcome.problems == [Problem("taken", 4, "", "Registered meanwhile.")]
    assert outcome.stored == 0


def test_a_file_with_problems_stores_nothing():
    outcome = ArchiveOutcome("players", rows=2)
    outcome.problems.append(Problem("bad", 2, "name", "No name."))
    told = []
    archive_store(
        outcome,
        _rows(2),
        lambda rows: 1 / 0,
        line=lambda r: r.line,
        progress=lambda stage, n: told.append((stage, n)),
    )
    assert told == [("checked", 2)]
    assert outcome.stored == 0
