"""A deployment as ``make serve`` builds it, for the deployment tests: the front
(Debian's nginx with the configuration ``manage.py front_config`` writes, its own
prefix, pid and logs), gunicorn app servers and Celery workers, each a process of
this test, stopped by its pid at the end. Everything lives in one folder that
nginx's workers (``nobody`` when started by root) can read."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

from tests import ROOT

NGINX = Path("/usr/sbin/nginx")
BIN = Path(sys.executable).parent
SECRET = "front-x7Gk2-pQ9vR4mZ8tY1wE5nB3cH6jL0sD-aF4uK7iO2pT9rW3eQ8yU1bN6mV5"

needs_nginx = pytest.mark.skipif(
    not NGINX.exists(),
    reason="Debian's nginx is not installed at /usr/sbin/nginx (apt-get install "
    "nginx; CI's second pass installs it)",
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Stack:
    def __init__(self, **environment: str) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="tarokk-front-", dir="/tmp"))
        self.directory.chmod(0o755)  # nginx's workers read the static files here
        self.static = self.directory / "static"
        self.front_port = free_port()
        self.processes: list[subprocess.Popen] = []
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
        for name in ("REDIS_URL", "DATABASE_URL", "BACKUP_DIR", "UPLOAD_MAX_MB"):
            self.env.pop(name, None)
        self.env.update(
            DJANGO_SETTINGS_MODULE="tests.deploy.front_settings",
            DJANGO_SECRET_KEY=SECRET,
            DJANGO_SECURE_SSL_REDIRECT="false",
            DJANGO_SECURE_COOKIES="false",
            DJANGO_SECURE_HSTS_SECONDS="0",
            DJANGO_ALLOWED_HOSTS="127.0.0.1",
            DJANGO_TRUSTED_PROXIES="1",
            DJANGO_LOG_LEVEL="WARNING",
            FRONT_TEST_STATIC_ROOT=str(self.static),
            WEB_WORKERS="1",
            WEB_THREADS="8",
            **environment,
        )
        self.seed: dict = {}

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.front_port}"

    def run(self, *args: str, timeout: float = 300) -> str:
        done = subprocess.run(
            args, cwd=ROOT, env=self.env, capture_output=True, text=True,
            timeout=timeout,
        )  # fmt: skip
        assert done.returncode == 0, f"{args}: {done.stderr[-3000:]}"
        return done.stdout

    def manage(self, *args: str) -> str:
        return self.run(sys.executable, "manage.py", *args)

    def build(self) -> None:
        """Migrate, seed, collect the static files."""
        self.manage("migrate", "--noinput", "-v0")
        output = self.run(sys.executable, "-m", "tests.deploy.seed")
        self.seed = json.loads(output.strip().splitlines()[-1])
        if self.env.get("FRONT_TEST_COLLECT") != "0":
            self.manage("collectstatic", "--noinput", "-v0")
        self.static.mkdir(exist_ok=True)

    def spawn(self, name: str, *args: str, **extra: str) -> subprocess.Popen:
        log = (self.directory / f"{name}.log").open("w")
        process = subprocess.Popen(
            args, cwd=ROOT, env={**self.env, **extra}, stdout=log,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.processes.append(process)
        return process

    def log(self, name: str) -> str:
        return (self.directory / f"{name}.log").read_text()

    def gunicorn(self, name: str, port: int) -> None:
        process = self.spawn(
            name,
            str(BIN / "gunicorn"),
            "--config",
            "gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
        )
        self.wait_served(f"http://127.0.0.1:{port}/healthz", process, name)

    def front(self, app_ports: list[int]) -> None:
        prefix = self.directory / "nginx"
        self.manage(
            "front_config",
            "--prefix",
            str(prefix),
            "--listen",
            f"127.0.0.1:{self.front_port}",
            *[f"--app=127.0.0.1:{port}" for port in app_ports],
        )
        process = self.spawn(
            "nginx",
            str(NGINX),
            "-p",
            str(prefix),
            "-c",
            str(prefix / "nginx.conf"),
            "-e",
            str(prefix / "logs" / "error.log"),
        )
        self.wait_served(f"{self.base}/healthz", process, "nginx")

    def front_log(self) -> str:
        return (self.directory / "nginx" / "logs" / "access.log").read_text()

    def wait_served(self, url: str, process: subprocess.Popen, name: str) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, self.log(name)[-3000:]
            try:
                if requests.get(url, timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        pytest.fail(f"{name} did not answer {url} within a minute")

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


class Browser(requests.Session):
    """One person's browser: cookies, and the Origin and Referer a browser sends
    with a form (Django's CSRF check compares the Origin with the Host)."""

    def __init__(self, base: str) -> None:
        super().__init__()
        self.base = base

    def page(self, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", 60)
        return self.get(self.base + path, allow_redirects=False, **kwargs)

    def form(self, path: str, data: dict, **kwargs) -> requests.Response:
        return self.post(
            self.base + path,
            data={**data, "csrfmiddlewaretoken": self.cookies.get("csrftoken", "")},
            headers={"Origin": self.base, "Referer": self.base + path},
            allow_redirects=False,
            timeout=120,
            **kwargs,
        )

    def login(self, username: str, password: str) -> requests.Response:
        assert self.page("/accounts/login/").status_code == 200
        return self.form(
            "/accounts/login/", {"username": username, "password": password}
        )
