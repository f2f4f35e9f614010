"""Response times of the trophy list: name search beside a trivial view.

Run against a database holding the bench seed (20,000 players, 100,000 awards):

    export DATABASE_URL=sqlite:////tmp/trophy-bench.sqlite3
    .venv/bin/python manage.py migrate && .venv/bin/python manage.py seed_trophy_bench
    .venv/bin/python bench/trophies.py [--requests 300] [--seed 3]

Requests go through Django's full stack in-process (middleware, URL routing, views,
templates, the database), without a network hop. Prints p50, p95 and max in ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")
os.environ.setdefault("DJANGO_DEBUG", "false")  # no query log, as in production

import django

django.setup()

from django.test import Client  # noqa: E402

from competitions.models import Player  # noqa: E402
from tarokk_admin.demo.trophy_bench import GIVEN, SURNAMES  # noqa: E402


def measure(client: Client, urls: list[str]) -> tuple[float, float, float]:
    times = []
    for url in urls:
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}")
    times.sort()
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    return statistics.median(times), p95, times[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    players = Player.objects.count()
    from trophies.models import TrophyAward

    print(f"players: {players}, awards: {TrophyAward.objects.count()}")
    rng = random.Random(args.seed)
    ids = list(Player.objects.values_list("pk", flat=True)[:5000])

    def term() -> str:
        kind = rng.random()
        surname = rng.choice(SURNAMES)
        if kind < 0.4:  # a surname typed without accents, lower case
            return surname.lower().replace("á", "a").replace("ó", "o")
        if kind < 0.7:  # surname and given name, accents as typed
            return f"{surname} {rng.choice(GIVEN)}"
        return f"{rng.choice(GIVEN)[:3]} {rng.randrange(20000)}"  # a rare one

    n = args.requests
    workloads = {
        "trivial view (/healthz)": ["/healthz"] * n,
        "API name search /api/trophies/?q=": [
            f"/api/trophies/?q={term()}" for _ in range(n)
        ],
        "page name search /trophies/?q=": [f"/trophies/?q={term()}" for _ in range(n)],
        "list page /trophies/": ["/trophies/"] * n,
        "player page /players/<id>/": [
            f"/players/{rng.choice(ids)}/" for _ in range(n)
        ],
        "API /api/players/<id>/trophies/": [
            f"/api/players/{rng.choice(ids)}/trophies/" for _ in range(n)
        ],
    }
    client = Client(HTTP_HOST="localhost")
    client.get("/trophies/")  # warm up: templates, translations, SQLite cache
    print(f"{'workload':40} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for name, urls in workloads.items():
        p50, p95, worst = measure(client, urls)
        print(f"{name:40} {p50:8.1f} {p95:8.1f} {worst:8.1f}")
    start = time.perf_counter()
    client.get("/api/trophy-list/")
    print(
        f"{'API /api/trophy-list/ (all players, once)':40} "
        f"{(time.perf_counter() - start) * 1000:8.1f}"
    )


if __name__ == "__main__":
    main()
