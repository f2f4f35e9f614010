"""The import's storing loop with the set-based store (issue 24): plain matches
planned and written in batches by :class:`bulk.BulkStore`, the others stored one by
one through the services (``store._store_one``), in the file's order.

Progress ("stored", matches so far) is reported after each batch; the matches and
the history and results they make are the same rows as the per-match store writes
(tests/scoring/services/test_import_bulk.py compares them). Their follow-up is one
for the matches written between two matches stored through the services (the
whole file when none is), ``matches_completed``: what the per-match follow-ups
would do, done once (issue 24).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import DatabaseError, transaction

from competitions.models import Match
from scoring.services.imports.bulk import FALLBACK, FLUSH_EVERY, BulkStore, Fallback
from scoring.services.imports.checks import PlannedMatch

PROGRESS_EVERY = 25  # matches between two progress reports, one by one
Progress = Callable[[str, int], None]
# Stores one match through the services, recording its outcome.
StoreOne = Callable[[PlannedMatch, Any, Any, list[tuple[str, Match]]], None]


def store_bulk(
    planned: list[PlannedMatch],
    store: Any,
    outcome: Any,
    progress: Progress | None,
    stored: list[tuple[str, Match]],
    store_one: StoreOne,
) -> None:
    """The plain matches planned and written in batches (``bulk``), the others
    through the services (``_store_one``) once the matches before them are
    written; after a database refusal every match goes through the services, so
    each refusal is reported as the per-match store reports it."""
    bulk = BulkStore(planned, store)
    batch: list[tuple[PlannedMatch, Match]] = []
    written: list[int] = []  # since the last follow-up
    per_match = False

    def store_one_after(one: PlannedMatch) -> None:
        bulk.followup(written)
        written.clear()
        store_one(one, store, outcome, stored)

    def flush() -> bool:
        flushed = batch[:]
        batch.clear()
        try:
            with transaction.atomic():
                bulk.flush()
        except DatabaseError:  # a constraint the checks missed: said per match
            bulk.pending = []
            for one, _match in flushed:
                store_one_after(one)
            return False
        for one, match in flushed:
            written.append(match.pk)
            outcome.imported += 1
            outcome.match_ids.append(match.pk)
            stored.append((one.path, match))
        return True

    for count, one in enumerate(planned, start=1):
        if per_match:
            if progress is not None and count % PROGRESS_EVERY == 0:
                progress("stored", count)
            store_one_after(one)
            continue
        try:  # what a plan writes (teams, players, members) has savepoints
            match = bulk.plan(one)
        except Fallback:
            match = FALLBACK
        except DatabaseError:
            match, per_match = FALLBACK, True
        if match is FALLBACK:
            per_match = not flush() or per_match
            if progress is not None:
                progress("stored", count - 1)
            store_one_after(one)
            bulk.forget()
        elif match is None:
            outcome.present += 1
            outcome.present_paths.append(one.path)
        else:
            batch.append((one, match))
            if len(batch) >= FLUSH_EVERY:
                per_match = not flush()
                if progress is not None:
                    progress("stored", count)
    if not per_match:
        flush()
    bulk.followup(written)
