"""Bounded load test of the public pages (issue 6 "Speed"), 127.0.0.1 only.

50 visitors browse the home page, the championship table (sorted, filtered, a page
further), team pages and match pages of a ``seed_bench`` federation:

    locust -f bench/locustfile.py --headless -u 50 -r 10 -t 30s \
        --host http://127.0.0.1:8790 --csv /tmp/tarokk-locust

The 5 referees saving hands at the same time are left out of this file: the referee's
hand page is a form with formsets (scoring/views/hand.py); driving it needs its field
names, which belong to that page's owner (see BENCHMARKS.md).
"""

from __future__ import annotations

import random
from urllib.parse import urlsplit

from locust import HttpUser, between, events, task

TEAMS = range(1, 301)
MATCHES = range(1, 7801)


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
