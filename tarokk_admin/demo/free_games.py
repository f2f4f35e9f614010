"""The demo free games (R15): two Royal free games (matches of the season's ``free``
competition, scored by the engine) and two variant games (Emperor Tarokk,
Illustrated Tarokk) whose per-team points an official entered; the variant points
leave one clear winner of the yearly free-games table whatever the Royal hands score.
"""

from __future__ import annotations

import datetime as dt
import random

from competitions.models import VariantGame
from competitions.services.free_games import free_games_competition, variant_game_record
from competitions.services.matches import match_create
from tarokk_admin.demo.common import (
    demo_day,
    demo_match_play,
    demo_season,
    demo_teams,
    demo_user,
)

# Royal free games: (team position, team position, month, day).
ROYAL_FREE_GAMES = ((10, 11, 6, 6), (13, 16, 6, 20))


# Variant games: (variant, event, month, day, ((team position, points), ...)).
# Position 10 ends with 380 variant points, the others with 200 at most: a Royal free
# game (about 80-120 match points, R11) cannot close the gap, so the year has one
# winner.
VARIANT_GAMES = (
    (
        VariantGame.Variant.EMPEROR,
        "Nyári tarokktábor",
        7,
        11,
        ((10, 220), (13, 120), (16, 90), (19, 60)),
    ),
    (
        VariantGame.Variant.ILLUSTRATED,
        "Őszi klubnap",
        8,
        22,
        ((10, 160), (16, 110), (22, 70)),
    ),
)


def demo_free_games_seed() -> list[str]:
    """Two Royal free games and two variant games of the season (R15). Runs once per
    season (when its free-games competition has no games yet)."""
    season = demo_season()
    competition = free_games_competition(season)
    if competition.matches.exists() or competition.variant_games.exists():
        return []
    official, referee = demo_user("official"), demo_user("referee")
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
    for variant, event, month, day, scores in VARIANT_GAMES:
        teams = demo_teams(season, tuple(position for position, _ in scores))
        variant_game_record(
            season=season,
            variant=variant,
            date=demo_day(season, dt.date(season.year, month, day)),
            scores=[
                (team, points) for team, (_, points) in zip(teams, scores, strict=True)
            ],
            user=official,
            event=event,
        )
    return [
        f"Demo free games {season.year}: {len(ROYAL_FREE_GAMES)} Royal free games "
        f"and {len(VARIANT_GAMES)} variant games (Emperor, Illustrated)."
    ]
