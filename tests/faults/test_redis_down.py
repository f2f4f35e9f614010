"""Redis down, with a Redis of the test's own that it stops and
starts: public pages serve from the database, a referee completes a match, and the
match's follow-up runs once Redis is back."""

from __future__ import annotations

import contextlib
import logging
import time

import pytest
from django.core.cache import cache
from django.db.models import Sum

from competitions.models import Match, MatchResult
from tarokk_admin import celery_app
from tarokk_admin.core import cache as resilient
from tarokk_admin.core.background import followups_deliver_due_task
from tarokk_admin.core.models import Followup
from tests.factories import ready_match
from tests.faults.servers import REDIS_BINARIES, PrivateRedis, skip_without, wait_for
from tests.tables import table_cells
from tests.tarokk_admin.kit import (
    TROPHY_SEEDS,
    YEAR,
    federation,
    followups_deliver_all,
    play_match,
)
from trophies.models import TrophyAward

pytestmark = [pytest.mark.slow, skip_without(REDIS_BINARIES)]


@pytest.fixture
def private_redis(tmp_path):
    redis = PrivateRedis(tmp_path)
    redis.start()
    yield redis
    if redis.up():
        redis.stop()


def _use_cache(settings, redis: PrivateRedis) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "tarokk_admin.core.cache.ResilientRedisCache",
            "LOCATION": redis.url(),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }


def _team_points(client, team) -> tuple[str, int]:
    html = client.get(f"/championship/{YEAR}/").text
    row = next(row for row in table_cells(html) if row["team"] == team.name)
    expected = MatchResult.objects.filter(
        team=team, match__status=Match.Status.COMPLETED
    ).aggregate(points=Sum("points"))["points"]
    return row["score"], expected


@pytest.mark.django_db
def test_public_pages_serve_while_redis_is_down_and_never_stale_after(
    client, settings, private_redis, caplog
):
    world = federation()
    _use_cache(settings, private_redis)
    pages = world.pages()
    for url in pages:
        assert client.get(url).status_code == 200, url
    assert cache._cache.get_client().dbsize() > len(pages) // 2  # warm

    private_redis.stop()
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="tarokk_admin.core.cache"):
        answers = {url: client.get(url) for url in pages}
    assert {url: r.status_code for url, r in answers.items()} == dict.fromkeys(
        pages, 200
    )
    assert time.monotonic() - started < 10
    assert caplog.text.count("The cache (Redis) does not answer") == 1
    assert world.teams[0].name in answers[f"/championship/{YEAR}/"].text
    assert "Kovács Éva" in answers["/trophies/"].text

    # A match completed meanwhile: shown at once, from the database. Its follow-up
    # cannot bump the pages' version in Redis: it fails, is kept and retried.
    new = play_match(
        ready_match(
            competition=world.champ, team_a=world.teams[1], team_b=world.teams[2]
        ),
        TROPHY_SEEDS,
    )
    points, expected = _team_points(client, world.teams[1])
    assert points == str(expected)
    followup = Followup.objects.get(kind="match_completed", args=[new.pk])
    assert followup.delivered_at is None
    assert "ConnectionError" in followup.last_error
    assert client.get(f"/matches/{new.pk}/").status_code == 200

    private_redis.start()
    time.sleep(resilient.PAUSE)
    # Back: no body kept from before the outage hides the new match.
    points, expected = _team_points(client, world.teams[1])
    assert points == str(expected)
    assert not TrophyAward.objects.filter(match=new).exists()
    assert followups_deliver_all() >= 1  # the retry (the periodic delivery)
    followup.refresh_from_db()
    assert followup.delivered_at is not None
    assert TrophyAward.objects.filter(match=new).count() == 3
    html = client.get("/trophies/").text
    for award in TrophyAward.objects.filter(match=new).select_related("player"):
        assert award.player.name in html
    assert cache._cache.get_client().dbsize() > 0  # kept again


@contextlib.contextmanager
def celery_through(url: str):
    """Tasks go through the broker at ``url`` (not eagerly in this process)."""
    conf = celery_app.conf
    saved = {
        key: conf[key]
        for key in ("broker_url", "task_always_eager", "broker_connection_retry")
    }
    conf.update(broker_url=url, task_always_eager=False)
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    try:
        yield
    finally:
        conf.update(saved)
        if celery_app._pool is not None:
            celery_app._pool.force_close_all()
        celery_app._pool = None
        celery_app.amqp._producer_pool = None


@pytest.mark.django_db(transaction=True)
def test_a_referee_completes_a_match_while_redis_is_down_and_its_follow_up_runs_after(
    client, private_redis, caplog
):
    """Issue 12: this answered 500 and the follow-up was never run."""
    from celery.contrib.testing.worker import start_worker

    match = play_match(ready_match(), TROPHY_SEEDS, complete=False)
    client.force_login(match.referee)
    with celery_through(private_redis.url(1)):
        private_redis.stop()
        started = time.monotonic()
        with caplog.at_level(logging.WARNING, logger="tarokk_admin.core.background"):
            response = client.post(f"/referee/matches/{match.pk}/complete/")
        assert response.status_code == 302
        assert time.monotonic() - started < 5
        assert "waits for the periodic delivery" in caplog.text
        match.refresh_from_db()
        assert match.status == Match.Status.COMPLETED
        followup = Followup.objects.get(kind="match_completed")
        assert followup.delivered_at is None
        assert not TrophyAward.objects.filter(match=match).exists()

        private_redis.start()
        with start_worker(celery_app, pool="solo", perform_ping_check=False):
            # What beat sends every minute (ahead of time, not to wait a minute).
            followups_deliver_due_task.apply_async(kwargs={"ahead_seconds": 60})

            def delivered() -> bool:
                return not Followup.objects.filter(delivered_at__isnull=True).exists()

            wait_for(delivered, timeout=30, what="the follow-ups to be delivered")
    followup.refresh_from_db()
    assert followup.attempts == 1
    assert TrophyAward.objects.filter(match=match).count() == 3
    # The trophy cups' follow-up, queued by the delivery, went through the broker.
    assert Followup.objects.filter(kind="trophy_cups_refresh").count() == 1
