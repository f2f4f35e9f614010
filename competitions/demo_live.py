"""A live event day for ``seed_demo`` (issue 16): "Téli Grand Prix" played today.

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

from competitions.demo_grand_prix import _play, _season, _teams, _user
from competitions.models import Competition, Membership
from competitions.services.grand_prix import (
    grand_prix_create,
    grand_prix_entries_set,
    grand_prix_round_generate,
)
from competitions.services.matches import (
    lineup_set,
    match_cut_set,
    match_referee_set,
)

LIVE_NAME = "Téli Grand Prix"
LIVE_TEAMS = (2, 3, 5, 7, 8, 11, 14, 17)  # positions in DEMO_TEAMS
LIVE_HANDS = (2, 4, 5, 7)  # hands entered so far in round 2's matches


def demo_live_day() -> dt.date:
    """Today, or the demo season's last day when today is outside it."""
    season = _season()
    return min(timezone.localdate(), dt.date(season.year, 12, 31))


def demo_live_seed() -> list[str]:
    """Runs once per season (when the event does not exist yet)."""
    from competitions.demo import demo_hand
    from scoring.services import hand_record

    season = _season()
    if Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=LIVE_NAME
    ).exists():
        return []
    day = demo_live_day()
    official, referee = _user("official"), _user("referee")
    teams = _teams(season, LIVE_TEAMS)
    event = grand_prix_create(season=season, name=LIVE_NAME, starts=day, ends=day)
    grand_prix_entries_set(competition=event, teams=teams)
    rng = random.Random(f"tarokk-demo-live-{season.year}")
    venue = teams[0].club
    for match in grand_prix_round_generate(competition=event, date=day, venue=venue):
        _play(match, official, rng)
    in_play = grand_prix_round_generate(competition=event, date=day, venue=venue)
    for match, hands in zip(in_play, LIVE_HANDS, strict=True):
        match_referee_set(match=match, referee=referee)
        for team in match.teams:
            roles = {
                m.role: m.player
                for m in Membership.objects.filter(
                    season=season, team=team
                ).select_related("player")
            }
            lineup_set(
                match=match,
                team=team,
                driver=roles[Membership.Role.DRIVER],
                catcher=roles[Membership.Role.CATCHER],
            )
        match_cut_set(match=match, first_attack=rng.choice(match.teams))
        for number in range(1, hands + 1):
            hand_record(match=match, number=number, record=demo_hand(rng), user=referee)
    return [
        f"Demo live day {day.isoformat()}: {LIVE_NAME!r}, round 1 completed and "
        f"round 2 in play for 'referee' — open /live/{day.isoformat()}/."
    ]
