"""Season statistics at bench scale.

Builds a temporary database like ``bench/web.py`` (SQLite file, or a PostgreSQL
database created and dropped on the server given), fills it with ``manage.py
seed_bench`` (7,800 matches, 62,400 hands) and ``manage.py statistics_rebuild``, then
measures in one run:

- the statistics pages (the federation's season, the team list, a team, a player)
  and the API beside the trivial template view of ``bench/web.py``, warm (after 5
  requests), requested in turn so that the machine's load falls on all alike,
  median and p95 in ms;
- ``stats.services.refresh.statistics_refresh`` after a match is completed (a new
  match of two bench teams: line-ups, the cut, 8 hands and completion through the
  services, the follow-up task held back so only the refresh is timed), after a
  hand of it is corrected, and after it is voided; milliseconds and SQL queries.

    .venv/bin/python bench/season_statistics.py                 # SQLite
    .venv/bin/python bench/season_statistics.py --postgres postgres://postgres@127.0.0.1:5432/postgres

Goals: the federation page within 3x the trivial view (warm); the refresh after a
completed match under 1 s on PostgreSQL.
"""

from __future__ import annotations

import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.test")

from bench.scale import scale_arguments, seeded_database  # noqa: E402


def measure_interleaved(client, urls: dict[str, str], n: int) -> dict:
    """Median and p95 ms per page, the pages requested in turn (after 5 warm-up
    requests each), so that the machine's load falls on all of them alike."""
    for url in urls.values():
        for _ in range(5):
            assert client.get(url).status_code == 200, url
    times: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(n):
        for name, url in urls.items():
            started = time.perf_counter()
            response = client.get(url)
            times[name].append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, url
    return {
        name: (statistics.median(ms), sorted(ms)[int(0.95 * (len(ms) - 1))])
        for name, ms in times.items()
    }


def _timed(call):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        started = time.perf_counter()
        call()
        elapsed = (time.perf_counter() - started) * 1000
    return elapsed, len(ctx.captured_queries)


def _new_match(number: int, official, referee):
    """A completed match between two bench teams, through the services; the
    follow-up task is not run (its ``delay`` is replaced by the caller)."""
    from competitions.models import Competition, Membership, Season, Team
    from competitions.services.lineups import lineup_set
    from competitions.services.matches import (
        match_complete,
        match_create,
        match_cut_set,
    )
    from scoring.services.hands import hand_save
    from tests.factories import sheet

    season = Season.objects.get(year=2026)
    competition, _ = Competition.objects.get_or_create(
        season=season, kind=Competition.Kind.FREE, defaults={"name": "Bench games"}
    )
    teams = list(Team.objects.order_by("pk")[2 * number : 2 * number + 2])
    match = match_create(
        competition=competition,
        team_a=teams[0],
        team_b=teams[1],
        date=dt.date(2026, 11, 20),
        referee=referee,
    )
    for team in teams:
        roles = {
            m.role: m.player
            for m in Membership.objects.filter(season=season, team=team).select_related(
                "player"
            )
        }
        lineup_set(
            match=match, team=team, driver=roles["driver"], catcher=roles["catcher"]
        )
    match_cut_set(match=match, first_attack=teams[0])
    for hand in range(1, 9):
        hand_save(
            match=match, number=hand, record=sheet(number * 8 + hand), user=referee
        )
    return match_complete(match=match, user=official)


def refresh_figures(n: int) -> dict[str, list[tuple[float, int]]]:
    from competitions.services.matches import match_void
    from scoring.services.hands import hand_save
    from stats.services.refresh import statistics_refresh
    from tarokk_admin import tasks
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory, pool_referee, sheet

    tasks.match_completed.delay = lambda pk: None  # type: ignore[method-assign]
    official = UserFactory(username="bench-official", roles=[Role.OFFICIAL])
    # The season's referee pool: the only referees a match takes.
    from competitions.models import Season

    referee = pool_referee(Season.objects.get(year=2026), username="bench-referee")
    out: dict[str, list[tuple[float, int]]] = {
        "completed": [],
        "corrected": [],
        "voided": [],
    }
    for number in range(n):
        match = _new_match(number, official, referee)
        out["completed"].append(_timed(lambda m=match: statistics_refresh(match=m)))
        stored = match.hands.get(number=1)
        hand_save(
            match=match,
            number=1,
            record=sheet(10_000 + number),
            user=official,
            version=stored.version,
            reason="bench correction",
        )
        out["corrected"].append(_timed(lambda m=match: statistics_refresh(match=m)))
        match_void(match=match, user=official, reason="bench void")
        out["voided"].append(_timed(lambda m=match: statistics_refresh(match=m)))
    return out


def main() -> None:
    parser = scale_arguments(__doc__)
    parser.add_argument(
        "--database", help="or the URL of an existing empty database to fill (kept)"
    )
    parser.add_argument("--refreshes", type=int, default=20)
    args = parser.parse_args()
    with seeded_database(args, existing=args.database or "") as run:
        from django.conf import settings
        from django.core.management import call_command
        from django.test import Client
        from django.test.utils import override_settings

        started = time.perf_counter()
        call_command("statistics_rebuild", year=2026)
        rebuilt = time.perf_counter() - started

        from competitions.models import Player, Team

        team = Team.objects.order_by("pk")[args.teams // 2]
        player = Player.objects.filter(federation_number__startswith="B").order_by(
            "pk"
        )[args.teams]
        settings.ALLOWED_HOSTS = ["*"]
        with override_settings(ROOT_URLCONF="bench.web", DEBUG=False):
            client = Client()
            pages = {
                "trivial template view": "/bench/trivial/",
                "federation season statistics": "/statistics/2026/",
                f"teams' statistics ({args.teams} rows, sortable)": "/statistics/2026/teams/",
                "a team's statistics": f"/statistics/2026/teams/{team.pk}/",
                "a player's statistics": f"/statistics/2026/players/{player.pk}/",
                "GET /api/statistics/2026/": "/api/statistics/2026/",
            }
            figures = measure_interleaved(client, pages, args.n)
        refreshes = refresh_figures(args.refreshes)
        base = figures["trivial template view"][0]
        print(f"{run.backend}: statistics_rebuild of the bench season {rebuilt:.1f} s")
        print("| page | median ms | p95 ms | x trivial (median) |")
        print("|---|---|---|---|")
        for name, (median, p95) in figures.items():
            print(f"| {name} | {median:.1f} | {p95:.1f} | {median / base:.2f} |")
        print("| refresh after | median ms | max ms | SQL queries |")
        print("|---|---|---|---|")
        for name, runs in refreshes.items():
            times = [ms for ms, _ in runs]
            queries = sorted({q for _, q in runs})
            print(
                f"| a match {name} | {statistics.median(times):.1f} | "
                f"{max(times):.1f} | {'–'.join(map(str, (queries[0], queries[-1])))} |"
            )


if __name__ == "__main__":
    main()
