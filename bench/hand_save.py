"""Saving a hand through the service: validate, score, store, queue.

    .venv/bin/python bench/hand_save.py [--saves 200] [--corrections 50] [--db sqlite postgres]

Each database gets a fresh temporary database (SQLite file in /tmp; PostgreSQL at
127.0.0.1:5432, user postgres, created and dropped here; override with
BENCH_POSTGRES_URL=postgres://user@host:port). Two workloads through
``scoring.services.hand_save``:

- new hands: the referee saves hands 1-8 of in-play matches (``--saves`` in all);
- corrections: an official corrects a hand of a completed match with a reason, which
  also recomputes the match result and queues the follow-up task.

The follow-up task is queued, not run (its ``delay`` is replaced by a recorder), as a
real worker would run it elsewhere. Prints median, p95 and SQL queries per save.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(saves: int, corrections: int) -> dict:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")
    os.environ["DJANGO_DEBUG"] = "false"
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    call_command("migrate", verbosity=0)
    from competitions import tasks
    from competitions.services.matches import match_complete
    from scoring.models import Hand
    from scoring.services.hands import hand_save
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory, ready_match, sheet

    queued: list[int] = []
    tasks.match_completed.delay = lambda pk: queued.append(pk)  # type: ignore[method-assign]
    records = [sheet(seed) for seed in range(1, 65)]
    referee = UserFactory(username="bench-referee", roles=[Role.REFEREE])
    official = UserFactory(username="bench-official", roles=[Role.OFFICIAL])

    def timed(call) -> tuple[float, int]:
        with CaptureQueriesContext(connection) as ctx:
            start = time.perf_counter()
            call()
            elapsed = (time.perf_counter() - start) * 1000
        return elapsed, len(ctx.captured_queries)

    new_times, new_queries = [], []
    matches = []
    for m in range((saves + 7) // 8):
        match = ready_match(referee=referee)
        matches.append(match)
        for number in range(1, 9):
            if len(new_times) == saves:
                break
            record = records[(m * 8 + number) % len(records)]
            ms, q = timed(
                lambda match=match, number=number, record=record: hand_save(
                    match=match, number=number, record=record, user=referee
                )
            )
            new_times.append(ms)
            new_queries.append(q)

    fix_times, fix_queries = [], []
    complete = [m for m in matches if m.hands.count() == 8]
    for match in complete:
        match_complete(match=match, user=referee)
    for i in range(corrections):
        match = complete[i % len(complete)]
        number = i % 8 + 1
        hand = Hand.objects.get(match=match, number=number)
        record = records[(i * 7) % len(records)]
        ms, q = timed(
            lambda match=match, number=number, record=record, hand=hand: hand_save(
                match=match,
                number=number,
                record=record,
                user=official,
                version=hand.version,
                reason="bench correction",
            )
        )
        fix_times.append(ms)
        fix_queries.append(q)

    def summary(times: list[float], queries: list[int]) -> dict:
        ordered = sorted(times)
        return {
            "n": len(times),
            "median_ms": round(statistics.median(ordered), 2),
            "p95_ms": round(ordered[max(0, int(len(ordered) * 0.95) - 1)], 2),
            "queries_median": statistics.median(queries),
            "queries_max": max(queries),
        }

    return {
        "vendor": connection.vendor,
        "new": summary(new_times, new_queries),
        "correction": summary(fix_times, fix_queries),
        "queued": len(queued),
    }


def run(url: str, saves: int, corrections: int) -> dict:
    env = {**os.environ, "DATABASE_URL": url}
    env.pop("REDIS_URL", None)
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(saves), str(corrections)],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def with_postgres(saves: int, corrections: int) -> dict:
    import psycopg

    base = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432")
    name = f"tarokk_bench_{os.getpid()}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        return run(f"{base}/{name}", saves, corrections)
    finally:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def with_sqlite(saves: int, corrections: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        return run(f"sqlite:///{tmp}/bench.sqlite3", saves, corrections)


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(child(int(sys.argv[2]), int(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--corrections", type=int, default=50)
    parser.add_argument(
        "--db",
        nargs="+",
        choices=["sqlite", "postgres"],
        default=["sqlite", "postgres"],
    )
    args = parser.parse_args()
    runners = {"sqlite": with_sqlite, "postgres": with_postgres}
    print("| database | workload | saves | median | p95 | SQL queries per save |")
    print("|---|---|---|---|---|---|")
    for db in args.db:
        result = runners[db](args.saves, args.corrections)
        for key, label in (("new", "new hand"), ("correction", "correction")):
            r = result[key]
            queries = (
                f"{r['queries_median']:g}"
                if r["queries_median"] == r["queries_max"]
                else f"{r['queries_median']:g} (max {r['queries_max']})"
            )
            print(
                f"| {result['vendor']} | {label} | {r['n']} | {r['median_ms']:.1f} ms "
                f"| {r['p95_ms']:.1f} ms | {queries} |"
            )


if __name__ == "__main__":
    main()
