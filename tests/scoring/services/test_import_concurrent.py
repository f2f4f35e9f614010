"""No duplicates by construction: the same matches file imported by several processes
(``manage.py import_matches``) or several officials (the upload page) at once is
stored once; the others find its matches present and say which. Real concurrency
needs PostgreSQL (CI's second pass sets DATABASE_URL); SQLite serialises writers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from competitions.models import Match
from scoring.models import Hand, ImportRun
from scoring.services.imports.store import import_user, matches_import
from tarokk_admin.core.roles import Role
from tests import ROOT
from tests.factories import UserFactory
from tests.scoring.services.test_import import entry, matches_file

ON_POSTGRESQL = connection.vendor == "postgresql"
needs_postgresql = pytest.mark.skipif(
    not ON_POSTGRESQL,
    reason="concurrent writers need PostgreSQL (CI's second pass sets DATABASE_URL)",
)
MATCHES = 6
PROCESSES = 3


def _file() -> dict:
    dates = [f"2026-03-{day:02d}" for day in range(10, 10 + MATCHES)]
    return matches_file(*(entry(seed, date=d) for seed, d in enumerate(dates, 1)))


def _known_teams_and_players() -> None:
    """An earlier import of the same teams and players: nothing is created by the
    concurrent imports but matches (creating a team would make them wait for each
    other on its unique name and hide a missing lock)."""
    warm_up = matches_file(entry(99, date="2026-02-20"))
    assert matches_import(data=warm_up, user=import_user()).imported == 1


def _env() -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    if db.get("PASSWORD"):
        url = f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "tarokk_admin.settings.test",
    }


@pytest.mark.slow
@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_three_processes_importing_one_file_at_once_store_it_once(tmp_path):
    _known_teams_and_players()
    path = tmp_path / "matches.json"
    path.write_text(json.dumps(_file()), encoding="utf-8")
    processes = [
        subprocess.Popen(
            [sys.executable, "manage.py", "import_matches", str(path)],
            cwd=ROOT,
            env=_env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    answers = []
    for process in processes:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        answers.append((json.loads(out), err))
    assert Match.objects.count() == MATCHES + 1
    assert Hand.objects.count() == (MATCHES + 1) * 8
    counts = sorted(answer["imported"] for answer, _err in answers)
    assert counts == [0] * (PROCESSES - 1) + [MATCHES]
    for answer, err in answers:
        if answer["imported"] == 0:  # the others say clearly which were present
            assert f"{MATCHES} match(es) of the file were already stored" in err
            assert all(f"/matches/{i}" in err for i in range(MATCHES))


@pytest.mark.slow
@needs_postgresql
@pytest.mark.django_db(transaction=True)
def test_three_officials_uploading_one_file_at_once_store_it_once():
    _known_teams_and_players()
    text = json.dumps(_file())
    officials = [UserFactory(roles=[Role.OFFICIAL]) for _ in range(PROCESSES)]
    start = threading.Barrier(PROCESSES)
    statuses: list[int] = []

    def upload(user) -> None:
        client = Client()
        client.force_login(user)
        start.wait()
        try:
            response = client.post(reverse("officials:import"), {"text": text})
            statuses.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=upload, args=(u,)) for u in officials]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302] * PROCESSES
    assert Match.objects.count() == MATCHES + 1
    runs = list(ImportRun.objects.all())
    assert sorted(run.imported for run in runs) == [0, 0, MATCHES]
    for run in runs:
        assert run.status == ImportRun.Status.DONE
        assert run.errors == []
        if run.imported == 0:
            assert run.present == [f"/matches/{i}" for i in range(MATCHES)]


@pytest.mark.django_db
def test_a_second_import_of_the_file_names_every_match_already_present(
    client, tmp_path
):
    """The report of an import that found the file stored (any database)."""
    from tests.scoring.services.test_import import run_command

    data = _file()
    assert run_command(data, tmp_path)[1] == {"imported": MATCHES}
    code, answer, err = run_command(data, tmp_path)
    assert (code, answer) == (0, {"imported": 0})
    assert err.strip().endswith(", ".join(f"/matches/{i}" for i in range(MATCHES)))
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(
        reverse("officials:import"), {"text": json.dumps(data)}, follow=True
    )
    assert "6 matches of the file were already stored" in response.text
    # The two command-line imports are recorded too; the page's is the last.
    assert ImportRun.objects.count() == 3
    run = ImportRun.objects.order_by("pk").last()
    page = client.get(reverse("officials:import_run", args=[run.pk])).text
    assert all(f"/matches/{i}" in page for i in range(MATCHES))
    assert Match.objects.count() == MATCHES
