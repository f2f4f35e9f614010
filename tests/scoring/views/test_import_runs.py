"""A large matches file is imported in the background: the upload answers at once
with the run's page, which shows its progress (htmx polls, no inline script) and
then what was stored or every problem with its path. The run is a database record:
a run that stopped (the worker killed, the database gone) is marked failed as soon
as that can be known, saying nothing was stored, never left "running" forever."""

from __future__ import annotations

import datetime as dt
import json
import threading

import pytest
from django.db import OperationalError, connection, connections
from django.urls import reverse
from django.utils import timezone

from competitions.models import Match
from scoring.models import ImportRun
from scoring.services.imports import runs
from scoring.services.imports.runs import (
    import_run_create,
    import_run_execute,
    import_runs_expire,
)
from tarokk_admin.core.background import followups_deliver_due
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory
from tests.scoring.services.test_import import entry, matches_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.fixture
def small_inline(monkeypatch):
    """Files of more than one match go to the worker (the real bound is larger)."""
    monkeypatch.setattr(runs, "INLINE_MATCHES", 1)


def _three() -> dict:
    return matches_file(
        entry(1), entry(2, date="2026-03-15"), entry(3, date="2026-03-16")
    )


def test_a_large_file_is_queued_and_its_page_polls_until_it_is_done(
    client, official, small_inline, django_capture_on_commit_callbacks
):
    client.force_login(official)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post(
            reverse("officials:import"), {"text": json.dumps(_three())}
        )
    run = ImportRun.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("officials:import_run", args=[run.pk])
    assert (run.status, run.total, run.user) == ("queued", 3, official)
    assert Match.objects.count() == 0
    assert len(callbacks) == 1

    page = client.get(response.url).text
    status_url = reverse("officials:import_run_status", args=[run.pk])
    assert f'hx-get="{status_url}"' in page
    assert 'hx-trigger="every 2s"' in page
    assert "Waiting for the worker" in page
    assert "<script>" not in page

    callbacks[0]()  # the worker delivers the import
    run.refresh_from_db()
    assert (run.status, run.imported, run.errors) == ("done", 3, [])
    assert Match.objects.filter(status="completed").count() == 3
    fragment = client.get(status_url).text
    assert "3 matches imported." in fragment  # stored: done for the official
    # Their trophies, standings and statistics follow (one follow-up, issue 24):
    # the page says so and keeps polling until the worker has done them.
    assert 'hx-trigger="every 2s"' in fragment
    assert (
        "The trophies, standings and statistics of the 3 imported matches are "
        "being worked out" in fragment
    )
    assert followups_deliver_due(now=timezone.now() + dt.timedelta(minutes=5)) == (
        1,
        1,
    )
    fragment = client.get(status_url).text
    assert "hx-trigger" not in fragment  # finished: the polling stops
    assert "3 matches imported." in fragment
    assert "being worked out" not in fragment
    assert "statistics include the imported matches" in fragment


def test_the_page_says_when_the_derived_work_keeps_failing_in_hungarian(
    client, official
):
    from competitions.services.matches import MATCHES_FOLLOWUP
    from tarokk_admin.core.models import Followup

    run = import_run_create(
        user=official, file_name="three.json", content=json.dumps(_three())
    )
    import_run_execute(run_id=run.pk)
    row = Followup.objects.get(kind=MATCHES_FOLLOWUP)
    assert row.kwargs == {"run": run.pk}
    Followup.objects.filter(pk=row.pk).update(attempts=2, last_error="boom")
    client.force_login(official)
    status_url = reverse("officials:import_run_status", args=[run.pk])
    fragment = client.get(status_url, HTTP_ACCEPT_LANGUAGE="hu").text
    assert "A(z) 3 importált mérkőzés trófeái" in fragment
    assert "2 alkalommal nem sikerült" in fragment
    assert 'hx-trigger="every 2s"' in fragment


def test_progress_is_written_while_the_matches_are_stored(official, monkeypatch):
    monkeypatch.setattr("scoring.services.imports.store.PROGRESS_EVERY", 1)
    # The bulk store reports progress after each batch it writes.
    monkeypatch.setattr("scoring.services.imports.batches.FLUSH_EVERY", 1)
    monkeypatch.setattr("scoring.services.imports.checks.CHECK_PROGRESS_EVERY", 2)
    written: list[dict] = []
    real = runs._aside
    monkeypatch.setattr(
        runs,
        "_aside",
        lambda run_id, **fields: (written.append(dict(fields)), real(run_id, **fields)),
    )
    run = import_run_create(
        user=official, file_name="three.json", content=json.dumps(_three())
    )
    import_run_execute(run_id=run.pk)
    steps = [{k: v for k, v in w.items() if k != "updated_at"} for w in written]
    assert steps == [
        {"status": "running", "checked": 0, "stored": 0},
        {"checked": 2},  # while checking (a long silence would look stopped)
        {"checked": 3},
        {"stored": 1},
        {"stored": 2},
        {"stored": 3},
    ]
    run.refresh_from_db()
    assert (run.status, run.stored, run.content) == ("done", 3, "")


def test_a_large_file_with_problems_lists_every_one_with_its_path_and_stores_nothing(
    client, official
):
    bad = entry(2, date="2026-03-15")
    bad["record"]["hands"][3]["tricks"] = {"attack": 11}
    del bad["venue"]
    bad["public"] = "yes"
    run = import_run_create(
        user=official,
        file_name="bad.json",
        content=json.dumps(matches_file(entry(1), bad)),
    )
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == "done"
    assert Match.objects.count() == 0
    paths = {error["path"] for error in run.errors}
    assert {"/matches/1/public", "/matches/1/record/hands/3/tricks/attack"} <= paths
    client.force_login(official)
    page = client.get(reverse("officials:import_run", args=[run.pk])).text
    assert "Nothing was imported" in page
    assert "/matches/1/record/hands/3/tricks/attack" in page
    assert "match 2 of the file, hand 4" in page


def test_a_task_that_fails_shows_its_error_and_stores_nothing(
    client, official, monkeypatch
):
    def broken(**kwargs):
        Match.objects.all().delete()  # whatever it did is rolled back
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(runs, "matches_import", broken)
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == "failed"
    assert "RuntimeError: disk on fire" in run.failure
    assert run.finished_at is not None
    assert run.content == ""
    client.force_login(official)
    page = client.get(reverse("officials:import_run", args=[run.pk])).text
    assert "The import failed: nothing was stored." in page
    assert "disk on fire" in page
    assert "hx-trigger" not in page


def test_a_run_left_running_by_a_killed_worker_ends_failed_at_its_next_delivery(
    official,
):
    """The worker was killed mid-import: its transaction rolled back, the outbox row
    is still pending and the run still says running. The next delivery marks it
    failed, saying nothing was stored; it does not import it a second time."""
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    runs.import_run_queue(run=run)
    ImportRun.objects.filter(pk=run.pk).update(status="running", stored=2)
    delivered, taken = followups_deliver_due(now=timezone.now() + dt.timedelta(hours=1))
    assert (delivered, taken) == (1, 1)
    run.refresh_from_db()
    assert (run.status, run.imported, run.content) == ("failed", 0, "")
    assert "Nothing of it was stored: import the file again." in run.failure
    assert Match.objects.count() == 0
    import_run_execute(run_id=run.pk)  # delivered again: nothing changes
    assert Match.objects.count() == 0


def test_a_run_cut_off_by_a_database_outage_ends_failed_once_it_is_back(
    official, monkeypatch
):
    """The probe's outage: the import's query failed, and so did writing the failure
    (the database was away); the run said "running" for good. Now the follow-up
    stays pending and its next delivery, with the database back, ends the run."""
    outage = {"on": True}
    finish = runs._finish

    def cut_off(**kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    def finish_unless_down(run_id, **fields):
        if outage["on"]:
            raise OperationalError("server closed the connection unexpectedly")
        finish(run_id, **fields)

    monkeypatch.setattr(runs, "matches_import", cut_off)
    monkeypatch.setattr(runs, "_finish", finish_unless_down)
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    runs.import_run_queue(run=run)
    later = timezone.now() + dt.timedelta(hours=1)
    assert followups_deliver_due(now=later) == (0, 1)  # the task failed
    # PostgreSQL: "running" was written on a connection of its own (SQLite rolled
    # it back with the task: the run is simply queued again).
    assert ImportRun.objects.get(pk=run.pk).status in ("running", "queued")
    outage["on"] = False
    assert followups_deliver_due(now=later + dt.timedelta(hours=1)) == (1, 1)
    run.refresh_from_db()
    assert run.status == "failed"
    assert "the database did not answer" in run.failure
    assert "Nothing of it was stored" in run.failure
    assert Match.objects.count() == 0


def test_a_database_error_the_run_can_still_write_down_says_so_in_a_sentence(
    official, monkeypatch
):
    def cut_off(**kwargs):
        raise OperationalError("terminating connection due to administrator command")

    monkeypatch.setattr(runs, "matches_import", cut_off)
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.failure.startswith("The import stopped without finishing")
    assert "administrator command" not in run.failure


def test_a_queued_run_whose_follow_up_waits_in_the_outbox_is_left_waiting(official):
    """Redis down: the run waits for the worker and is never lost (the outbox)."""
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    runs.import_run_queue(run=run)
    long_ago = timezone.now() - runs.STALE - dt.timedelta(hours=1)
    ImportRun.objects.filter(pk=run.pk).update(updated_at=long_ago)
    assert import_runs_expire() == 0
    assert ImportRun.objects.get(pk=run.pk).status == "queued"


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="advisory locks are PostgreSQL's"
)
def test_a_running_run_whose_session_is_gone_is_failed_at_the_next_expiry(official):
    """No waiting for STALE: the session that ran it holds its lock no more."""
    gone, alive = (
        import_run_create(
            user=official, file_name=f"{n}.json", content=json.dumps(_three())
        )
        for n in ("gone", "alive")
    )
    ImportRun.objects.filter(pk__in=[gone.pk, alive.pk]).update(status="running")
    held, release = threading.Event(), threading.Event()

    def another_session_runs_alive():
        with runs._running(alive.pk):
            held.set()
            release.wait(30)
        connections.close_all()

    thread = threading.Thread(target=another_session_runs_alive)
    thread.start()
    try:
        assert held.wait(30)
        assert import_runs_expire() == 1
    finally:
        release.set()
        thread.join()
    statuses = dict(ImportRun.objects.values_list("file_name", "status"))
    assert statuses == {"gone.json": "failed", "alive.json": "running"}


def test_a_run_whose_progress_stopped_is_marked_failed_not_running_forever(
    official, client, monkeypatch
):
    """Whatever the database: progress that has not moved for STALE (the sessions'
    locks, PostgreSQL's quicker sign, are left out here)."""
    monkeypatch.setattr(runs, "_runs_without_their_session", list)
    now = timezone.now()
    stuck, queued, fresh = (
        import_run_create(
            user=official, file_name=f"{n}.json", content=json.dumps(_three())
        )
        for n in ("stuck", "queued", "fresh")
    )
    ImportRun.objects.filter(pk=stuck.pk).update(
        status="running", updated_at=now - runs.STALE - dt.timedelta(seconds=1)
    )
    ImportRun.objects.filter(pk=queued.pk).update(updated_at=now - dt.timedelta(days=1))
    ImportRun.objects.filter(pk=fresh.pk).update(status="running", updated_at=now)
    assert import_runs_expire(now=now) == 2
    statuses = dict(ImportRun.objects.values_list("file_name", "status"))
    assert statuses == {
        "stuck.json": "failed",
        "queued.json": "failed",
        "fresh.json": "running",
    }
    import_run_execute(run_id=stuck.pk)  # a late delivery leaves it as it is
    assert ImportRun.objects.get(pk=stuck.pk).status == "failed"
    assert Match.objects.count() == 0
    client.force_login(official)
    page = client.get(reverse("officials:import_run", args=[stuck.pk])).text
    assert "stopped without finishing" in page


def test_the_stale_run_check_is_in_the_beat_schedule(settings):
    entries = {e["task"]: e for e in settings.CELERY_BEAT_SCHEDULE.values()}
    assert entries["scoring.tasks.import_runs_expire"]["schedule"] <= 15 * 60


def test_a_file_that_is_not_json_is_a_finished_run_with_its_problem(client, official):
    client.force_login(official)
    response = client.post(reverse("officials:import"), {"text": "{nope"})
    assert response.status_code == 400
    assert "invalid_json" in response.text
    run = ImportRun.objects.get()
    assert run.status == "done"
    assert run.errors[0]["code"] == "invalid_json"


def test_the_import_pages_run_a_bounded_number_of_queries(
    client, official, django_assert_max_num_queries
):
    for n in range(12):
        import_run_create(user=official, file_name=f"{n}.json", content="{nope")
    client.force_login(official)
    run = ImportRun.objects.first()
    with django_assert_max_num_queries(8):
        assert client.get(reverse("officials:import")).status_code == 200
    with django_assert_max_num_queries(6):
        client.get(reverse("officials:import_run", args=[run.pk]))
    with django_assert_max_num_queries(6):
        client.get(reverse("officials:import_run_status", args=[run.pk]))


@pytest.mark.parametrize("role", [Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN])
def test_other_roles_are_refused_the_run_pages(client, role, official):
    run = import_run_create(user=official, file_name="x.json", content="{nope")
    client.force_login(UserFactory(roles=[role]))
    assert client.get(reverse("officials:import_run", args=[run.pk])).status_code == 403
    url = reverse("officials:import_run_status", args=[run.pk])
    assert client.get(url).status_code == 403


def test_a_match_the_file_stored_one_by_one_keeps_the_note_until_its_follow_up_ran(
    client, official
):
    """A cup's matches go through the services one by one and queue a follow-up
    each, untagged: the page waits for those too (issue 24)."""
    from competitions.services.matches import MATCH_FOLLOWUP, MATCHES_FOLLOWUP
    from tarokk_admin.core.models import Followup

    run = import_run_create(
        user=official, file_name="three.json", content=json.dumps(_three())
    )
    import_run_execute(run_id=run.pk)
    run.refresh_from_db()
    Followup.objects.filter(kind=MATCHES_FOLLOWUP).update(delivered_at=timezone.now())
    single = Followup.objects.create(
        kind=MATCH_FOLLOWUP,
        args=[Match.objects.first().pk],
        created_at=run.created_at + (run.finished_at - run.created_at) / 2,
    )
    client.force_login(official)
    status_url = reverse("officials:import_run_status", args=[run.pk])
    assert "being worked out" in client.get(status_url).text
    Followup.objects.filter(pk=single.pk).update(delivered_at=timezone.now())
    fragment = client.get(status_url).text
    assert "being worked out" not in fragment
    assert "statistics include the imported matches" in fragment
