"""The same referee journey as deployed: the static files collected into a STATIC_ROOT
of their own (hashed names, the manifest storage), gunicorn (gunicorn.conf.py) with
tarokk_admin.settings.production on a database of its own, and the browser at
http://localhost:<port>, a secure context, so that the service worker installs and
the hands saved offline are kept and sent as in a deployment.

The database is a fresh PostgreSQL database beside DATABASE_URL's when that is a
PostgreSQL URL (CI's second pass; elsewhere the test is skipped, saying why, unless
PRODUCTION_JOURNEY=1 asks for it on an SQLite file); it is removed afterwards.
REDIS_URL is never passed on: without it the production settings run tasks in the
web process and cache in its memory (README "Configuration"), and a broker shared
with other tests would hand this server's tasks to their worker. One gunicorn
process, so that its memory cache is the site's only one."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.journeys.referee import PHONE, referee_journey

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        urlsplit(os.environ.get("DATABASE_URL", "")).scheme
        not in ("postgres", "postgresql", "pgsql")
        and os.environ.get("PRODUCTION_JOURNEY") != "1",
        reason="runs on PostgreSQL (DATABASE_URL, CI's second pass), or on SQLite "
        "with PRODUCTION_JOURNEY=1: it starts gunicorn on a database of its own",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, f"{args}: {done.stderr[-2000:]}"
    return done


class _Database:
    """A database of the journey's own: PostgreSQL beside DATABASE_URL's, or an
    SQLite file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        given = os.environ.get("DATABASE_URL", "")
        self.postgres = urlsplit(given).scheme in ("postgres", "postgresql", "pgsql")
        if self.postgres:
            parts = urlsplit(given)
            self.name = f"{parts.path.lstrip('/') or 'tarokk'}_journey_{os.getpid()}"
            self.admin = parts._replace(path="/postgres").geturl()
            self.url = parts._replace(path=f"/{self.name}").geturl()
        else:
            self.url = f"sqlite:///{folder / 'journey.sqlite3'}"

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.admin, autocommit=True) as connection:
            connection.execute(statement)

    def create(self) -> None:
        if self.postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            self._admin(f'CREATE DATABASE "{self.name}"')

    def drop(self) -> None:
        if self.postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def _started(server: subprocess.Popen, port: int, log: Path) -> None:
    """Wait until gunicorn answers (its worker is up), or fail with its log."""
    end = time.monotonic() + 90
    while time.monotonic() < end:
        if server.poll() is not None:
            break
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    _stop(server)
    said = log.read_text(errors="replace")[-3000:]
    pytest.fail(f"gunicorn did not answer on port {port}:\n{said}")


def _stop(server: subprocess.Popen) -> None:
    if server.poll() is not None:
        return
    os.killpg(server.pid, signal.SIGTERM)  # gunicorn and its worker
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


@pytest.fixture
def production_site(tmp_path: Path) -> Iterator[tuple[str, dict, dict[str, str]]]:
    """gunicorn with the production settings on a fresh database with the
    journey's federation: (its address, the ids, the environment to read it)."""
    database = _Database(tmp_path)
    port = _free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("REDIS_URL", "DATABASE_URL", "PYTEST_XDIST_WORKER")
        and not key.startswith("DJANGO_")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tarokk_admin.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_SECURE_COOKIES="false",
        DJANGO_SECURE_HSTS_SECONDS="0",
        DJANGO_STATIC_ROOT=str(tmp_path / "static"),
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=database.url,
        BIND=f"127.0.0.1:{port}",
        WEB_WORKERS="1",
        WEB_THREADS="4",
    )
    database.create()
    collect = server = None
    try:
        # The static files and the tables at once; then the server starts (it
        # indexes the collected files as it starts) while the federation is made.
        collect = subprocess.Popen(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        _run(env, "manage.py", "migrate", "--noinput", "-v0")
        assert collect.wait(timeout=300) == 0, collect.stderr.read()
        log = tmp_path / "gunicorn.log"
        with log.open("w") as output:
            server = subprocess.Popen(
                [str(BIN / "gunicorn"), "--config", "gunicorn.conf.py"],
                cwd=ROOT,
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        ids = json.loads(_run(env, "-m", "tests.journeys.seeding", "seed").stdout)
        _started(server, port, log)
        yield f"http://localhost:{port}", ids, env
    finally:
        if collect is not None and collect.poll() is None:
            collect.kill()
            collect.wait()
        if server is not None:
            _stop(server)
        database.drop()


def test_the_referees_whole_match_against_the_production_settings(
    production_site, browser
):
    base, ids, env = production_site
    context = browser.new_context(**PHONE)
    try:
        journey = referee_journey(context, base, ids)
    finally:
        context.close()
    read = _run(env, "-m", "tests.journeys.seeding", "read", str(ids["match"]))
    journey.check_stored(json.loads(read.stdout))
