"""Fault drills on a whole site as ``make serve`` runs it
(gunicorn gthread + a Celery worker) with a PostgreSQL cluster and a Redis of its
own, never the shared ones:

- Redis stopped and started under load: every public page keeps answering 200, a
  referee completes matches meanwhile, and their follow-up runs once Redis is back;
- PostgreSQL restarted during a burst of hand saves: every hand a referee was told
  is saved is stored once, every failure during the outage is a clear 503, saving
  works again after;
- a matches-file import cut off by a PostgreSQL restart, or whose worker is killed,
  ends failed (nothing of it stored), never "running" for good.

They run in CI's second pass (REDIS_URL set) or with ``FAULT_DRILLS=1``; they need
``redis-server`` and Debian's ``pg_createcluster`` and root (to create a cluster).
Each prints its figures (RELIABILITY.md)."""

from __future__ import annotations

import collections
import json
import os
import signal
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.factories import sheet
from tests.faults.servers import (
    PG_BINARIES,
    REDIS_BINARIES,
    PrivateCluster,
    PrivateRedis,
    skip_without,
    wait_for,
)
from tests.faults.site import BIN, Answer, Client, DrillSite

pytestmark = [
    pytest.mark.slow,
    skip_without(REDIS_BINARIES + PG_BINARIES),
    pytest.mark.skipif(
        not (os.environ.get("REDIS_URL") or os.environ.get("FAULT_DRILLS")),
        reason="the fault drills run in CI's PostgreSQL+Redis pass (REDIS_URL set) "
        "or with FAULT_DRILLS=1",
    ),
    pytest.mark.skipif(
        hasattr(os, "geteuid") and os.geteuid() != 0,
        reason="the fault drills create a PostgreSQL cluster: run as root",
    ),
]

LOAD_THREADS = 6
SAVE_THREADS = 8
CONFLICT = "was changed by"  # a retried save that had been stored after all


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    directory = tmp_path_factory.mktemp("drill")
    cluster = PrivateCluster()
    redis = PrivateRedis(directory)
    cluster.create()
    redis.start()
    drill = DrillSite(directory, cluster, redis)
    try:
        drill.build()
        drill.start_worker()
        drill.start_web()
        yield drill
    finally:
        drill.stop()
        if redis.up():
            redis.stop()
        cluster.drop()


def _pending(site: DrillSite) -> int:
    return int(
        site.sql("SELECT count(*) FROM tarokk_core_followup WHERE delivered_at IS NULL")
    )


def _delivered(site: DrillSite, match_id: int) -> bool:
    return (
        site.sql(
            "SELECT count(*) FROM tarokk_core_followup WHERE kind = 'match_completed' "
            f"AND args = '[{match_id}]' AND delivered_at IS NOT NULL"
        )
        == "1"
    )


def test_redis_stopped_and_started_under_load(site):
    pages = site.seed["pages"]
    to_complete = site.seed["to_complete"]
    referee = Client(site.base)
    referee.login(site.seed["referee"], site.seed["password"])
    phase = {"now": "before"}
    answers: list[tuple[str, str, Answer]] = []
    done = threading.Event()

    def load(offset: int) -> None:
        client = Client(site.base)
        n = offset
        while not done.is_set():
            url = pages[n % len(pages)]
            n += 1
            answers.append((phase["now"], url, client.get(url)))

    with ThreadPoolExecutor(LOAD_THREADS) as pool:
        for offset in range(LOAD_THREADS):
            pool.submit(load, offset)
        time.sleep(2)
        phase["now"] = "outage"
        site.redis.stop()
        outage_started = time.monotonic()
        completions = [
            referee.post(f"/referee/matches/{pk}/complete/", {})
            for pk in to_complete[:2]
        ]
        time.sleep(4)
        site.redis.start()
        outage = time.monotonic() - outage_started
        phase["now"] = "after"
        time.sleep(3)
        # The commit's own delivery works again: no periodic delivery needed.
        completions.append(
            referee.post(f"/referee/matches/{to_complete[2]}/complete/", {})
        )
        wait_for(
            lambda: _delivered(site, to_complete[2]),
            timeout=60,
            what="the delivery queued at the commit",
        )
        done.set()

    assert [a.status for a in completions] == [302, 302, 302]
    assert max(a.seconds for a in completions) < 5
    # The two completed during the outage wait in the outbox …
    assert not _delivered(site, to_complete[0])
    assert not _delivered(site, to_complete[1])
    # … until the periodic delivery (beat, every minute) sends them.
    site.periodic_delivery()
    wait_for(lambda: _pending(site) == 0, timeout=60, what="the periodic delivery")
    ids = ",".join(map(str, to_complete))
    trophies = site.sql(
        f"SELECT count(*) FROM trophies_trophyaward WHERE match_id IN ({ids})"
    )
    assert trophies == "9"  # three Manilles in each match's first hands (R14)

    by_phase = collections.Counter(phase for phase, _url, _a in answers)
    failures = [(phase, url, a.status) for phase, url, a in answers if a.status != 200]
    slowest = max(a.seconds for _p, _u, a in answers)
    print(
        f"\nRedis drill: {len(answers)} page requests ({dict(by_phase)}), "
        f"{len(failures)} not 200, slowest {slowest:.2f} s; Redis down {outage:.1f} s; "
        f"completions {[a.status for a in completions]} in at most "
        f"{max(a.seconds for a in completions):.2f} s; follow-ups all delivered, "
        f"{trophies} trophies awarded"
    )
    assert by_phase["outage"] >= 20, "the load went on during the outage"
    assert failures == []
    # Pages show the three matches (no body cached before the outage hides them).
    api = json.loads(Client(site.base).get("/api/championship/2026/").text)
    points = {row["team"]: row["points"] for row in api["rows"]}
    stored = dict(
        line.split("|")
        for line in site.sql(
            "SELECT t.name, sum(r.points) FROM competitions_matchresult r "
            "JOIN competitions_team t ON t.id = r.team_id "
            "JOIN competitions_match m ON m.id = r.match_id "
            "JOIN competitions_competition c ON c.id = m.competition_id "
            "WHERE m.status = 'completed' AND c.kind = 'championship' GROUP BY t.name"
        ).splitlines()
    )
    assert {team: str(value) for team, value in points.items()} == stored


def _save_hands(site: DrillSite, match_id: int, log: list) -> set[int]:
    """A referee saves the 8 hands of a match one after another, sending a hand
    again after any failure; returns the hands the site said were stored."""
    client = Client(site.base)
    client.login(site.seed["referee"], site.seed["password"])
    told_stored: set[int] = set()
    for number in range(1, 9):
        record = json.dumps(sheet(match_id * 10 + number))
        for _attempt in range(200):
            answer = client.post(
                f"/referee/matches/{match_id}/hands/{number}/upload/", {"text": record}
            )
            log.append((time.monotonic(), answer))
            if answer.status == 302 or (
                answer.status == 200 and CONFLICT in answer.text
            ):
                told_stored.add(number)
                break
            time.sleep(0.2)
        time.sleep(0.15)
    return told_stored


def test_postgresql_restarted_during_a_burst_of_hand_saves(site):
    matches = site.seed["to_fill"]
    log: list[tuple[float, Answer]] = []
    with ThreadPoolExecutor(SAVE_THREADS) as pool:
        futures = {pk: pool.submit(_save_hands, site, pk, log) for pk in matches}
        wait_for(
            lambda: sum(a.status == 302 for _t, a in log) >= 8,
            timeout=60,
            what="the first saves",
        )
        down = time.monotonic()
        site.cluster.stop()
        time.sleep(2)
        site.cluster.start()
        up = time.monotonic()
        told = {pk: future.result(timeout=120) for pk, future in futures.items()}

    ids = ",".join(map(str, matches))
    stored = site.sql(
        "SELECT count(*), count(DISTINCT (match_id, number)), max(version) "
        f"FROM scoring_hand WHERE match_id IN ({ids})"
    )
    statuses = collections.Counter(a.status for _t, a in log)
    unclear = [
        (a.status, a.text[:300])
        for _t, a in log
        if a.status not in (302, 503) and not (a.status == 200 and CONFLICT in a.text)
    ]
    outage_answers = [a for t, a in log if a.status == 503]
    print(
        f"\nPostgreSQL drill: {len(log)} hand saves sent by {SAVE_THREADS} referees "
        f"({dict(statuses)}), database down {up - down:.1f} s; stored (hands, distinct, "
        f"highest version) = {stored}"
    )
    assert all(told[pk] == set(range(1, 9)) for pk in matches)  # all eventually
    assert stored == f"{8 * len(matches)}|{8 * len(matches)}|1"  # once each, no lost
    assert unclear == []  # no 500, no traceback, no dropped connection
    assert outage_answers, "the burst met the outage"
    assert all("The database is not answering" in a.text for a in outage_answers)
    assert all(a.text and a.status == 503 for a in outage_answers)
    # Recovery: the site answers and shows every hand.
    assert Client(site.base).get("/healthz").status == 200
    page = Client(site.base).get(f"/matches/{matches[0]}/")
    assert page.status == 200
    assert "Hand 8" in page.text


def _import_queued(site: DrillSite, tag: str, matches: int = 400) -> int:
    output = site.run(
        sys.executable, "-m", "tests.faults.drill_import", str(matches), tag
    )
    return json.loads(output.strip().splitlines()[-1])["run"]


def _run_status(site: DrillSite, run_id: int) -> str:
    return site.sql(f"SELECT status FROM scoring_importrun WHERE id = {run_id}")


def _running(site: DrillSite, run_id: int) -> None:
    wait_for(
        lambda: _run_status(site, run_id) == "running",
        timeout=60,
        what=f"import {run_id} running",
        every=0.05,
    )


def _ends_failed(site: DrillSite, run_id: int, tag: str) -> float:
    """Until the run says failed (the periodic delivery and expiry, as beat sends
    them); how long it took. Nothing of the file is stored."""
    started = time.monotonic()

    def failed() -> bool:
        site.periodic_delivery()
        site.run(
            str(BIN / "celery"), "-A", "tarokk_admin", "call",
            "scoring.tasks.import_runs_expire",
        )  # fmt: skip
        return _run_status(site, run_id) == "failed"

    wait_for(failed, timeout=120, what=f"import {run_id} failed", every=1)
    failure = site.sql(f"SELECT failure FROM scoring_importrun WHERE id = {run_id}")
    assert "Nothing of it was stored" in failure
    stored = site.sql(
        f"SELECT count(*) FROM competitions_match WHERE venue = '{tag} drill'"
    )
    assert stored == "0"
    return time.monotonic() - started


def test_an_import_cut_off_by_a_postgresql_restart_ends_failed(site):
    """The probe's import stayed "running" for good after the database went away
    under it: it ends failed, saying nothing was stored, once the database is back."""
    run_id = _import_queued(site, "restart")
    _running(site, run_id)
    site.cluster.stop()
    time.sleep(2)
    site.cluster.start()
    took = _ends_failed(site, run_id, "restart")
    print(f"\nImport drill: cut off by a PostgreSQL restart, failed {took:.1f} s after")
    assert Client(site.base).get("/healthz").status == 200


def test_an_import_whose_worker_is_killed_ends_failed(site):
    run_id = _import_queued(site, "killed")
    _running(site, run_id)
    worker = next(p for p in site.processes if "worker" in " ".join(p.args))
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)
    site.processes.remove(worker)
    site.start_worker()
    took = _ends_failed(site, run_id, "killed")
    print(f"\nImport drill: worker killed, the import failed {took:.1f} s after")
