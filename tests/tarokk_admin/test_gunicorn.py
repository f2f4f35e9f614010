"""gunicorn as ``make serve`` runs it (gunicorn.conf.py: gthread workers) keeps
serving while a few clients send their headers a byte at a time; the sync workers it
replaced stalled on the first of them."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests import ROOT

GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
STRONG_SECRET = "x7Gk2-pQ9vR4mZ8tY1wE5nB3cH6jL0sD-aF4uK7iO2pT9rW3eQ8yU1bN6mV5"
SLOW_CLIENTS = 4


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_served(
    port: int, process: subprocess.Popen, seconds: float = 30
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read()
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("gunicorn did not start")


def slow_client(port: int) -> socket.socket:
    """A client that has sent half its headers and will send the rest very slowly."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    return sock


@pytest.mark.slow
@pytest.mark.parametrize(
    ("extra_arguments", "served"),
    [([], True), (["--worker-class", "sync", "--threads", "1"], False)],
    ids=["gthread-as-shipped", "sync-stalls"],
)
def test_a_normal_request_is_served_beside_slow_clients(
    tmp_path, extra_arguments, served
):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="tarokk_admin.settings.production",
        DJANGO_SECRET_KEY=STRONG_SECRET,
        DJANGO_SECURE_SSL_REDIRECT="false",
        DATABASE_URL=f"sqlite:///{tmp_path}/db.sqlite3",
        WEB_WORKERS="1",
        WEB_THREADS="8",
    )
    env.pop("REDIS_URL", None)
    process = subprocess.Popen(
        [GUNICORN, "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}",
         *extra_arguments],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    slow: list[socket.socket] = []
    try:
        wait_until_served(port, process)
        slow = [slow_client(port) for _ in range(SLOW_CLIENTS)]
        time.sleep(0.5)
        for sock in slow:  # still trickling: one more byte of the header each
            sock.sendall(b"x")
        started = time.monotonic()
        try:
            with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/healthz", timeout=4
            ) as response:
                answered = response.status == 200
        except OSError:
            answered = False
        assert answered is served
        if served:
            assert time.monotonic() - started < 2
    finally:
        for sock in slow:
            sock.close()
        process.terminate()
        process.wait(timeout=30)
        process.stderr.close()
