"""Load test of the live event day, 127.0.0.1 only.

200 viewers keep a live page open: each loads ``/live/<day>/`` once, then polls its
board every 3 s with the version it has, as the page's htmx does (``204`` while
nothing changed, the new board when it did). Meanwhile the 5 referees of
``bench/locustfile.py`` save hands into their matches, which are on that day
(``bench/locust_referees.py --date``). Every hand row on the board carries the time
it was saved (``data-saved``); when a viewer's poll brings a hand saved after what
it had seen, the viewer records how long after the save it saw it, as the request
``LIVE save → visible on a viewer's page`` (its "response time" is that delay).

    .venv/bin/python bench/locust_referees.py --password bench-referee \\
        --date 2026-12-01 > /tmp/referees.json
    TAROKK_LIVE_DAY=2026-12-01 TAROKK_REFEREES=/tmp/referees.json \\
    TAROKK_REFEREE_PASSWORD=bench-referee \\
    locust -f bench/locust_live.py --headless -u 205 -r 40 -t 60s \\
        --host http://127.0.0.1:8103 --csv /tmp/tarokk-live
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

from locust import constant, task
from locust.contrib.fasthttp import FastHttpUser

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.locustfile import Referee  # noqa: F401  (the 5 referees)

DAY = os.environ.get("TAROKK_LIVE_DAY", "2026-12-01")
POLL_SECONDS = 3  # as the board's hx-trigger="every 3s"
VERSION = re.compile(r'hx-get="[^"]*/board/\?v=([0-9a-f]+)"')
SAVED = re.compile(r'data-saved="(\d+)"')


class LiveViewer(FastHttpUser):
    """A page left open on the venue's wall or a phone: polls, never reloads.
    (FastHttpUser: 200 of them cost the load generator little CPU.)"""

    wait_time = constant(POLL_SECONDS)

    def on_start(self):
        page = self.client.get(f"/live/{DAY}/", name="/live/<day>/ (open the page)")
        self.version = self._version(page.text)
        self.seen = max(map(int, SAVED.findall(page.text)), default=0)

    @staticmethod
    def _version(html: str) -> str:
        found = VERSION.search(html)
        return found.group(1) if found else ""

    @task
    def poll(self):
        with self.client.get(
            f"/live/{DAY}/board/?v={self.version}",
            name="/live/<day>/board/ (poll)",
            catch_response=True,
        ) as response:
            if response.status_code not in (200, 204):
                response.failure(f"poll answered {response.status_code}")
                return
            response.success()
            if response.status_code == 204:
                return
            now = time.time() * 1000
            self.version = self._version(response.text)
            saved = [int(ms) for ms in SAVED.findall(response.text)]
            for ms in saved:
                if ms > self.seen:
                    self.environment.events.request.fire(
                        request_type="LIVE",
                        name="save → visible on a viewer's page",
                        response_time=now - ms,
                        response_length=0,
                        exception=None,
                        context={},
                    )
            self.seen = max([self.seen, *saved])
