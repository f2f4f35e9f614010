"""The starting federations of the journeys beyond the referee, built the way
``seeding.py`` builds the referee's (factories and the services, in the test's own
process: the live server shares its database); everything after this is done
through the pages.

- :func:`completed_match`: the referee's journey federation with its match played
  (the 8 hands of ``plan.HANDS``) and completed, and an official's account: the
  captain's dispute journey starts there.
- :func:`free_games_table`: four federation players, two of them with accounts
  (``player`` and ``tablemate`` as in the demo), and an official: the player's
  sitting journey starts there.
- :func:`demo_federation`: ``manage.py seed_demo`` itself: the official's season
  journey works with the demo's accounts.
"""

from __future__ import annotations

from typing import Any

from tests.journeys.plan import HANDS, expected_record
from tests.journeys.seeding import PASSWORD, REFEREE, journey_match

OFFICIAL = "tisztviselo"
OFFICIAL_NAME = "Tisztes Olga"  # as pages name the account (family name first)
PLAYER, TABLEMATE = "player", "tablemate"  # the demo's usernames
DEMO_PASSWORD = "tarokk-demo"
LINEUPS = {"team_a": ("Kiss Anna", "Nagy Béla"), "team_b": ("Tóth Csaba", "Gál Gergő")}
TABLE = {
    PLAYER: "Szabó Edit",
    TABLEMATE: "Kiss Dóra",
    "": "Varga Eszter",  # no account
    " ": "Horváth Miklós",  # no account
}

__all__ = [
    "DEMO_PASSWORD",
    "OFFICIAL",
    "OFFICIAL_NAME",
    "PASSWORD",
    "PLAYER",
    "TABLEMATE",
]


def _official() -> Any:
    from tarokk_admin.core.roles import Role
    from tests.factories import UserFactory

    return UserFactory(
        username=OFFICIAL, first_name="Olga", last_name="Tisztes", roles=[Role.OFFICIAL]
    )


def completed_match() -> dict[str, Any]:
    """The referee's journey match, played as ``plan.HANDS`` (team B attacks
    first, R3) and completed by its referee; an official to resolve disputes."""
    from django.contrib.auth import get_user_model

    from competitions.models import Match, Player, Team
    from competitions.services.lineups import lineup_set
    from competitions.services.matches import match_complete, match_cut_set
    from scoring.services.hands import hand_save

    ids = journey_match()
    match = Match.objects.get(pk=ids["match"])
    referee = get_user_model().objects.get(username=REFEREE)
    for key, (driver, catcher) in LINEUPS.items():
        lineup_set(
            match=match,
            team=Team.objects.get(pk=ids[key]),
            driver=Player.objects.get(name=driver),
            catcher=Player.objects.get(name=catcher),
        )
    match_cut_set(match=match, first_attack=Team.objects.get(pk=ids["team_b"]))
    for number, plan in enumerate(HANDS, start=1):
        hand_save(
            match=match,
            number=number,
            record=expected_record(plan),
            user=referee,
            followup=False,
        )
    match_complete(match=match, user=referee)
    ids["official"] = _official().pk
    return ids


def free_games_table() -> dict[str, Any]:
    """The table of the player's sitting: four players of the federation, two with
    accounts linked to them; an official for the desk."""
    from django.contrib.auth.models import Group

    from tarokk_admin.core.roles import Role
    from tests.factories import PlayerFactory, SeasonFactory, UserFactory

    for role in Role:
        Group.objects.get_or_create(name=role.value)
    SeasonFactory()
    players = {}
    for number, (username, name) in enumerate(TABLE.items(), start=1):
        player = PlayerFactory(name=name, federation_number=f"H2{number:04d}")
        if username.strip():
            player.user = UserFactory(username=username, password=DEMO_PASSWORD)
            player.save()
        players[name] = player.pk
    return {"players": players, "official": _official().pk}


def demo_federation() -> None:
    """The demo (``make run``'s ``seed_demo``): its accounts sign in with
    ``DEMO_PASSWORD``."""
    from django.core.management import call_command

    call_command("seed_demo", verbosity=0)
