"""Seeds a deployment test's database and prints what the test needs as JSON:
``python -m tests.deploy.seed`` (with the test's environment): the federation of the
tests' kit, an official, and a referee with a match of today ready for its line-ups
(R15: public, in a championship of the season)."""

from __future__ import annotations

import json

import django

django.setup()

from django.utils import timezone  # noqa: E402

from competitions.models import Membership  # noqa: E402
from tarokk_admin.core.roles import Role  # noqa: E402
from tests.factories import MatchFactory, UserFactory, roster  # noqa: E402
from tests.tarokk_admin.kit import federation  # noqa: E402

PASSWORD = "secret-pass"  # tests.factories.UserFactory's


def main() -> None:
    world = federation()
    official = UserFactory(username="front-official", roles=[Role.OFFICIAL])
    referee = UserFactory(username="front-referee", roles=[Role.REFEREE])
    match = MatchFactory(
        competition=world.champ, referee=referee, date=timezone.localdate()
    )
    lineups = {}
    for team in match.teams:
        players = roster(team, match.competition.season)
        lineups[team.pk] = {
            "driver": players[Membership.Role.DRIVER].pk,
            "catcher": players[Membership.Role.CATCHER].pk,
        }
    print(
        json.dumps(
            {
                "official": official.username,
                "referee": referee.username,
                "password": PASSWORD,
                "match": match.pk,
                "teams": [match.team_a_id, match.team_b_id],
                "lineups": lineups,
                "day": match.date.isoformat(),
            }
        )
    )


if __name__ == "__main__":
    main()
