"""A whole site for the fault drills, as ``make serve`` runs it: gunicorn (gthread)
and a Celery worker on a PostgreSQL cluster and a Redis of the drill's own; and a
small HTTP client with its own cookies (one per simulated person)."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tests import ROOT
from tests.faults.servers import PrivateCluster, PrivateRedis, wait_for

BIN = Path(sys.executable).parent
SECRET = "drill-x7Gk2-pQ9vR4mZ8tY1wE5nB3cH6jL0sD-aF4uK7iO2pT9rW3eQ8yU1bN6mV5"
DATABASE = "tarokk_drill"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class DrillSite:
    def __init__(self, directory: Path, cluster: PrivateCluster, redis: PrivateRedis):
        self.directory = directory
        self.cluster = cluster
        self.redis = redis
        self.port = _free_port()
        self.processes: list[subprocess.Popen] = []
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
        self.env.update(
            DJANGO_SETTINGS_MODULE="tests.faults.drill_settings",
            DJANGO_SECRET_KEY=SECRET,
            DJANGO_SECURE_SSL_REDIRECT="false",
            DJANGO_SECURE_COOKIES="false",
            DJANGO_SECURE_HSTS_SECONDS="0",
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_LOG_LEVEL="WARNING",
            DATABASE_URL=cluster.url(DATABASE),
            REDIS_URL=redis.url(0),
            WEB_WORKERS="2",
            WEB_THREADS="8",
        )
        self.seed: dict = {}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def run(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run(
            args,
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, f"{args}: {done.stderr[-3000:]}"
        return done.stdout

    def build(self) -> None:
        """A fresh database, migrated and seeded."""
        self.cluster.psql(f"CREATE DATABASE {DATABASE}")
        self.run(sys.executable, "manage.py", "migrate", "--noinput", "-v0")
        output = self.run(sys.executable, "-m", "tests.faults.drill_seed")
        self.seed = json.loads(output.strip().splitlines()[-1])

    def _spawn(self, name: str, *args: str) -> subprocess.Popen:
        log = (self.directory / f"{name}.log").open("w")
        process = subprocess.Popen(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        self.processes.append(process)
        return process

    def log(self, name: str) -> str:
        return (self.directory / f"{name}.log").read_text()[-5000:]

    def start_web(self) -> None:
        web = self._spawn(
            "gunicorn",
            str(BIN / "gunicorn"),
            "--config",
            "gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{self.port}",
        )

        def served() -> bool:
            assert web.poll() is None, self.log("gunicorn")
            return Client(self.base).get("/healthz").status == 200

        wait_for(served, timeout=60, what="gunicorn", every=0.3)

    def start_worker(self) -> None:
        node = f"drill-{self.port}@localhost"
        worker = self._spawn(
            "worker",
            str(BIN / "celery"),
            "-A",
            "tarokk_admin",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--hostname",
            node,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        )

        def answers() -> bool:
            assert worker.poll() is None, self.log("worker")
            done = subprocess.run(
                [str(BIN / "celery"), "-A", "tarokk_admin", "inspect", "ping",
                 "-d", node, "--timeout", "2"],
                cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=60,
            )  # fmt: skip
            return done.returncode == 0 and "pong" in done.stdout

        wait_for(answers, timeout=90, what="the Celery worker", every=0.5)

    def periodic_delivery(self) -> None:
        """What beat sends every minute (ahead of time: the drill does not wait)."""
        self.run(
            str(BIN / "celery"),
            "-A",
            "tarokk_admin",
            "call",
            "tarokk_admin.core.followups_deliver_due",
            "--kwargs",
            json.dumps({"ahead_seconds": 60}),
        )

    def sql(self, query: str) -> str:
        return self.cluster.psql(query, DATABASE)

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Answer:
    status: int
    text: str
    location: str = ""
    seconds: float = 0.0


class Client:
    """One person's browser: cookies, the CSRF token, no redirects followed."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def _open(self, request: urllib.request.Request) -> Answer:
        started = time.monotonic()
        try:
            with self.opener.open(request, timeout=30) as response:
                status, body = response.status, response.read()
                location = response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            status, body = error.code, error.read()
            location = error.headers.get("Location", "")
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            return Answer(0, str(error), seconds=time.monotonic() - started)
        text = body.decode("utf-8", "replace")
        return Answer(status, text, location, time.monotonic() - started)

    def get(self, path: str) -> Answer:
        return self._open(urllib.request.Request(self.base + path))

    def csrf(self) -> str:
        return next((c.value for c in self.cookies if c.name == "csrftoken"), "")

    def post(self, path: str, data: dict[str, str]) -> Answer:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf()})
        request = urllib.request.Request(
            self.base + path,
            data=body.encode(),
            headers={"Referer": self.base + path, "X-CSRFToken": self.csrf()},
        )
        return self._open(request)

    def login(self, username: str, password: str) -> None:
        page = self.get("/accounts/login/")
        assert page.status == 200, page.text[:500]
        match = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert match
        answer = self.post(
            "/accounts/login/", {"username": username, "password": password}
        )
        assert answer.status == 302, answer.text[:1000]
