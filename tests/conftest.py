"""Shared fixtures. Markers: ``browser`` (Playwright + Debian Chromium), ``redis``
(a real Redis at REDIS_URL), ``slow`` (starts processes); see pyproject.toml."""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.test.testcases import LiveServerThread, TransactionTestCase

# Playwright's sync API runs an event loop; without this every live-server test fails
# with SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")


class _Gate:
    """Live-server requests and the flush of the database after a test. The flush
    waits for the requests still running (a preview after the last keystroke, the
    service worker keeping the next hands) and holds new ones back until it is done:
    a request reading tables while the flush truncates them deadlocks on PostgreSQL
    and finds them locked on SQLite. On the tests' in-memory SQLite every thread
    shares the test's one connection, so requests there also run one at a time
    (at once, a page and the service worker's fetches deadlocked inside it)."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.active = 0
        self.flushing = False
        self.serial = threading.Lock()

    @contextmanager
    def request(self, shared: bool):
        with self.changed:
            self.changed.wait_for(lambda: not self.flushing)
            self.active += 1
        try:
            if shared:
                with self.serial:
                    yield
            else:
                yield
        finally:
            with self.changed:
                self.active -= 1
                self.changed.notify_all()

    @contextmanager
    def flush(self):
        with self.changed:
            self.flushing = True
            idle = self.changed.wait_for(lambda: self.active == 0, timeout=120)
        try:
            if not idle:
                pytest.fail(
                    "a live-server request still ran two minutes after the test"
                )
            yield
        finally:
            with self.changed:
                self.flushing = False
                self.changed.notify_all()


_GATE = _Gate()
_create_server = LiveServerThread._create_server


def _gated_server(self, connections_override=None):
    server = _create_server(self, connections_override=connections_override)
    shared = bool(connections_override)
    set_app = server.set_app

    def set_gated_app(app):
        def gated(environ, start_response):
            # The whole exchange, closing included (request_finished and its
            # receivers use the connection too).
            with _GATE.request(shared):
                response = app(environ, start_response)
                try:
                    return [b"".join(response)]
                finally:
                    if hasattr(response, "close"):
                        response.close()

        set_app(gated)

    server.set_app = set_gated_app
    return server


LiveServerThread._create_server = _gated_server
_fixture_teardown = TransactionTestCase._fixture_teardown


def _teardown_after_requests(self):
    with _GATE.flush():
        _fixture_teardown(self)


TransactionTestCase._fixture_teardown = _teardown_after_requests


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """pytest-django's live server, started after the test database exists: started
    before it (when a browser test is the first to need a database), the server does
    not see the database is SQLite in memory, so each request thread opens its own
    connection to it, and those lock each other's tables."""
    return live_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": "/usr/bin/chromium",
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: cached standings and pages outlive a
    test's database rollback (and in CI's second pass the cache is a shared Redis)."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request in Hungarian
    leaves Hungarian active in the thread that served it."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _role_groups(request):
    """The role groups that migration 0001 creates exist in every database test: a
    transactional test (the browser tests) ends by flushing the database, and with it
    the groups, for the tests that follow it on the same worker."""
    if request.node.get_closest_marker("django_db") is None:
        return
    from django.contrib.auth.models import Group

    from tarokk_admin.core.roles import Role

    names = {role.value for role in Role}
    if Group.objects.filter(name__in=names).count() < len(names):
        for name in names:
            Group.objects.get_or_create(name=name)


def pytest_collection_modifyitems(config, items):
    """Skip browser tests, saying why, when Debian's chromium is not installed."""
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(
        reason="Debian chromium is not installed at /usr/bin/chromium "
        "(as root: apt-get install chromium; `make test` does it)."
    )
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)
