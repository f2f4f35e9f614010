"""Shared fixtures. Markers: ``browser`` (Playwright + Debian Chromium), ``redis``
(a real Redis at REDIS_URL), ``slow`` (starts processes); see pyproject.toml."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from django.test.testcases import LiveServerThread, TransactionTestCase

# Playwright's sync API runs an event loop; without this every live-server test fails
# with SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")

_create_server = LiveServerThread._create_server


def _serial_when_shared(self, connections_override=None):
    """On the in-memory SQLite of the tests every live-server thread shares the test's
    one connection; requests at once (a page and the service worker fetching the
    hands) then deadlock inside it. Such a server answers one request at a time; on
    PostgreSQL each thread has its own connection and they run at once."""
    server = _create_server(self, connections_override=connections_override)
    if not connections_override:
        return server
    set_app = server.set_app

    def set_serial_app(app):
        def serial(environ, start_response):
            # The whole exchange, closing included (request_finished and its
            # receivers use the connection too), before the next may start.
            with _SHARED_CONNECTION:
                response = app(environ, start_response)
                try:
                    return [b"".join(response)]
                finally:
                    if hasattr(response, "close"):
                        response.close()

        set_app(serial)

    server.set_app = set_serial_app
    return server


LiveServerThread._create_server = _serial_when_shared

# Held by a live-server request on the shared in-memory SQLite, and by the test's
# flush of the database after a browser test: a request still running when the
# browser closed (a preview after the last keystroke) ends before the flush starts.
_SHARED_CONNECTION = threading.Lock()
_fixture_teardown = TransactionTestCase._fixture_teardown


def _teardown_after_requests(self):
    if not _SHARED_CONNECTION.acquire(timeout=120):
        pytest.fail("a live-server request still ran two minutes after the test")
    try:
        _fixture_teardown(self)
    finally:
        _SHARED_CONNECTION.release()


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
