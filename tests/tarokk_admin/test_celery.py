"""Background work: eager in the embedded default, a real worker over Redis."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import transaction

from tarokk_admin import celery_app
from tarokk_admin.core.background import task_enqueue_on_commit
from tarokk_admin.tasks import HEARTBEAT_CACHE_KEY, heartbeat, ping
from tests import ROOT

CELERY = str(Path(sys.executable).with_name("celery"))


def test_ping_runs_eagerly_in_the_embedded_default():
    assert ping.delay().get(timeout=1) == "pong"
    assert ping.delay("kcorat").get(timeout=1) == "tarock"


@pytest.mark.django_db
def test_task_queued_on_commit_runs_only_after_the_commit(
    django_capture_on_commit_callbacks,
):
    cache.delete(HEARTBEAT_CACHE_KEY)
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        transaction.atomic(),
    ):
        task_enqueue_on_commit(heartbeat)
        assert cache.get(HEARTBEAT_CACHE_KEY) is None, "ran before the commit"
    assert len(callbacks) == 1
    assert cache.get(HEARTBEAT_CACHE_KEY) is not None


@pytest.mark.django_db
def test_task_queued_in_a_rolled_back_transaction_never_runs(
    django_capture_on_commit_callbacks,
):
    cache.delete(HEARTBEAT_CACHE_KEY)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        try:
            with transaction.atomic():
                task_enqueue_on_commit(heartbeat)
                raise RuntimeError("roll back")
        except RuntimeError:
            pass
    assert callbacks == []
    assert cache.get(HEARTBEAT_CACHE_KEY) is None


def test_heartbeat_is_in_the_beat_schedule_and_registered(settings):
    """Every scheduled task exists once the app loads its task modules, as a worker
    does at start-up (CELERY_IMPORTS and each app's tasks.py)."""
    celery_app.loader.import_default_modules()
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tarokk_admin.tasks.heartbeat" in tasks
    assert tasks <= set(celery_app.tasks)


def _inspect_ping(env: dict[str, str], node: str) -> bool:
    result = subprocess.run(
        [CELERY, "-A", "tarokk_admin", "inspect", "ping", "-d", node, "--timeout", "2"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.returncode == 0 and "pong" in result.stdout


@pytest.mark.slow
@pytest.mark.redis
@pytest.mark.skipif(
    not os.environ.get("REDIS_URL"),
    reason="REDIS_URL is unset: the Celery-over-Redis test needs a Redis server "
    "(CI's second pass sets it)",
)
def test_a_real_worker_runs_a_task_through_redis(monkeypatch):
    queue = f"test-{uuid.uuid4().hex[:8]}"  # only our worker consumes this queue
    node = f"{queue}@localhost"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tarokk_admin.settings.test"}
    worker = subprocess.Popen(
        [
            CELERY,
            "-A",
            "tarokk_admin",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--queues",
            queue,
            "--hostname",
            node,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 90
        while not _inspect_ping(env, node):
            assert worker.poll() is None, f"the worker died: {worker.stderr.read()}"
            assert time.monotonic() < deadline, "the worker never answered ping"
            time.sleep(1)
        monkeypatch.setitem(celery_app.conf, "task_always_eager", False)
        result = ping.apply_async(args=["ssap"], queue=queue)
        assert result.get(timeout=30) == "pass"
        assert result.successful()
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
