"""Load test of the live event day, 127.0.0.1 only.

Viewers keep a live page open: each loads ``/live/<day>/`` once, then polls the
board's own address (read from the page: its version and language) every 2 s, as
the page's htmx does (``204`` while nothing changed, the new board when it did).
Behind the front (``manage.py front_config``) nginx answers these polls from its
shared cache; without it every poll reaches the app. Meanwhile the 5 referees of
``bench/locustfile.py`` save hands into their matches, which are on that day
(``bench/locust_referees.py --date``). Every hand row on the board carries the time
it was saved (``data-saved``); when a viewer's poll brings a hand saved after what
it had seen, the viewer records how long after the save it saw it, as the request
``LIVE save → visible on a viewer's page`` (its "response time" is that delay).
Answers the front served from its cache are counted as ``LIVE poll answered by the
front's cache`` and ``LIVE page opened from the front's cache`` (X-Cache: HIT or
UPDATING), the others reached the app.

``TAROKK_OPEN_UNSHARED=1`` sends each open with a cookie the front passes by (a
one-time message's), so that every open costs the app a render, as before the
anonymous page was shared: the same run with and without the shared page.

The viewers and the referees may run as two locust commands, the viewers' spread
over processes (``--processes 2``): without ``TAROKK_REFEREES`` this file has viewers
only, and ``bench/locustfile.py Referee`` runs the 5 referees alone (each process
of a ``--processes`` run would take the same referee accounts).

    .venv/bin/python bench/locust_referees.py --password bench-referee \\
        --date 2026-12-01 > /tmp/referees.json
    TAROKK_LIVE_DAY=2026-12-01 TAROKK_REFEREES=/tmp/referees.json \\
    TAROKK_REFEREE_PASSWORD=bench-referee \\
    locust -f bench/locust_live.py --headless -u 1005 -r 100 -t 60s \\
        --host http://127.0.0.1:8850 --csv /tmp/tarokk-live
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from locust import constant, events, task
from locust.contrib.fasthttp import FastHttpUser

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.locustfile import Referee  # noqa: F401  (the 5 referees)

DAY = os.environ.get("TAROKK_LIVE_DAY", "2026-12-01")
# For comparison: each viewer's open reaches the app, as before the page was shared.
OPEN_UNSHARED = os.environ.get("TAROKK_OPEN_UNSHARED") == "1"
POLL_SECONDS = 2  # as the board's hx-trigger="every 2s" (stats/views/live.py)
ADDRESS = re.compile(r'hx-get="([^"]*/board/\?[^"]*)"')
SAVED = re.compile(rb'data-saved="(\d+)"')


def _address(html: str) -> str:
    found = ADDRESS.search(html)
    return found.group(1).replace("&amp;", "&") if found else f"/live/{DAY}/board/"


@events.init.add_listener
def _local_only(environment, **kwargs):
    host = (environment.host or "").split("//")[-1].split(":")[0]
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit("This load test runs against 127.0.0.1 only.")


class LiveViewer(FastHttpUser):
    """A page left open on the venue's wall or a phone: polls, never reloads.
    (FastHttpUser: a thousand of them cost the load generator little CPU.)"""

    wait_time = constant(POLL_SECONDS)

    def on_start(self):
        headers = {"Accept-Language": "hu"}
        if OPEN_UNSHARED:  # a cookie the front passes by: the app renders each open
            headers["Cookie"] = "messages=unshared"
        page = self.client.get(
            f"/live/{DAY}/", name="/live/<day>/ (open the page)", headers=headers
        )
        if page.headers.get("X-Cache") in ("HIT", "UPDATING"):
            self._record("page opened from the front's cache", 0)
        self.address = _address(page.text or "")
        self.seen = max(map(int, SAVED.findall(page.content or b"")), default=0)

    def _record(self, name: str, response_time: float) -> None:
        self.environment.events.request.fire(
            request_type="LIVE",
            name=name,
            response_time=response_time,
            response_length=0,
            exception=None,
            context={},
        )

    @task
    def poll(self):
        with self.client.get(
            self.address, name="/live/<day>/board/ (poll)", catch_response=True
        ) as response:
            if response.status_code not in (200, 204):
                response.failure(f"poll answered {response.status_code}")
                return
            response.success()
            if response.headers.get("X-Cache") in ("HIT", "UPDATING"):
                self._record("poll answered by the front's cache", 0)
            if response.status_code == 204:
                return
            now = time.time() * 1000
            body = response.content or b""
            self.address = _address(body.decode("utf-8", "replace"))
            saved = [int(ms) for ms in SAVED.findall(body)]
            for ms in saved:
                if ms > self.seen:
                    self._record("save → visible on a viewer's page", now - ms)
            self.seen = max([self.seen, *saved])
