"""The journeys' federation: a scheduled match with its referee, the teams' rosters,
a captain and a driver with an account (for the acceptance at the table); and the
match read back as stored.

Called in the test's own process (the live server shares its database) or, for a
server of its own (the production settings), as a command run with that server's
settings and database: ``python -m tests.journeys.seeding seed`` prints the ids as
JSON, ``python -m tests.journeys.seeding read MATCH`` the match as stored.
"""

from __future__ import annotations

import json
import sys
from typing import Any

PASSWORD = "secret-pass"  # tests.factories.UserFactory's
REFEREE, CAPTAIN, DRIVER = "jatekvezeto", "kapitany", "tothcsaba"
TEAMS = {
    "a": ("Kisfaludy Kör", {"driver": "Kiss Anna", "catcher": "Nagy Béla"}),
    "b": (
        "Dunakeszi Pagát",
        {"driver": "Tóth Csaba", "catcher": "Szabó Dóra", "substitute": "Gál Gergő"},
    ),
}


def journey_match() -> dict[str, Any]:
    """Create the federation the journey needs; return the ids it uses."""
    from django.contrib.auth.models import Group

    from competitions.models import Membership
    from tarokk_admin.core.roles import Role
    from tests.factories import (
        CompetitionFactory,
        MatchFactory,
        MembershipFactory,
        PlayerFactory,
        SeasonFactory,
        TeamFactory,
        UserFactory,
        captain_of,
    )

    for role in Role:
        Group.objects.get_or_create(name=role.value)
    referee = UserFactory(username=REFEREE, roles=[Role.REFEREE])
    season = SeasonFactory()
    teams, players = {}, {}
    for key, (name, roster) in TEAMS.items():
        team = teams[key] = TeamFactory(name=name)
        for role, player in roster.items():
            players[player] = MembershipFactory(
                season=season,
                team=team,
                role=Membership.Role(role),
                player=PlayerFactory(name=player),
            ).player
    captain = UserFactory(username=CAPTAIN, roles=[Role.TEAM_CAPTAIN])
    captain_of(teams["a"], season, captain)
    driver = players["Tóth Csaba"]
    driver.user = UserFactory(username=DRIVER)
    driver.save()
    match = MatchFactory(
        competition=CompetitionFactory(season=season),
        team_a=teams["a"],
        team_b=teams["b"],
        referee=referee,
    )
    return {
        "match": match.pk,
        "team_a": teams["a"].pk,
        "team_b": teams["b"].pk,
        "players": {name: player.pk for name, player in players.items()},
    }


def stored_match(pk: int) -> dict[str, Any]:
    """The match as stored: each hand's record, scores and version; each team's
    result and acceptance; the line-ups and the cut (JSON values only)."""
    from competitions.models import Match

    match = Match.objects.select_related("team_a", "team_b", "first_attack").get(pk=pk)
    return {
        "status": match.status,
        "first_attack": match.first_attack.name if match.first_attack else None,
        "lineups": {
            lineup.team.name: [lineup.driver.name, lineup.catcher.name]
            for lineup in match.lineups.select_related("team", "driver", "catcher")
        },
        "hands": {
            str(hand.number): {
                "record": hand.record,
                "attack_team": hand.attack_team.name,
                "scores": [hand.attack_score, hand.defence_score],
                "version": hand.version,
            }
            for hand in match.hands.select_related("attack_team").order_by("number")
        },
        "results": {
            result.team.name: {
                "total": result.total,
                "points": result.points,
                "answer": result.answer,
                "by": result.answered_by.get_username() if result.answered_by else "",
            }
            for result in match.results.select_related("team", "answered_by")
        },
    }


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv[:1] == ["seed"]:
        print(json.dumps(journey_match()))
    elif argv[:1] == ["read"] and len(argv) == 2:
        print(json.dumps(stored_match(int(argv[1]))))
    else:
        sys.exit("usage: python -m tests.journeys.seeding seed | read MATCH")


if __name__ == "__main__":
    main(sys.argv[1:])
