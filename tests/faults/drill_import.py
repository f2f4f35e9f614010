"""Queues a large matches-file import for the worker and prints its run's id:
``python -m tests.faults.drill_import MATCHES TAG`` (with the drill's environment).
Every match is played by two teams of their own (no team reaches the 52-match cap),
so the whole file is good and its import takes a while."""

from __future__ import annotations

import json
import sys

import django

django.setup()

from django.db import transaction  # noqa: E402

from scoring.services.imports.runs import (  # noqa: E402
    import_run_create,
    import_run_queue,
)
from tests.factories import sheet  # noqa: E402
from tests.tarokk_admin.kit import YEAR  # noqa: E402


def _entry(tag: str, n: int) -> dict:
    teams = [f"{tag} {n} A", f"{tag} {n} B"]
    return {
        "competition": {"season": YEAR, "kind": "championship"},
        "date": f"{YEAR}-09-{1 + n % 28:02d}",
        "venue": f"{tag} drill",
        "public": True,
        "lineups": {
            team: {"driver": f"{team} driver", "catcher": f"{team} catcher"}
            for team in teams
        },
        "record": {
            "format": "royal-tarokk-match/1",
            "teams": teams,
            "first_attack": teams[0],
            "hands": [sheet(1 + (n + i) % 50) for i in range(8)],
        },
    }


def main(matches: int, tag: str) -> None:
    content = json.dumps(
        {
            "format": "royal-tarokk-matches/1",
            "matches": [_entry(tag, n) for n in range(matches)],
        }
    )
    with transaction.atomic():
        run = import_run_create(user=None, file_name=f"{tag}.json", content=content)
        import_run_queue(run=run)
    print(json.dumps({"run": run.pk}))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
