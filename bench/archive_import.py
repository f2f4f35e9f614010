"""How long a large trophy archive takes to check and to store (HAND_RECORD.md
"Archive files"), on the trophy bench's federation.

Run against a database holding the bench seed (20,000 players, 100,000 awards):

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_h7
    .venv/bin/python manage.py migrate && .venv/bin/python manage.py seed_trophy_bench
    .venv/bin/python bench/archive_import.py --rows 20000

Generates a CSV of ``--rows`` awards of the bench players dated before every bench
award (``bench/archive_files.py``: so the cups of most of those players move), then
times: reading the file, the check alone (what the preview does), and the whole
import as ``manage.py import_archive trophies FILE`` does it (read, check again,
store the awards with their history, recompute the points and cups, record the
run), then the same file again (stores nothing). ``--keep`` leaves the awards;
otherwise they are removed at the end (with the cups recomputed), so the bench can
run again. Prints seconds per phase and the cups changed.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from contextlib import redirect_stderr
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")
os.environ.setdefault("DJANGO_DEBUG", "false")  # no query log, as in production

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from tarokk_admin.core.archive import archive_kind  # noqa: E402
from tarokk_admin.core.sheets import sheet_read  # noqa: E402


def timed(label: str, action):
    start = time.perf_counter()
    result = action()
    print(f"{label:58} {time.perf_counter() - start:8.2f} s")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from archive_files import bench_csv

    from trophies.models import TrophyAward, TrophyCup

    path = Path(f"/tmp/trophies-archive-{args.rows}.csv")
    path.write_bytes(bench_csv(args.rows))
    print(
        f"{connection.vendor}, {TrophyAward.objects.count()} awards, "
        f"{path.stat().st_size / 1e6:.1f} MB file of {args.rows} rows, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    content = path.read_bytes()
    sheet = timed("read the CSV", lambda: sheet_read(content, source=path.name))
    kind = archive_kind("trophies")
    outcome = timed("check every row (the preview)", lambda: kind.check(sheet))
    assert outcome.ok, outcome.problems[:3]
    history = TrophyCup.history.count()

    def command() -> dict:
        out = io.StringIO()
        with redirect_stderr(io.StringIO()):
            call_command("import_archive", "trophies", str(path), stdout=out)
        return json.loads(out.getvalue())

    answer = timed("import_archive: check, store, points and cups", command)
    print(f"  {answer}; cup changes in history: {TrophyCup.history.count() - history}")
    again = timed("import_archive of the same file again", command)
    print(f"  {again}")
    print(f"load average {os.getloadavg()[0]:.1f}")
    if not args.keep:
        bench_archive_clear()


def bench_archive_clear() -> None:
    """Remove the bench's archive awards and their history (bench data: no
    withdrawal is recorded, so the next run stores them again), then recompute."""
    from django.db import transaction

    from trophies.models import TrophyAward, TrophyCup
    from trophies.services.trophy_cups import trophy_cups_update

    start = time.perf_counter()
    with transaction.atomic():
        archive = TrophyAward.objects.filter(source="archive", event__startswith="Arch")
        players = set(archive.values_list("player_id", flat=True))
        TrophyCup.objects.filter(award__in=archive).update(award=None)
        TrophyAward.history.filter(source="archive", event__startswith="Arch").delete()
        archive._raw_delete(archive.db)
        trophy_cups_update(player_ids=players)
    print(
        f"archive awards removed, cups recomputed ({time.perf_counter() - start:.1f} s)"
    )


if __name__ == "__main__":
    main()
