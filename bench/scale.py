"""What the benches on a large federation share: the command line (``--postgres``,
``--teams``, ``--matches``, ``--players``, ``-n``) and a temporary database, a SQLite
file or a PostgreSQL database created on the server given and dropped after the run,
migrated and filled by ``manage.py seed_bench`` (by default 300 teams x 52 matches:
7,800 matches, 62,400 hands, 2,000 players)."""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit


def scale_arguments(doc: str, requests: int = 60) -> argparse.ArgumentParser:
    """A parser with the scale options; a bench adds its own before parsing."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--postgres", help="server URL; a temporary database is made")
    parser.add_argument("--teams", type=int, default=300)
    parser.add_argument("--matches", type=int, default=52)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("-n", type=int, default=requests, help="requests per figure")
    return parser


def postgres_database(url: str):
    """A new database on the server of ``url``: its URL, and what drops it."""
    import psycopg

    parts = urlsplit(url)
    name = f"tarokk_bench_{os.getpid()}"
    admin = psycopg.connect(url, autocommit=True)
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        from django.db import connections

        connections.close_all()
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return urlunsplit(parts._replace(path=f"/{name}")), drop


@dataclass
class Seeded:
    backend: str  # "SQLite" or "PostgreSQL"
    seconds: float  # how long seed_bench took


@contextmanager
def seeded_database(args: argparse.Namespace, existing: str = "") -> Iterator[Seeded]:
    """Django set up on a fresh bench database, seeded; dropped at the end.
    ``existing``: the URL of an empty database to fill instead (kept)."""
    cleanup = None
    if existing:
        database_url = existing
    elif args.postgres:
        database_url, cleanup = postgres_database(args.postgres)
    else:
        folder = tempfile.mkdtemp(prefix="tarokk-bench-")
        database_url = f"sqlite:///{folder}/bench.sqlite3"
    backend = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    os.environ["DATABASE_URL"] = database_url
    import django

    django.setup()
    from django.core.management import call_command

    try:
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        call_command(
            "seed_bench", teams=args.teams, matches=args.matches, players=args.players
        )
        yield Seeded(backend, time.perf_counter() - started)
    finally:
        if cleanup:
            cleanup()
