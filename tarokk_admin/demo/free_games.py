"""The demo free games (R15): two Royal free games (matches of the season's ``free``
competition, scored by the engine) and variant sittings of every kind — Emperor,
Illustrated and High Tarokk, a Royal variant, a training and a test game — recorded
by players from their own accounts and confirmed by a table-mate or an official,
with a trophy entered against an Emperor sitting (R14). Two sittings still await
confirmation, so the demo players have something to do:

- ``player`` (linked to a demo player) records most sittings; one recorded by
  ``tablemate`` waits for ``player``'s confirmation, and one of ``player``'s waits
  for ``tablemate``;
- ``newcomer`` has claimed a federation record; the official's desk shows the claim.

All through the services, idempotent: each piece runs once per season.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from django.contrib.auth import get_user_model

from competitions.models import Player, PlayerClaim, Variant, VariantSitting
from competitions.services.claims import player_account_link, player_claim_make
from competitions.services.free_games import free_games_competition
from competitions.services.matches import match_create
from competitions.services.sittings import sitting_confirm, sitting_record
from tarokk_admin.demo.accounts import DEMO_PASSWORD, demo_email
from tarokk_admin.demo.common import (
    demo_day,
    demo_match_play,
    demo_season,
    demo_teams,
    demo_user,
)
from trophies.services.awards import trophy_variant_enter

# Royal free games: (team position, team position, month, day).
ROYAL_FREE_GAMES = ((10, 11, 6, 6), (13, 16, 6, 20))

# Player accounts: (username, first name, last name, federation number).
PLAYER_ACCOUNTS = (
    ("player", "Pál", "Player", "H10004"),
    ("tablemate", "Tamás", "Tablemate", "H10007"),
)
NEWCOMER = ("newcomer", "Nóra", "Newcomer", "H10012")

# Sittings: (variant, name, event, month, day, recorder, confirmer,
# ((federation number, points), ...)); confirmer None: awaiting confirmation.
SITTINGS: tuple[tuple[Any, ...], ...] = (
    (Variant.EMPEROR, "", "Nyári tarokktábor", 7, 11, "player", "tablemate",
     (("H10004", 220), ("H10007", 120), ("H10010", -90), ("H10015", -250))),
    (Variant.EMPEROR, "", "Nyári tarokktábor", 7, 12, "player", "official",
     (("H10004", -60), ("H10010", 180), ("H10015", 40), ("H10020", -160))),
    (Variant.EMPEROR, "", "Őszi klubnap", 9, 19, "tablemate", "official",
     (("H10007", 140), ("H10020", 30), ("H10025", -170))),
    (Variant.ILLUSTRATED, "", "Őszi klubnap", 8, 22, "player", "tablemate",
     (("H10004", 160), ("H10007", 110), ("H10022", 70), ("H10030", 40))),
    (Variant.ILLUSTRATED, "", "", 10, 3, "tablemate", "player",
     (("H10007", 95), ("H10004", 95), ("H10033", 60))),
    (Variant.HIGH, "", "Kisfaludy-est", 5, 30, "player", "official",
     (("H10004", 12), ("H10001", 18), ("H10002", 7), ("H10036", 3), ("H10040", 0))),
    (Variant.ROYAL_VARIANT, "Hármas királyi", "Kisfaludy-est", 5, 30, "player",
     "official", (("H10004", 310), ("H10001", 280), ("H10002", 240))),
    (Variant.TRAINING, "Kezdők edzése", "", 4, 14, "player", "official",
     (("H10004", 5), ("H10044", 9), ("H10045", 2), ("H10046", 4))),
    (Variant.TEST, "Új ütésszabály próbája", "", 3, 8, "player", "official",
     (("H10004", 42), ("H10007", 38), ("H10048", 51))),
    (Variant.EMPEROR, "", "Téli klubnap", 11, 28, "tablemate", None,
     (("H10007", 80), ("H10004", -20), ("H10050", -60))),
    (Variant.HIGH, "", "", 11, 29, "player", None,
     (("H10004", 9), ("H10007", 14), ("H10052", 11))),
)  # fmt: skip


def _account(username: str, first: str, last: str) -> tuple[Any, bool]:
    user, created = get_user_model().objects.get_or_create(
        username=username,
        defaults={
            "first_name": first,
            "last_name": last,
            "email": demo_email(username),
        },
    )
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user, created


def demo_player_accounts() -> list[str]:
    """``player`` and ``tablemate`` linked to their federation records by the
    official; ``newcomer`` with a claim waiting for an official."""
    official = demo_user("official")
    lines = []
    for username, first, last, number in PLAYER_ACCOUNTS:
        user, created = _account(username, first, last)
        player = Player.objects.get(federation_number=number)
        if player.user_id is None:
            player_account_link(player=player, username=username, user=official)
        if created:
            lines.append(
                f"  {'Player':<13} username {username:<9} password {DEMO_PASSWORD} "
                f"({player.name})"
            )
    username, first, last, number = NEWCOMER
    user, created = _account(username, first, last)
    if created:
        lines.append(
            f"  {'(a claim)':<13} username {username:<9} password {DEMO_PASSWORD}"
        )
    if not PlayerClaim.objects.filter(user=user).exists():
        player_claim_make(
            user=user, player=Player.objects.get(federation_number=number)
        )
    return lines


def _royal_free_games(season: Any) -> int:
    competition = free_games_competition(season)
    if competition.matches.exists():
        return 0
    referee = demo_user("referee")
    rng = random.Random(f"tarokk-demo-free-games-{season.year}")
    for a, b, month, day in ROYAL_FREE_GAMES:
        team_a, team_b = demo_teams(season, (a, b))
        match = match_create(
            competition=competition,
            team_a=team_a,
            team_b=team_b,
            date=demo_day(season, dt.date(season.year, month, day)),
            time=dt.time(16, 0),
            venue=team_a.club,
            referee=referee,
        )
        demo_match_play(match, referee, rng)
    return len(ROYAL_FREE_GAMES)


def _sittings(season: Any) -> int:
    if VariantSitting.objects.filter(season=season, carried=False).exists():
        return 0
    numbers = {n for row in SITTINGS for n, _points in row[7]}
    players = {
        p.federation_number: p
        for p in Player.objects.filter(federation_number__in=numbers)
    }
    created = []
    for variant, name, event, month, day, recorder, confirmer, results in SITTINGS:
        sitting = sitting_record(
            user=demo_user(recorder),
            date=demo_day(season, dt.date(season.year, month, day)),
            variant=variant,
            name=name,
            event=event,
            results=[(players[number], points) for number, points in results],
        )
        if confirmer is not None:
            sitting_confirm(sitting=sitting, user=demo_user(confirmer))
        created.append(sitting)
    trophy_variant_enter(
        sitting=created[0],
        feast="golgotha",
        jury_note="A zsűri az asztalnál megerősítette.",
        player=players["H10004"],
        partner=players["H10007"],
        user=demo_user("official"),
    )
    return len(created)


def demo_free_games_seed() -> list[str]:
    """The season's Royal free games and variant sittings (R15), once per season."""
    season = demo_season()
    lines = demo_player_accounts()
    if lines:
        lines.insert(0, "Demo player logins (created now; shown only this once):")
    royal, sittings = _royal_free_games(season), _sittings(season)
    if royal or sittings:
        lines.append(
            f"Demo free games {season.year}: {royal} Royal free games and "
            f"{sittings} variant sittings (every variant, two awaiting confirmation)."
        )
    return lines
