"""A large matches file imported as the officials' background import does it.

    .venv/bin/python bench/import_large.py [--matches 6000] [--db sqlite postgres]
    .venv/bin/python bench/import_large.py --matches 6000 --write /tmp/matches.json
    .venv/bin/python bench/import_large.py --matches 1000 --db postgres --deliver

Generates a valid ``royal-tarokk-matches/1`` file (HAND_RECORD.md) of ``--matches``
championship matches: 2 seasons, in each teams of 2 players playing 50 matches each
(under the 52-match cap, R15), 8 seeded random legal hands a match (3 of the 64
hands make a trophy). ``--write`` only
writes the file (to try the upload page with it).

Each database gets a fresh temporary database (SQLite file in /tmp; PostgreSQL at
127.0.0.1:5432, user postgres, created and dropped here; override with
BENCH_POSTGRES_URL=postgres://user@host:port). The import runs as the background task
runs it (``import_run_execute``: check, store in one transaction, record the result);
the follow-ups it queues are delivered by the worker elsewhere and are not timed
(``--deliver``: delivered afterwards in-process, one by one as the periodic delivery
takes them, what they queue in turn too, and timed apart; the end to end time is
both). The bulk store queues one ``matches_completed`` for its plain matches (their
trophies, standings and statistics at once, issue 24). BENCH_DB_NAME names the
PostgreSQL database (created and dropped here).
Prints the file's size, the time of the whole import and per match.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MATCHES_PER_TEAM = 50  # R15: at most 52 championship matches a team a season


def matches_file(count: int) -> dict:
    """``count`` championship matches; each team plays ``MATCHES_PER_TEAM`` a season
    against different teams (a circle schedule), one match a team a day."""
    sys.path.insert(0, str(ROOT))
    import random

    from scoring.engine import score_hand_record, sheet_from_play
    from scoring.engine.generate import random_play_record

    def sheet(seed: int) -> dict:  # as tests/factories.py builds one
        record = random_play_record(random.Random(seed), n_announcements=4)
        return sheet_from_play(record, score_hand_record(record))

    # 64 hands, three of which make a trophy (R14; the seeds of the tests' trophy
    # hands): about a third of the matches credit one, so the trophies, the trophy
    # cups and the statistics' trophy counters have work to do.
    hands = [sheet(seed) for seed in (*range(1, 62), 115, 125, 157)]
    teams = MATCHES_PER_TEAM + 2  # a circle of 52 teams: 26 matches a day
    per_season = teams * MATCHES_PER_TEAM // 2
    entries = []
    for index in range(count):
        season, rest = divmod(index, per_season)
        day, slot = divmod(rest, teams // 2)
        a, b = _circle_pair(teams, day, slot)
        year = 2020 + season
        names = (f"Team {season}-{a:02d}", f"Team {season}-{b:02d}")
        entries.append(
            {
                "competition": {"season": year, "kind": "championship"},
                "date": (dt.date(year, 2, 1) + dt.timedelta(days=day)).isoformat(),
                "venue": "Budapest",
                "public": True,
                "lineups": {
                    name: {"driver": f"{name} driver", "catcher": f"{name} catcher"}
                    for name in names
                },
                "record": {
                    "format": "royal-tarokk-match/1",
                    "teams": list(names),
                    "first_attack": names[index % 2],
                    "hands": [hands[(index + i) % len(hands)] for i in range(8)],
                },
            }
        )
    return {"format": "royal-tarokk-matches/1", "matches": entries}


def _circle_pair(teams: int, day: int, slot: int) -> tuple[int, int]:
    """The round-robin circle method: team 0 fixed, the others rotate."""
    others = list(range(1, teams))
    shift = day % len(others)
    ring = [0, *others[shift:], *others[:shift]]
    return ring[slot], ring[teams - 1 - slot]


def child(path: str) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")
    os.environ["DJANGO_DEBUG"] = "false"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from scoring.models import ImportRun
    from scoring.services.imports.runs import import_run_create, import_run_execute
    from tarokk_admin.core import background
    from tarokk_admin.core.models import Followup
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory

    # The follow-ups wait in the outbox for a worker elsewhere (not timed here).
    background._dispatch = lambda followup_id: None
    official = UserFactory(username="bench-official", roles=[Role.OFFICIAL])
    content = Path(path).read_bytes()
    cpu = _cpu()
    start = time.perf_counter()
    run = import_run_create(user=official, file_name="bench.json", content=content)
    import_run_execute(run_id=run.pk)
    seconds = time.perf_counter() - start
    cpu_stored = _cpu()
    run = ImportRun.objects.get(pk=run.pk)
    result = {
        "status": run.status,
        "imported": run.imported,
        "errors": run.errors[:3],
        "seconds": round(seconds, 1),
        "followups_queued": dict(
            Counter(Followup.objects.values_list("kind", flat=True))
        ),
    }
    if os.environ.get("BENCH_DELIVER"):  # --deliver: the worker's share, timed apart
        start = time.perf_counter()
        delivered = Counter()
        while True:  # what a delivery queues (the trophy cups) is delivered too
            pending = Followup.objects.filter(delivered_at__isnull=True).order_by("pk")
            rows = list(pending.values_list("pk", "kind"))
            if not rows:
                break
            for followup_id, kind in rows:
                if background.followup_deliver(followup_id):
                    delivered[kind] += 1
        result["followups_seconds"] = round(time.perf_counter() - start, 1)
        result["cpu_seconds"] = {  # what the load of the machine does not inflate
            "stored": round(cpu_stored - cpu, 1),
            "followups": round(_cpu() - cpu_stored, 1),
        }
        result["followups_delivered"] = dict(delivered)
        from stats.models import SeasonStatistics
        from trophies.models import TrophyAward

        result["awards"] = TrophyAward.objects.count()
        result["statistics_rows"] = SeasonStatistics.objects.count()
        result["end_to_end_seconds"] = round(
            result["seconds"] + result["followups_seconds"], 1
        )
    return result


def _cpu() -> float:
    """CPU seconds used so far by this process and its database session (its
    PostgreSQL backend, read from /proc; SQLite runs in the process)."""
    from django.db import connection

    used = time.process_time()
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            (pid,) = cursor.fetchone()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            used += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):  # another machine's database
            pass
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=6000)
    parser.add_argument("--db", nargs="+", default=["sqlite"])
    parser.add_argument("--write", help="only write the matches file here")
    parser.add_argument(
        "--deliver",
        action="store_true",
        help="then deliver the follow-ups in-process, timed apart (the worker's work)",
    )
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child)))
        return
    data = matches_file(args.matches)
    text = json.dumps(data, ensure_ascii=False)
    if args.write:
        Path(args.write).write_text(text, encoding="utf-8")
        print(f"{args.matches} matches, {len(text) / 1e6:.1f} MB: {args.write}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "matches.json"
        path.write_text(text, encoding="utf-8")
        print(f"{args.matches} matches, file of {len(text) / 1e6:.1f} MB")
        if args.deliver:
            os.environ["BENCH_DELIVER"] = "1"
        for db in args.db:
            print(db, json.dumps(_run(db, path, Path(tmp))))


def _run(db: str, path: Path, tmp: Path) -> dict:
    env = dict(os.environ)
    name = os.environ.get("BENCH_DB_NAME") or f"bench_import_{os.getpid()}"
    base = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432")
    if db == "postgres":
        subprocess.run(
            ["createdb", "-h", "127.0.0.1", "-U", "postgres", name], check=True
        )
        env["DATABASE_URL"] = f"{base}/{name}"
    else:
        env["DATABASE_URL"] = f"sqlite:///{tmp / 'bench.sqlite3'}"
    try:
        out = subprocess.run(
            [sys.executable, __file__, "--child", str(path)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        result = json.loads(out.stdout.strip().splitlines()[-1])
    finally:
        if db == "postgres":
            subprocess.run(["dropdb", "-h", "127.0.0.1", "-U", "postgres", name])
    per = result["seconds"] / max(result["imported"], 1)
    return {**result, "ms_per_match": round(per * 1000, 1)}


if __name__ == "__main__":
    main()
