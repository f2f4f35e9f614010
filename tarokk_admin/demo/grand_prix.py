"""The demo Grand Prix of ``seed_demo`` (R15): "Tavaszi Grand Prix", 8 demo teams
entered, each of its 3 rounds paired by ``grand_prix_round_generate`` (no rematches,
close totals meet) once the round before is completed, every match played with
realistic hands and completed. The event is created marked to count for the Team
Championship, so its 12 matches also appear in the championship table.
"""

from __future__ import annotations

import datetime as dt
import random

from competitions.models import Competition
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
)
from tarokk_admin.demo.common import (
    demo_day,
    demo_match_play,
    demo_season,
    demo_teams,
    demo_user,
)

GRAND_PRIX_NAME = "Tavaszi Grand Prix"


# Positions in DEMO_TEAMS of the 8 entered teams (an even count: no byes, everyone
# plays 3). The demo captain's team (position 0) stays out, so its one pending answer
# remains the latest championship result.
GRAND_PRIX_TEAMS = (1, 4, 6, 9, 12, 15, 18, 21)


GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP = True


# Round -> (month, day): a spring weekend, rounds 1-2 on Saturday, round 3 on Sunday.
GRAND_PRIX_DAYS = {1: (4, 18), 2: (4, 18), 3: (4, 19)}


def demo_grand_prix_seed() -> list[str]:
    """The season's "Tavaszi Grand Prix", its 3 rounds paired and played (R15). Runs
    once per season (when the event does not exist yet)."""
    season = demo_season()
    if Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=GRAND_PRIX_NAME
    ).exists():
        return []
    official = demo_user("official")
    teams = demo_teams(season, GRAND_PRIX_TEAMS)
    days = {
        n: demo_day(season, dt.date(season.year, *month_day))
        for n, month_day in GRAND_PRIX_DAYS.items()
    }
    event = grand_prix_create(
        season=season,
        name=GRAND_PRIX_NAME,
        starts=min(days.values()),
        ends=max(days.values()),
        counts_for_championship=GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP,
    )
    grand_prix_entries_set(competition=event, teams=teams)
    rng = random.Random(f"tarokk-demo-grand-prix-{season.year}")
    played = 0
    for number in sorted(days):
        for match in grand_prix_round_generate(
            competition=event, date=days[number], venue=teams[0].club
        ):
            demo_match_play(match, official, rng)
            played += 1
    counts = (
        "count for the championship"
        if GRAND_PRIX_COUNTS_FOR_CHAMPIONSHIP
        else "do not count for the championship"
    )
    return [
        f"Demo Grand Prix {season.year}: {GRAND_PRIX_NAME!r}, {len(teams)} teams, "
        f"3 rounds, {played} completed matches (they {counts})."
    ]
