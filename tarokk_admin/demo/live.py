"""A live event day for ``seed_demo``: "Téli Grand Prix" played today.

Eight demo teams; round 1 was played this morning (completed), round 2 is in play now
with a few hands entered in each match, refereed by the demo ``referee`` — so the
live page ``/live/<today>/`` has running totals and standings to show, and saving a
hand as ``referee`` shows on it within seconds. On a day outside the demo season
(January) the event is played on the season's last day instead.

Everything goes through the services; deterministic (a seeded generator per season).
"""

from __future__ import annotations

import datetime as dt
import random

from django.utils import timezone

from competitions.models import Competition
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
)
from competitions.services.matches import match_referee_set
from tarokk_admin.demo.common import (
    demo_hands_play,
    demo_lineups,
    demo_match_play,
    demo_season,
    demo_teams,
    demo_user,
)

LIVE_NAME = "Téli Grand Prix"
LIVE_TEAMS = (2, 3, 5, 7, 8, 11, 14, 17)  # positions in DEMO_TEAMS
LIVE_HANDS = (2, 4, 5, 7)  # hands entered so far in round 2's matches


def demo_live_day() -> dt.date:
    """Today, or the demo season's last day when today is outside it."""
    return min(timezone.localdate(), dt.date(demo_season().year, 12, 31))


def demo_live_seed() -> list[str]:
    """Runs once per season (when the event does not exist yet)."""
    season = demo_season()
    if Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=LIVE_NAME
    ).exists():
        return []
    day = demo_live_day()
    official, referee = demo_user("official"), demo_user("referee")
    teams = demo_teams(season, LIVE_TEAMS)
    event = grand_prix_create(season=season, name=LIVE_NAME, starts=day, ends=day)
    grand_prix_entries_set(competition=event, teams=teams)
    rng = random.Random(f"tarokk-demo-live-{season.year}")
    venue = teams[0].club
    for match in grand_prix_round_generate(competition=event, date=day, venue=venue):
        demo_match_play(match, official, rng)
    in_play = grand_prix_round_generate(competition=event, date=day, venue=venue)
    for match, hands in zip(in_play, LIVE_HANDS, strict=True):
        match_referee_set(match=match, referee=referee)
        demo_lineups(match, rng, substitutes=False)
        demo_hands_play(match, referee, rng, hands, first=rng.choice(match.teams))
    return [
        f"Demo live day {day.isoformat()}: {LIVE_NAME!r}, round 1 completed and "
        f"round 2 in play for 'referee' — open /live/{day.isoformat()}/."
    ]
