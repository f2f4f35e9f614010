"""The hand-built season of ``kit``, with its follow-up tasks run (trophies,
standings, statistics), for every statistics test that needs it."""

from __future__ import annotations

import pytest

from tests.stats.kit import build_season


@pytest.fixture
def kit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return build_season()
