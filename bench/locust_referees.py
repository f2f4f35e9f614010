"""Referees for the bounded load test (bench/locustfile.py, issue 6 "Speed").

On a ``seed_bench`` database, makes (again, idempotently) 5 referee accounts
``bench-referee-1`` … ``bench-referee-5`` (password from ``--password``), each the
referee of its own match in play: two teams of the 2026 season, their line-ups
(driver and catcher of the roster), the cut (the first team attacks first), public,
dated after the annual meeting, in a "Load test" free-games competition, no hands.
Prints the accounts and their matches as JSON for the locustfile
(``TAROKK_REFEREES``):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarokk_locust \\
        .venv/bin/python bench/locust_referees.py --password bench-referee > /tmp/referees.json
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokk_admin.settings.local")

REFEREES = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--password", required=True)
    parser.add_argument("--year", type=int, default=2026)
    parser.add_argument(
        "--date",
        type=dt.date.fromisoformat,
        help="the matches' day, YYYY-MM-DD (the live page's day); by default 60 days "
        "after the annual meeting",
    )
    args = parser.parse_args()

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group
    from django.db import transaction

    from competitions.models import Competition, Lineup, Match, Membership, Season
    from scoring.models import Hand
    from tarokk_admin.core.roles import Role

    season = Season.objects.get(year=args.year)
    referee_group, _ = Group.objects.get_or_create(name=Role.REFEREE.value)
    # The season's free games (one per season): made here when there are none yet.
    competition, _ = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.FREE,
        defaults={"name": "Load test (referees)"},
    )
    teams = list(
        Membership.objects.filter(season=season, role=Membership.Role.DRIVER)
        .order_by("team_id")
        .values_list("team_id", flat=True)[: 2 * REFEREES]
    )
    out = []
    with transaction.atomic():
        for n in range(1, REFEREES + 1):
            user, _ = get_user_model().objects.get_or_create(
                username=f"bench-referee-{n}"
            )
            user.set_password(args.password)
            user.save()
            user.groups.add(referee_group)
            team_a, team_b = teams[2 * n - 2], teams[2 * n - 1]
            match = Match.objects.filter(competition=competition, referee=user).first()
            if match is None:
                match = Match(competition=competition, referee=user)
            match.team_a_id, match.team_b_id = team_a, team_b
            match.first_attack_id = team_a
            match.date = args.date or season.annual_meeting + dt.timedelta(days=60)
            match.venue = "Load test"
            match.public = True
            match.status = Match.Status.IN_PLAY
            match.save()
            Hand.objects.filter(match=match).delete()
            for team in (team_a, team_b):
                roles = dict(
                    Membership.objects.filter(season=season, team_id=team).values_list(
                        "role", "player_id"
                    )
                )
                Lineup.objects.update_or_create(
                    match=match,
                    team_id=team,
                    defaults={
                        "driver_id": roles[Membership.Role.DRIVER],
                        "catcher_id": roles[Membership.Role.CATCHER],
                    },
                )
            out.append({"username": user.username, "match": match.pk})
    json.dump(out, sys.stdout)
    print()


if __name__ == "__main__":
    main()
