"""Shared fixtures. Markers: ``browser`` (Playwright + Debian Chromium), ``redis``
(a real Redis at REDIS_URL), ``slow`` (starts processes); see pyproject.toml."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop; without this every live-server test fails
# with SynchronousOnlyOperation.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path("/usr/bin/chromium")


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
