"""Bounded load test of the public pages, 127.0.0.1 only.

50 visitors browse the home page, the championship table (sorted, filtered, a page
further), team pages and match pages of a ``seed_bench`` federation while 5 referees
save hands: each logs in once through the login form (its own account: django-axes
counts failures per user) and saves hands 1..8 of its own match in play, over and
over, through the hand-record upload (``scoring:hand_upload``, the JSON a referee
pastes), carrying each hand's version as the form does (optimistic versions: a
stale one would be refused as a conflict and counted as an error here).

    .venv/bin/python bench/locust_referees.py --password bench-referee > /tmp/referees.json
    TAROKK_REFEREES=/tmp/referees.json TAROKK_REFEREE_PASSWORD=bench-referee \\
    locust -f bench/locustfile.py --headless -u 55 -r 11 -t 30s \\
        --host http://127.0.0.1:8790 --csv /tmp/tarokk-locust

Without ``TAROKK_REFEREES`` only the visitors run.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

from locust import HttpUser, between, events, task

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scoring.engine import score_hand_record, sheet_from_play  # pure Python
from scoring.engine.generate import random_play_record

TEAMS = range(1, 301)
MATCHES = range(1, 7801)
HANDS = 8


@events.init.add_listener
def _local_only(environment, **kwargs):
    host = urlsplit(environment.host or "").hostname
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit("This load test runs against 127.0.0.1 only.")


class Visitor(HttpUser):
    wait_time = between(0.5, 2)

    @task(3)
    def championship(self):
        query = random.choice(
            ["", "?sort=-best_match", "?page=2", "?club=Eger", "?min_matches=50"]
        )
        self.client.get(f"/championship/2026/{query}", name="/championship/2026/")

    @task(3)
    def team(self):
        self.client.get(f"/teams/{random.choice(TEAMS)}/", name="/teams/<id>/")

    @task(3)
    def match(self):
        self.client.get(f"/matches/{random.choice(MATCHES)}/", name="/matches/<id>/")

    @task(1)
    def home(self):
        self.client.get("/", name="/")

    @task(1)
    def api(self):
        self.client.get("/api/championship/2026/", name="/api/championship/2026/")


def _records(n: int = 32) -> list[str]:
    """Valid score-sheet records (seeded legal hands, as a referee writes them)."""
    rng = random.Random(7)
    out = []
    for _ in range(n):
        play = random_play_record(rng, n_announcements=rng.randrange(0, 6))
        out.append(json.dumps(sheet_from_play(play, score_hand_record(play))))
    return out


def _referees() -> list[dict]:
    path = os.environ.get("TAROKK_REFEREES")
    return json.loads(Path(path).read_text()) if path else []


REFEREES = _referees()
RECORDS = _records() if REFEREES else []
_accounts = itertools.cycle(REFEREES) if REFEREES else None


class Referee(HttpUser):
    """One account, one match in play: hands 1..8, again and again (a correction of
    a stored hand carries the version it replaces, like the hand form)."""

    abstract = not REFEREES  # no referee accounts given: visitors only
    fixed_count = len(REFEREES)  # spawned first: -u 55 gives 5 referees, 50 visitors
    wait_time = between(1, 3)  # a referee pastes a hand every few seconds at most

    def on_start(self):
        account = next(_accounts)
        self.match = account["match"]
        self.versions = [0] * (HANDS + 1)
        self.number = 0
        page = self.client.get("/accounts/login/", name="/accounts/login/ (form)")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        response = self.client.post(
            "/accounts/login/",
            {
                "username": account["username"],
                "password": os.environ["TAROKK_REFEREE_PASSWORD"],
                "csrfmiddlewaretoken": token.group(1) if token else "",
            },
            headers={"Referer": f"{self.host}/accounts/login/"},
            name="/accounts/login/",
            allow_redirects=False,
        )
        if response.status_code != 302:
            raise SystemExit(f"{account['username']} could not log in")

    @task
    def save_hand(self):
        self.number = self.number % HANDS + 1
        number = self.number
        url = f"/referee/matches/{self.match}/hands/{number}/upload/"
        with self.client.post(
            url,
            {
                "text": random.choice(RECORDS),
                "version": str(self.versions[number]),
            },
            headers={
                "X-CSRFToken": self.client.cookies.get("csrftoken", ""),
                "Referer": f"{self.host}{url}",
            },
            name="/referee/matches/<id>/hands/<n>/upload/",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code == 302:  # saved: on to the match page
                self.versions[number] += 1
                response.success()
            else:
                response.failure(f"hand {number} not saved ({response.status_code})")
