"""Public pages against a large federation.

Builds a temporary database (SQLite file, or a PostgreSQL database created and dropped
on the server given), fills it with ``manage.py seed_bench`` (300 teams x 52 matches:
7,800 matches, 62,400 hands, 2,000 players), then measures in one run, through Django's
test Client in this process:

- the championship table, a team page and a match page, each beside a trivial template
  view (the base layout, no queries), median and p95 in ms;
- the full championship standings recomputed (the aggregate SQL, no cache).

    .venv/bin/python bench/web.py                        # SQLite
    .venv/bin/python bench/web.py --postgres postgres://postgres@127.0.0.1:5432/postgres

Goals: each page within 3x the trivial view; full standings under 2 s on PostgreSQL.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.test")

from scale import scale_arguments, seeded_database  # noqa: E402


def trivial(request):
    """The base layout rendered through a template, no queries."""
    from django.shortcuts import render

    return render(request, "bench/trivial.html", {"title": "Trivial"})


def __getattr__(name: str):
    """This module is also the run's URLconf (built once Django is set up): the
    project's addresses plus the trivial template view the pages are compared with."""
    if name != "urlpatterns":
        raise AttributeError(name)
    from django.urls import include, path

    return [path("bench/trivial/", trivial), path("", include("tarokk_admin.urls"))]


def measure(client, url: str, n: int) -> tuple[float, float]:
    for _ in range(5):
        assert client.get(url).status_code == 200, url
    times = []
    for _ in range(n):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, url
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main() -> None:
    args = scale_arguments(__doc__).parse_args()
    with seeded_database(args) as run:
        from django.conf import settings
        from django.test import Client
        from django.test.utils import override_settings

        from competitions.models import Match, Season, Team
        from competitions.selectors.standings import championship_table

        season = Season.objects.get(year=2026)
        recompute = []
        for _ in range(5):
            t0 = time.perf_counter()
            rows = championship_table(season=season, fresh=True)
            recompute.append(time.perf_counter() - t0)
        team = Team.objects.get(pk=rows[len(rows) // 2].team_id)
        match = Match.objects.order_by("id")[len(rows)]
        settings.ALLOWED_HOSTS = ["*"]
        with override_settings(ROOT_URLCONF="bench.web", DEBUG=False):
            client = Client()
            pages = {
                "trivial template view": "/bench/trivial/",
                "championship table": "/championship/2026/",
                "team page": f"/teams/{team.pk}/",
                "match page": f"/matches/{match.pk}/",
            }
            figures = {
                name: measure(client, url, args.n) for name, url in pages.items()
            }
        base = figures["trivial template view"][0]
        print(
            f"{run.backend}: seed_bench {run.seconds:.1f} s; {len(rows)} teams in the table"
        )
        print("| page | median ms | p95 ms | x trivial (median) |")
        print("|---|---|---|---|")
        for name, (median, p95) in figures.items():
            print(f"| {name} | {median:.1f} | {p95:.1f} | {median / base:.2f} |")
        print(
            f"full standings recomputed: median {statistics.median(recompute) * 1000:.0f}"
            f" ms, best {min(recompute) * 1000:.0f} ms (goal < 2000 ms on PostgreSQL)"
        )


if __name__ == "__main__":
    main()
