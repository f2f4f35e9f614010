"""Never stale: every cached public page is read warm, then data
changes through every entry point - the services (the admin only reads), the
``import_matches`` command in another process and the worker delivering a follow-up -
and every page, read again at once, shows every change.

On PostgreSQL (CI's second pass) the command and the worker are real processes on
the test's database; on SQLite's in-memory test database no other process can
connect, so the command runs in this process and the worker is a thread consuming an
in-memory broker."""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import subprocess
import sys
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from competitions.models import Match, MatchResult, Team
from competitions.services.matches import match_complete, match_void
from scoring.services.hands import hand_save
from tarokk_admin import celery_app
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests import ROOT
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import UserFactory, ready_match, roster, sheet
from tests.faults.servers import wait_for
from tests.tarokk_admin.kit import TROPHY_SEEDS, YEAR, Federation, federation
from trophies.models import TrophyAward
from trophies.services.awards import trophy_variant_enter

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ANOTHER_PROCESS = connection.vendor == "postgresql"
CELERY = str(Path(sys.executable).with_name("celery"))
RENAMED = "Renamed In Admin"


class _Form(HTMLParser):
    """The fields of the admin's change form, as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.setdefault(name, []).append(a.get("value") or "")
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, [])
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select].append(a.get("value") or "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = [""]

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea][0] += data

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def admin_change(client, url: str, status: int = 302, **changes: str) -> None:
    form = _Form()
    form.feed(client.get(url).text)
    data = {**form.data, **{name: [value] for name, value in changes.items()}}
    response = client.post(url, data)
    assert response.status_code == status, response.text[:2000]


def _env() -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "tarokk_admin.settings.test",
    }


def import_elsewhere(data: dict, tmp_path: Path) -> dict:
    path = tmp_path / "matches.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    if not ANOTHER_PROCESS:
        from io import StringIO

        out = StringIO()
        call_command("import_matches", str(path), stdout=out)
        return json.loads(out.getvalue())
    done = subprocess.run(
        [sys.executable, "manage.py", "import_matches", str(path)],
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@contextlib.contextmanager
def worker_elsewhere():
    """A Celery worker delivering what this process queues from now on."""
    conf = celery_app.conf
    saved = {key: conf[key] for key in ("broker_url", "task_always_eager")}
    broker = os.environ.get("REDIS_URL") if ANOTHER_PROCESS else None
    conf.update(broker_url=broker or "memory://", task_always_eager=False)
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    try:
        if broker:
            yield from _worker_process()
        else:
            from celery.contrib.testing.worker import start_worker

            with start_worker(celery_app, pool="solo", perform_ping_check=False):
                yield
    finally:
        conf.update(saved)
        celery_app._pool = None
        celery_app.amqp._producer_pool = None


def _worker_process():
    node = f"never-stale-{uuid.uuid4().hex[:8]}@localhost"
    worker = subprocess.Popen(
        [
            CELERY,
            "-A",
            "tarokk_admin",
            "worker",
            "--pool=solo",
            "--loglevel=WARNING",
            "--hostname",
            node,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def _read(client, pages: list[str]) -> dict[str, str]:
    answers = {url: client.get(url) for url in pages}
    assert {u: a.status_code for u, a in answers.items()} == dict.fromkeys(pages, 200)
    return {url: answer.content.decode() for url, answer in answers.items()}


def _points(world: Federation, team) -> int:
    return sum(
        MatchResult.objects.filter(
            team=team,
            match__competition=world.champ,
            match__status=Match.Status.COMPLETED,
        ).values_list("points", flat=True)
    )


def test_every_cached_page_shows_every_change_at_once(client, tmp_path):
    world = federation()
    pages = world.pages()
    before = _read(client, pages)
    _read(client, pages)  # warm: the second reading comes from the cache
    t0, t1, t2, t3, t4, t5 = world.teams[:6]
    official = UserFactory(roles=[Role.OFFICIAL], is_staff=True)

    # 1. The services: a match voided (R15: it no longer counts), a variant trophy.
    voided = Match.objects.get(competition=world.champ, team_a=t0, team_b=t1)
    match_void(match=voided, user=official, reason="wrong line-up")
    table_mates = [linked_player(f"Variáns Játékos {n}") for n in range(3)]
    sitting = sitting_of(
        [(player, 10 * n) for n, player in enumerate(table_mates)],
        confirm_by=official,
        date=dt.date(YEAR, 3, 1),
        event="Emperor night",
    )
    variant_player = table_mates[0]
    trophy_variant_enter(
        sitting=sitting,
        feast="royal",
        jury_note="seen by the jury",
        player=variant_player,
        user=official,
    )
    # 2. A team renamed. The admin shows it but refuses to write it (every change
    # goes through the services); the rename is saved as a service saves it.
    client.force_login(official)
    url = f"/admin/competitions/team/{t3.pk}/change/"
    admin_change(client, url, status=403, name=RENAMED)
    client.logout()
    renamed = Team.objects.get(pk=t3.pk)
    renamed.name = RENAMED
    renamed.save()
    # 3. The import command in another process: a match of two teams that had
    # played no championship match.
    lineups = {
        team.name: {
            role: roster(team, world.champ.season)[role].name
            for role in ("driver", "catcher")
        }
        for team in (t4, t5)
    }
    imported = import_elsewhere(
        {
            "format": "royal-tarokk-matches/1",
            "matches": [
                {
                    "competition": {"season": YEAR, "kind": "championship"},
                    "date": f"{YEAR}-04-04",
                    "venue": "Eger",
                    "public": True,
                    "lineups": lineups,
                    "record": {
                        "format": "royal-tarokk-match/1",
                        "teams": [t4.name, t5.name],
                        "first_attack": t4.name,
                        "hands": [sheet(300 + i) for i in range(8)],
                    },
                }
            ],
        },
        tmp_path,
    )
    assert imported == {"imported": 1}
    # 4. The worker: a match completed here, its follow-up (trophies, standings)
    # delivered by the worker.
    new = ready_match(
        competition=world.champ, team_a=t1, team_b=t2, date=dt.date(YEAR, 4, 5)
    )
    for number, seed in enumerate(TROPHY_SEEDS, start=1):
        hand_save(match=new, number=number, record=sheet(seed), user=new.referee)
    with worker_elsewhere():
        match_complete(match=new, user=official)
        wait_for(
            lambda: not Followup.objects.filter(delivered_at__isnull=True).exists(),
            timeout=60,
            what="the worker to deliver the follow-ups",
        )
    awards = list(TrophyAward.objects.filter(match=new).select_related("player"))
    assert len(awards) == 3

    # Every page at once.
    after = _read(client, [*pages, f"/matches/{new.pk}/"])
    table = after[f"/championship/{YEAR}/"]
    api = json.loads(after[f"/api/championship/{YEAR}/"])
    api_points = {row["team"]: row["points"] for row in api["rows"]}
    for team in (t0, t1, t2, t4, t5):  # void, import, completion
        team.refresh_from_db()
        assert api_points[team.name] == _points(world, team), team.name
        assert team.name in table
    for url, html in before.items():  # the rename, wherever the team shows
        if t3.name in html:
            assert RENAMED in after[url], url
            assert t3.name not in after[url], url
    # The trophies entered by the service and awarded by the worker.
    names = {variant_player.name} | {award.player.name for award in awards}
    listed = {row["player"] for row in json.loads(after["/api/trophy-list/"])["rows"]}
    assert names <= listed
    for name in names:
        assert f">{name}<" in after["/trophies/"], name
    assert after[f"/matches/{new.pk}/"].count("Manille") >= 1
    assert f"/matches/{voided.pk}/" not in after[f"/teams/{t0.pk}/?season={YEAR}"]
