"""A large matches file is imported in the background: the upload answers at once
with the run's page, which shows its progress (htmx polls, no inline script) and
then what was stored or every problem with its path. The run is a database record:
a worker restart takes it up again; a run that stopped is marked failed, never left
"running" forever."""

from __future__ import annotations

import datetime as dt
import json

import pytest
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
    assert "hx-trigger" not in fragment  # finished: the polling stops
    assert "3 matches imported." in fragment


def test_progress_is_written_while_the_matches_are_stored(official, monkeypatch):
    monkeypatch.setattr("scoring.services.imports.store.PROGRESS_EVERY", 1)
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


def test_a_run_left_running_by_a_stopped_worker_is_taken_up_again(official):
    """The worker was killed mid-import: its transaction rolled back, the outbox row
    is still pending and the run still says running. The next delivery imports it."""
    run = import_run_create(
        user=official, file_name="x.json", content=json.dumps(_three())
    )
    runs.import_run_queue(run=run)
    ImportRun.objects.filter(pk=run.pk).update(status="running", stored=2)
    delivered, taken = followups_deliver_due(now=timezone.now() + dt.timedelta(hours=1))
    assert (delivered, taken) == (1, 1)
    run.refresh_from_db()
    assert (run.status, run.imported) == ("done", 3)
    assert Match.objects.count() == 3
    import_run_execute(run_id=run.pk)  # delivered again: nothing changes
    assert Match.objects.count() == 3


def test_a_run_whose_progress_stopped_is_marked_failed_not_running_forever(
    official, client
):
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
