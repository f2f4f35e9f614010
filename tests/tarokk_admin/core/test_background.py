"""The outbox of follow-up work (core/background.py): recorded in the transaction of
the change, delivered once at the commit (in-process without Redis), kept when the
broker is down, retried with backoff after a failure, delivered by the periodic task
when still pending, never run twice."""

from __future__ import annotations

import datetime as dt
import logging
import re
import threading
import time

import pytest
from celery import shared_task
from django.contrib.auth.models import Group
from django.db import connection, transaction
from django.utils import timezone
from kombu.exceptions import OperationalError

from competitions.services.matches import MATCH_FOLLOWUP, match_complete
from scoring.services.hands import hand_save
from tarokk_admin import celery_app
from tarokk_admin.core import background
from tarokk_admin.core.background import (
    BACKOFF_MAX,
    GRACE,
    followup_deliver,
    followup_queue,
    followups_deliver_due,
    followups_prune,
    task_enqueue_on_commit,
)
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests import ROOT
from tests.factories import UserFactory, ready_match, sheet
from trophies.models import TrophyAward, TrophyTally
from trophies.services.trophy_cups import TROPHY_CUPS_FOLLOWUP

pytestmark = pytest.mark.django_db

PROBE = "test_probe"
# Seeds of sheet() whose hands make a trophy (a Manille), then five without.
TROPHY_SEEDS = (115, 125, 157, 1, 2, 3, 4, 5)
RUNS: list[str] = []
FAILURES = {"left": 0}


@shared_task(name="tests.followup_probe")
def probe(name: str) -> None:
    """Writes a group (so a rolled-back run leaves nothing) and counts its runs;
    fails while ``FAILURES['left']`` is above zero."""
    Group.objects.create(name=name)
    RUNS.append(name)
    if name == "race":
        time.sleep(0.5)  # the others try while this one holds the row
    if FAILURES["left"] > 0:
        FAILURES["left"] -= 1
        raise RuntimeError("the mail server said no")


@pytest.fixture(autouse=True)
def _probe_registered(monkeypatch):
    monkeypatch.setitem(background._FOLLOWUPS, PROBE, probe)
    RUNS.clear()
    FAILURES["left"] = 0
    yield
    RUNS.clear()


def test_a_follow_up_is_recorded_in_the_transaction_and_delivered_at_the_commit(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        row = followup_queue(PROBE, "alpha")
        assert Followup.objects.get(pk=row.pk).delivered_at is None
        assert RUNS == [], "ran before the commit"
    row.refresh_from_db()
    assert RUNS == ["alpha"]
    assert Group.objects.filter(name="alpha").exists()
    assert row.delivered_at is not None
    assert row.attempts == 1
    assert row.args == ["alpha"]


def test_a_rolled_back_change_leaves_no_follow_up(django_capture_on_commit_callbacks):
    def change_that_fails() -> None:
        with transaction.atomic():
            followup_queue(PROBE, "ghost")
            raise RuntimeError("roll back")

    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
    ):
        change_that_fails()
    assert callbacks == []
    assert not Followup.objects.exists()
    assert RUNS == []


def test_an_unregistered_kind_is_refused_when_queued():
    with pytest.raises(KeyError, match="nobody_does_this"):
        followup_queue("nobody_does_this", 1)
    assert not Followup.objects.exists()


def test_delivering_a_row_twice_runs_its_task_once(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        row = followup_queue(PROBE, "once")
    assert followup_deliver(row.pk) is False  # already delivered at the commit
    delivered, taken = followups_deliver_due(now=timezone.now() + GRACE * 10)
    assert (delivered, taken) == (0, 0)
    assert RUNS == ["once"]
    assert Group.objects.filter(name="once").count() == 1


def test_a_broker_that_is_down_does_not_fail_the_commit_and_the_row_waits(
    monkeypatch, django_capture_on_commit_callbacks, caplog
):
    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6390.")

    monkeypatch.setattr(background.followup_deliver_task, "apply_async", broker_down)
    monkeypatch.setattr(background, "_last_warning", 0.0)
    with (
        caplog.at_level(logging.WARNING, logger="tarokk_admin.core.background"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        row = followup_queue(PROBE, "later")
    assert RUNS == []
    assert "waits for the periodic delivery" in caplog.text
    row.refresh_from_db()
    assert row.delivered_at is None
    # The periodic delivery leaves it to the commit's delivery for a short while …
    assert followups_deliver_due() == (0, 0)
    # … then takes it.
    assert followups_deliver_due(now=row.created_at + GRACE) == (1, 1)
    row.refresh_from_db()
    assert row.delivered_at is not None
    assert RUNS == ["later"]


def test_a_failing_task_is_rolled_back_recorded_and_retried_with_backoff(
    django_capture_on_commit_callbacks,
):
    FAILURES["left"] = 2
    with django_capture_on_commit_callbacks(execute=True):
        row = followup_queue(PROBE, "flaky")
    row.refresh_from_db()
    assert row.delivered_at is None
    assert row.attempts == 1
    assert row.last_error == "RuntimeError: the mail server said no"
    assert not Group.objects.filter(name="flaky").exists(), "the failed run stays"
    first_wait = row.due_at - timezone.now()
    assert dt.timedelta(seconds=50) < first_wait <= dt.timedelta(minutes=1)
    # Not due yet: the periodic delivery leaves it.
    assert followups_deliver_due() == (0, 0)
    assert followups_deliver_due(now=row.due_at) == (0, 1)  # fails again
    row.refresh_from_db()
    assert row.attempts == 2
    assert row.due_at - timezone.now() > first_wait + dt.timedelta(seconds=50)
    assert followups_deliver_due(now=row.due_at) == (1, 1)
    row.refresh_from_db()
    assert row.delivered_at is not None
    assert row.attempts == 3
    assert row.last_error == ""
    assert Group.objects.filter(name="flaky").count() == 1
    assert RUNS == ["flaky", "flaky", "flaky"]


def test_the_backoff_stops_growing_at_an_hour():
    row = Followup.objects.create(kind=PROBE, args=["x"], attempts=30)
    FAILURES["left"] = 1
    followup_deliver(row.pk)
    row.refresh_from_db()
    assert row.due_at - timezone.now() <= BACKOFF_MAX
    assert row.due_at - timezone.now() > BACKOFF_MAX - dt.timedelta(seconds=10)


def test_a_row_whose_kind_nobody_registered_is_kept_with_the_reason():
    row = Followup.objects.create(kind="retired_kind", args=[1])
    assert followup_deliver(row.pk) is False
    row.refresh_from_db()
    assert row.delivered_at is None
    assert "retired_kind" in row.last_error


def test_a_task_queued_by_itself_goes_through_the_outbox_too(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        task_enqueue_on_commit(probe, "direct")
    row = Followup.objects.get()
    assert row.kind == "tests.followup_probe"
    assert row.delivered_at is not None
    assert RUNS == ["direct"]


def test_the_periodic_delivery_takes_the_oldest_first_and_a_bounded_batch():
    now = timezone.now()
    for n in range(5):
        Followup.objects.create(
            kind=PROBE, args=[f"g{n}"], due_at=now - dt.timedelta(minutes=n)
        )
    assert followups_deliver_due(limit=3) == (3, 3)
    assert RUNS == ["g4", "g3", "g2"]
    assert followups_deliver_due() == (2, 2)


def test_delivered_rows_are_removed_after_thirty_days_pending_ones_never():
    now = timezone.now()
    old = now - dt.timedelta(days=31)
    Followup.objects.create(kind=PROBE, created_at=old, delivered_at=old)
    kept = Followup.objects.create(kind=PROBE, delivered_at=now - dt.timedelta(days=29))
    pending = Followup.objects.create(kind=PROBE, created_at=old, due_at=old)
    assert followups_prune() == 1
    assert set(Followup.objects.values_list("pk", flat=True)) == {kept.pk, pending.pk}


def test_the_periodic_delivery_is_in_the_beat_schedule(settings):
    celery_app.loader.import_default_modules()
    entries = {entry["task"]: entry for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    entry = entries["tarokk_admin.core.followups_deliver_due"]
    assert entry["schedule"] <= 5 * 60
    assert "tarokk_admin.core.followups_deliver_due" in celery_app.tasks


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (CI's second pass sets DATABASE_URL)",
)
def test_two_workers_delivering_the_same_row_at_once_run_it_once():
    row = Followup.objects.create(kind=PROBE, args=["race"])
    start = threading.Barrier(4)
    outcomes: list[bool] = []

    def deliver() -> None:
        start.wait()
        try:
            outcomes.append(followup_deliver(row.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == [False, False, False, True]
    assert RUNS == ["race"]
    assert Group.objects.filter(name="race").count() == 1


def test_only_the_outbox_queues_work_after_a_commit():
    """Every service queues follow-up work through ``followup_queue`` or
    ``task_enqueue_on_commit``: a bare ``on_commit``, ``.delay()`` or
    ``.apply_async()`` elsewhere would be lost when the broker is down."""
    allowed = {
        ROOT / "tarokk_admin" / "core" / "background.py",  # the outbox itself
        ROOT / "tarokk_admin" / "core" / "page_cache.py",  # re-bumps a cache token
    }
    bare = re.compile(r"\bon_commit\(|\.delay\(|\.apply_async\(|\.send_task\(")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("tarokk_admin", "competitions", "scoring", "trophies")
        for path in sorted((ROOT / package).rglob("*.py"))
        if path not in allowed and "migrations" not in path.parts
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if bare.search(line)
    ]
    assert found == []


def test_completing_a_match_records_its_follow_up_in_the_same_transaction(
    django_capture_on_commit_callbacks,
):
    """R14, R15: the completion and its follow-up (trophies, cup, standings) are
    stored together; the delivery runs the wiring's ``match_completed`` once, which
    queues the trophy cups' follow-up the same way."""
    match = ready_match()
    for number, seed in enumerate(TROPHY_SEEDS, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=match.referee)
    official = UserFactory(roles=[Role.OFFICIAL])
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match_complete(match=match, user=official)
    row = Followup.objects.get(kind=MATCH_FOLLOWUP)
    assert row.args == [match.pk]
    assert row.delivered_at is None
    awards = TrophyAward.objects.filter(match=match)
    assert not awards.exists()
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:  # the commit happens: its delivery runs
            callback()
    row.refresh_from_db()
    assert row.delivered_at is not None
    assert awards.count() == 3  # a Manille in each of the first three hands
    cups = Followup.objects.get(kind=TROPHY_CUPS_FOLLOWUP)
    assert cups.delivered_at is not None
    assert TrophyTally.objects.filter(points__gt=0).exists()
    # Delivering again (the periodic task, a second worker) changes nothing.
    assert followup_deliver(row.pk) is False
    assert followups_deliver_due(now=timezone.now() + GRACE * 10) == (0, 0)
    assert awards.count() == 3
