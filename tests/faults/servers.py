"""Services of the fault tests' own: a Redis and a PostgreSQL cluster that a test may
stop and start (never the shared ones). Ports come from ``FAULT_REDIS_PORTS`` and
``FAULT_PG_PORTS`` (``6390-6394`` and ``5440-5444`` by default); the first free one
is taken."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

REDIS_BINARIES = ("redis-server", "redis-cli")
PG_BINARIES = ("pg_createcluster", "pg_ctlcluster", "pg_dropcluster")


def _ports(variable: str, default: str) -> range:
    first, _dash, last = os.environ.get(variable, default).partition("-")
    return range(int(first), int(last or first) + 1)


def _missing(binaries: tuple[str, ...]) -> list[str]:
    return [name for name in binaries if shutil.which(name) is None]


def skip_without(binaries: tuple[str, ...]) -> pytest.MarkDecorator:
    missing = _missing(binaries)
    return pytest.mark.skipif(
        bool(missing),
        reason=f"{', '.join(missing)} not installed: the fault test starts its own "
        "server (apt-get install redis-server postgresql; CI's second pass has them)",
    )


def _answers(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def free_port(variable: str, default: str) -> int:
    for port in _ports(variable, default):
        if _answers(port):
            continue
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        return port
    pytest.fail(f"No free port in {variable}={os.environ.get(variable, default)}")


def wait_for(condition, *, timeout: float, what: str, every: float = 0.1) -> None:
    """Poll ``condition`` until it holds. A table that another thread is writing
    (SQLite's shared in-memory test database answers "table is locked" at once,
    without waiting) counts as "not yet"."""
    from django.db import OperationalError

    deadline = time.monotonic() + timeout
    while True:
        try:
            if condition():
                return
        except OperationalError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"Timed out after {timeout} s waiting for {what}")
        time.sleep(every)


class PrivateRedis:
    """``redis-server`` without persistence on a port of its own."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port("FAULT_REDIS_PORTS", "6390-6394")
        self.directory = directory
        self.pidfile = directory / f"redis-{self.port}.pid"

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def up(self) -> bool:
        result = subprocess.run(
            ["redis-cli", "-p", str(self.port), "ping"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        return "PONG" in result.stdout

    def start(self) -> None:
        subprocess.run(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--daemonize",
                "yes",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
                "--pidfile",
                str(self.pidfile),
            ],
            check=True,
            capture_output=True,
            timeout=30,
        )
        wait_for(self.up, timeout=15, what=f"Redis on port {self.port}")

    def stop(self) -> None:
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=30,
        )
        wait_for(lambda: not _answers(self.port), timeout=15, what="Redis to stop")


def _pg_version() -> str:
    return sorted(
        os.listdir("/etc/postgresql"), key=lambda v: [int(p) for p in v.split(".")]
    )[-1]


class PrivateCluster:
    """A PostgreSQL cluster of its own (Debian's ``pg_createcluster``), trusting
    local connections, tuned for speed (it is thrown away)."""

    def __init__(self) -> None:
        self.port = free_port("FAULT_PG_PORTS", "5440-5444")
        self.version = _pg_version()
        self.name = f"tarokk_fault_{self.port}"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _ctl(self, action: str, *extra: str) -> None:
        subprocess.run(
            [
                "pg_ctlcluster",
                "--skip-systemctl-redirect",
                *extra,
                self.version,
                self.name,
                action,
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )

    def create(self) -> None:
        self.drop()  # a cluster left behind by an interrupted run
        subprocess.run(
            ["pg_createcluster", self.version, self.name, "--port", str(self.port)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        config = Path("/etc/postgresql") / self.version / self.name
        (config / "conf.d").mkdir(exist_ok=True)
        (config / "conf.d" / "90-fault-tests.conf").write_text(
            "listen_addresses = '127.0.0.1'\nfsync = off\nfull_page_writes = off\n"
        )
        hba = config / "pg_hba.conf"
        hba.write_text("host all all 127.0.0.1/32 trust\n" + hba.read_text())
        self.start()

    def up(self) -> bool:
        return _answers(self.port)

    def start(self) -> None:
        self._ctl("start")
        wait_for(self.up, timeout=30, what=f"PostgreSQL on port {self.port}")

    def stop(self) -> None:
        self._ctl("stop", "--force")

    def restart(self) -> None:
        self._ctl("restart", "--force")
        wait_for(self.up, timeout=30, what=f"PostgreSQL on port {self.port}")

    def psql(self, sql: str, database: str = "postgres") -> str:
        result = subprocess.run(
            [
                "psql",
                "-w",
                "-q",
                "-At",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-d",
                database,
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=60,
        )
        return result.stdout.strip()

    def drop(self) -> None:
        subprocess.run(
            ["pg_dropcluster", "--stop", self.version, self.name],
            capture_output=True,
            timeout=120,
        )
