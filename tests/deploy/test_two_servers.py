"""Two app servers and two workers behind one front, on one PostgreSQL (a database
of the test's own) and one Redis (a server of the test's own): a referee's match
(line-ups, the cut, 8 hands, completion), an import, the nightly backup sent by two
beats and the live board, every request through nginx, which alternates between
the servers. Nothing lost, nothing doubled, every page current on both servers, the
backup once in the folder both workers share.

Runs in CI's second pass (REDIS_URL set to a PostgreSQL+Redis pass) or with
``DEPLOY_TESTS=1``; needs nginx, redis-server and a PostgreSQL at DATABASE_URL (or
127.0.0.1:5432)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from urllib.parse import urlsplit

import psycopg
import pytest

from tests.deploy.stack import BIN, Browser, Stack, free_port, needs_nginx
from tests.factories import sheet
from tests.faults.servers import REDIS_BINARIES, PrivateRedis, skip_without, wait_for
from tests.scoring.services.test_import import entry, matches_file

pytestmark = [
    pytest.mark.slow,
    needs_nginx,
    skip_without(REDIS_BINARIES),
    pytest.mark.skipif(
        not (os.environ.get("REDIS_URL") or os.environ.get("DEPLOY_TESTS")),
        reason="the two-server test runs in CI's PostgreSQL+Redis pass (REDIS_URL "
        "set) or with DEPLOY_TESTS=1",
    ),
]


def _server() -> str:
    """The PostgreSQL server of DATABASE_URL (its own database is made here)."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        url = "postgres://postgres@127.0.0.1:5432/postgres"
    parts = urlsplit(url)
    return parts._replace(path="/postgres").geturl()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = _server()
    name = f"tarokk_two_servers_{os.getpid()}"
    with psycopg.connect(server, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    redis = PrivateRedis(tmp_path_factory.mktemp("redis"))
    redis.start()
    stack = Stack(
        DATABASE_URL=urlsplit(server)._replace(path=f"/{name}").geturl(),
        REDIS_URL=redis.url(0),
        FRONT_TEST_COLLECT="0",
    )
    stack.env["BACKUP_DIR"] = str(stack.directory / "shared-backups")
    try:
        stack.build()
        ports = [free_port(), free_port()]
        for n, port in enumerate(ports, start=1):
            stack.gunicorn(f"gunicorn-{n}", port)
        for n in (1, 2):
            _worker(stack, n)
        stack.front(ports)
        stack.app_ports = ports
        yield stack
    finally:
        stack.stop()
        redis.stop()
        with psycopg.connect(server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _worker(stack: Stack, n: int) -> None:
    node = f"two-servers-{n}-{stack.front_port}@localhost"
    process = stack.spawn(
        f"worker-{n}",
        str(BIN / "celery"), "-A", "tarokk_admin", "worker", "--pool=solo",
        "--loglevel=WARNING", "--hostname", node, "--without-gossip",
        "--without-mingle", "--without-heartbeat",
    )  # fmt: skip

    def answers() -> bool:
        assert process.poll() is None, stack.log(f"worker-{n}")[-3000:]
        done = subprocess.run(
            [str(BIN / "celery"), "-A", "tarokk_admin", "inspect", "ping", "-d", node,
             "--timeout", "2"],
            env=stack.env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        return done.returncode == 0 and "pong" in done.stdout

    wait_for(answers, timeout=90, what=f"Celery worker {n}", every=0.5)


def _sql(stack: Stack, query: str) -> list[tuple]:
    with psycopg.connect(stack.env["DATABASE_URL"]) as db:
        return db.execute(query).fetchall()


def _hands_on_board(stack: Stack, viewer: Browser, day: str) -> int:
    html = viewer.page(f"/live/{day}/").text
    return len(re.findall(r'data-hand="\d+"', html))


def test_a_match_an_import_a_backup_and_the_live_board_on_two_servers(site):
    seed, match = site.seed, site.seed["match"]
    matches_before = _sql(site, "SELECT count(*) FROM competitions_match")[0][0]
    referee = Browser(site.base)
    assert referee.login(seed["referee"], seed["password"]).status_code == 302
    for team, players in seed["lineups"].items():
        answer = referee.form(
            f"/referee/matches/{match}/lineup/{team}/",
            {f"lineup{team}-driver": players["driver"],
             f"lineup{team}-catcher": players["catcher"]},
        )  # fmt: skip
        assert answer.status_code == 302, answer.text[:2000]
    cut = referee.form(
        f"/referee/matches/{match}/cut/", {"first_attack": seed["teams"][0]}
    )
    assert cut.status_code == 302, cut.text[:2000]

    viewer = Browser(site.base)
    servers = [Browser(f"http://127.0.0.1:{port}") for port in site.app_ports]
    seen = []
    for number in range(1, 9):
        saved = referee.form(
            f"/referee/matches/{match}/hands/{number}/upload/",
            {"text": json.dumps(sheet(match * 10 + number)), "version": "0"},
        )
        assert saved.status_code == 302, saved.text[:2000]
        began = time.monotonic()
        wait_for(
            lambda n=number: _hands_on_board(site, viewer, seed["day"]) == n,
            timeout=10,
            what=f"hand {number} on the live board",
            every=0.2,
        )
        seen.append(time.monotonic() - began)
        for server in servers:  # every page current on both servers
            assert f"Hand {number}" in server.page(f"/matches/{match}/").text
    done = referee.form(f"/referee/matches/{match}/complete/", {})
    assert done.status_code == 302, done.text[:2000]

    official = Browser(site.base)
    assert official.login("front-official", seed["password"]).status_code == 302
    upload = json.dumps(
        matches_file(entry(3, date="2026-04-11"), entry(4, date="2026-04-12"))
    )
    imported = official.form(
        "/officials/import/",
        {},
        files={"file": ("matches.json", upload.encode(), "application/json")},
    )
    assert imported.status_code == 302, imported.text[:2000]
    again = official.form(
        "/officials/import/",
        {},
        files={"file": ("matches.json", upload.encode(), "application/json")},
    )
    assert again.status_code == 302  # the same file twice: stored once

    # The nightly backup as two beats would send it: written once, in the folder
    # both workers share.
    for _beat in (1, 2):
        site.run(
            str(BIN / "celery"), "-A", "tarokk_admin", "call",
            "tarokk_admin.tasks.federation_backup", "--kwargs",
            json.dumps({"slot": "two-servers"}),
        )  # fmt: skip
    folder = site.directory / "shared-backups"
    wait_for(
        lambda: folder.is_dir() and any(folder.glob("federation-*.json")),
        timeout=60,
        what="the nightly backup",
    )

    wait_for(
        lambda: _sql(site, "SELECT count(*) FROM tarokk_core_followup "
                     "WHERE delivered_at IS NULL")[0][0] == 0,
        timeout=90,
        what="every follow-up delivered",
    )  # fmt: skip
    time.sleep(1)  # the second beat's delivery has had its chance to write
    assert len(list(folder.glob("federation-*.json"))) == 1
    backup = json.loads(next(folder.glob("federation-*.json")).read_text())
    hands = _sql(site, "SELECT count(*) FROM scoring_hand")[0][0]
    assert backup["counts"]["scoring.hand"] == hands
    # Nothing lost, nothing doubled.
    assert _sql(
        site, f"SELECT count(*), count(DISTINCT number) FROM scoring_hand "
        f"WHERE match_id = {match}"
    ) == [(8, 8)]  # fmt: skip
    matches = _sql(site, "SELECT count(*) FROM competitions_match")[0][0]
    assert matches == matches_before + 2  # the file's two, once
    followups = _sql(
        site, "SELECT kind, args::text, count(*) FROM tarokk_core_followup "
        "GROUP BY kind, args::text HAVING count(*) > 1"
    )  # fmt: skip
    assert followups == []
    assert _sql(site, f"SELECT status FROM competitions_match WHERE id = {match}") == [
        ("completed",)
    ]
    tables = []
    for server in servers:
        page = server.page(f"/matches/{match}/").text
        assert "Hand 8" in page
        tables.append(json.loads(server.page("/api/championship/2026/").text))
    assert tables[0] == tables[1]  # the same standings from both servers
    played = {r["team"]: r["matches"] for r in tables[0]["rows"] if r["matches"]}
    stored = dict(
        _sql(
            site,
            "SELECT t.name, count(*) FROM competitions_matchresult r "
            "JOIN competitions_team t ON t.id = r.team_id "
            "JOIN competitions_match m ON m.id = r.match_id "
            "JOIN competitions_competition c ON c.id = m.competition_id "
            "WHERE m.status = 'completed' AND c.kind = 'championship' "
            "AND c.season_id = (SELECT id FROM competitions_season WHERE year = 2026) "
            "GROUP BY t.name",
        )
    )
    assert played == stored  # the completed match counted, once
    # nginx alternated: both servers answered requests of this test.
    log = site.front_log()
    for port in site.app_ports:
        assert f"127.0.0.1:{port}" in log
    print(
        f"\nTwo servers: each of the 8 hands on the live page within "
        f"{max(seen):.2f} s of its save; {len(log.splitlines())} requests through "
        "the front, both servers answering"
    )
