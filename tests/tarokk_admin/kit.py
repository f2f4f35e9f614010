"""The wiring tests' kit: a small federation with something on every public page
(a drawn cup, championship results, a match played hand by hand with a trophy, a
Grand Prix, a variant-game trophy), and the addresses of those pages."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone

from competitions.models import Competition, CupRegistration, Match, Team
from competitions.services.matches import match_complete
from scoring.services.hands import hand_save
from tarokk_admin.core.background import followups_deliver_due
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, drawn_cup
from tests.factories import (
    CompetitionFactory,
    PlayerFactory,
    UserFactory,
    ready_match,
    sheet,
)
from tests.trophies.kit import awards_for

YEAR = 2026
# Seeds of tests.factories.sheet whose hands make a trophy (a Manille), then plain
# ones: eight hands of a match.
TROPHY_SEEDS = (115, 125, 157, 1, 2, 3, 4, 5)
PLAIN_SEEDS = tuple(range(1, 9))


def followups_deliver_all() -> int:
    """Deliver every pending follow-up now, as the worker would (in a test's
    transaction the commit's own delivery never comes)."""
    delivered = 0
    while True:
        done, taken = followups_deliver_due(now=timezone.now() + dt.timedelta(days=1))
        delivered += done
        if done == 0 or taken == 0:
            return delivered


def play_match(match: Match, seeds=PLAIN_SEEDS, *, complete: bool = True) -> Match:
    """Enter the hands through the services, complete the match, deliver its
    follow-up (trophies, cup, standings)."""
    for number, seed in enumerate(seeds, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=match.referee)
    if complete:
        match_complete(match=match, user=UserFactory(roles=[Role.OFFICIAL]))
        followups_deliver_all()
    match.refresh_from_db()
    return match


@dataclass
class Federation:
    champ: Competition
    cup: Competition
    gp: Competition
    teams: list[Team]
    played: Match
    trophy_player_id: int

    def pages(self) -> list[str]:
        """Every public page and API answer the cache or the cached tables serve."""
        gp, played = self.gp.pk, self.played.pk
        return [
            "/",
            f"/championship/{YEAR}/",
            f"/championship/{YEAR}/?sort=-score",
            f"/teams/{self.teams[0].pk}/?season={YEAR}",
            f"/teams/{self.teams[3].pk}/",
            f"/matches/{played}/",
            "/trophies/",
            "/trophies/?q=kovacs",
            f"/players/{self.trophy_player_id}/",
            f"/grand-prix/{gp}/",
            f"/cup/{YEAR}/",
            f"/api/championship/{YEAR}/",
            f"/api/grand-prix/{gp}/",
            f"/api/cup/{YEAR}/",
            "/api/trophy-list/",
        ]


def federation() -> Federation:
    cup = drawn_cup(year=YEAR)
    season = cup.season
    teams = [
        registration.team
        for registration in CupRegistration.objects.filter(competition=cup)
        .select_related("team")
        .order_by("pk")
    ]
    champ = CompetitionFactory(season=season)
    completed(champ, teams[0], teams[1], 71, 29, day=1)
    completed(champ, teams[2], teams[3], 60, 40, day=2)
    played = play_match(
        ready_match(
            competition=champ,
            team_a=teams[0],
            team_b=teams[3],
            date=dt.date(YEAR, 3, 3),
        ),
        TROPHY_SEEDS,
    )
    gp = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Grand Prix Eger"
    )
    completed(gp, teams[4], teams[5], 50, 60, day=4)
    player = PlayerFactory(name="Kovács Éva")
    awards_for(player, "royal")
    return Federation(champ, cup, gp, teams, played, player.pk)
