"""A small season built by hand for the statistics tests.

Three teams of the 2026 championship; every hand is a score sheet written out here,
so every statistic can be worked out on paper. The default facts (tests'
``sheets.hand``): attack 12 trumps, one Honour, XVI and XVIII → consolation 50 + 20
+ 5 = 75; defence 10 trumps, one Honour, XVII → 60 + 20 + 5 + 5 + 20 = 110, capped
at 90 (R5).

Kisfaludy (driver Anna, catcher Ákos) – Dunakeszi (driver Béla, catcher Bori),
first attack Kisfaludy (R3: Kisfaludy attacks in hands 1, 3, 5, 7):

====  =======  ===========================================  ==========  =========
hand  attack   what happened                                Kisfaludy   Dunakeszi
====  =======  ===========================================  ==========  =========
1     K        cash made by Anna, contra by Bori (R8: −20)  75+20 = 95  90−20 = 70
2     D        pheasant on I failed by Ákos (defence)       90−20 = 70  75
3     K        silent four kings for the attack (R7)        75+20 = 95  90
4     D        flush by Bori (message, +10)                 90          75+10 = 85
5     K        mond capture made by Ákos (R10: limit 120)   120         90
6     D        nothing                                      90          75
7     K        play made by Anna, contra by Ákos (partner,  75+10+10    90
                                                            = 95
                R8: +10)
8     D        cash failed by Béla, contra by Anna (+20)    90+20 →100  75−20 = 55
====  =======  ===========================================  ==========  =========

Totals 755 and 630: match points 94 and 78 (R11).

Kisfaludy – Gödöllő (driver Csaba, catcher Cili on the roster, the substitute
Dénes plays catcher), first attack Gödöllő (attacks in hands 1, 3, 5, 7):

====  =======  ===========================================  ==========  =========
hand  attack   what happened                                Kisfaludy   Gödöllő
====  =======  ===========================================  ==========  =========
1     G        nothing                                      90          75
2     K        honour made by Ákos (+1)                     76          90
3     G        heads failed by Dénes, contra by Anna (+2)   92          75−2 = 73
4     K        nothing                                      75          90
5     G        silent lie in wait for the defence (+15)     105 → 100   75
6     K        nothing                                      75          90
7     G        birds by Csaba (message, 0)                  90          75
8     K        nothing                                      75          90
====  =======  ===========================================  ==========  =========

Totals 673 and 658: match points 84 and 82.

A third match, Dunakeszi – Gödöllő, is in play with two hands: it does not count.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from competitions.models import Lineup, Match, Membership, Player, Season, Team
from competitions.services.matches import match_complete
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
)
from tests.scoring.kit import ann, hand

DAY = dt.date(2026, 3, 14)


@dataclass
class Kit:
    season: Season
    teams: dict[str, Team]
    players: dict[str, Player]
    matches: list[Match]
    referee: Any
    official: Any


MATCH_1 = [
    hand(ann("cash", "attack", "driver", contra=("defence", "catcher"))),
    hand(ann("pheasant", "defence", "catcher", made=False, cards=["I"])),
    hand(silent_attack=("four_kings",)),
    hand(ann("flush", "attack", "catcher")),
    hand(ann("mond_capture", "attack", "catcher")),
    hand(),
    hand(ann("play", "attack", "driver", contra=("attack", "catcher"))),
    hand(ann("cash", "attack", "driver", made=False, contra=("defence", "driver"))),
]
MATCH_2 = [
    hand(),
    hand(ann("honour", "attack", "catcher")),
    hand(ann("heads", "attack", "catcher", made=False, contra=("defence", "driver"))),
    hand(),
    hand(silent_defence=("lie_in_wait",)),
    hand(),
    hand(ann("birds", "attack", "driver")),
    hand(),
]


def _team(season: Season, name: str, people: dict[str, str]) -> Team:
    team = TeamFactory(name=name)
    for role, person in people.items():
        MembershipFactory(
            season=season, team=team, role=role, player=PlayerFactory(name=person)
        )
    return team


def _match(kit: Kit, a: str, b: str, first: str, catcher_b: str | None = None):
    competition = CompetitionFactory(season=kit.season)
    match = Match.objects.create(
        competition=competition,
        team_a=kit.teams[a],
        team_b=kit.teams[b],
        date=DAY,
        venue="Budapest",
        referee=kit.referee,
        first_attack=kit.teams[first],
    )
    for key in (a, b):
        team = kit.teams[key]
        roles = {m.role: m.player for m in Membership.objects.filter(team=team)}
        catcher = roles["catcher"]
        if key == b and catcher_b:
            catcher = kit.players[catcher_b]
        Lineup.objects.create(
            match=match, team=team, driver=roles["driver"], catcher=catcher
        )
    return match


def build_season() -> Kit:
    """The season above, through the services; run it inside
    ``django_capture_on_commit_callbacks(execute=True)`` so that the follow-up task
    (trophies, standings, statistics) runs after each completion."""
    season = SeasonFactory(year=2026)
    teams = {
        "K": _team(season, "Kisfaludy", {"driver": "Anna", "catcher": "Ákos"}),
        "D": _team(season, "Dunakeszi", {"driver": "Béla", "catcher": "Bori"}),
        "G": _team(
            season,
            "Gödöllő",
            {"driver": "Csaba", "catcher": "Cili", "substitute": "Dénes"},
        ),
    }
    players = {p.name: p for p in Player.objects.all()}
    kit = Kit(
        season,
        teams,
        players,
        [],
        UserFactory(roles=[Role.REFEREE]),
        UserFactory(roles=[Role.OFFICIAL]),
    )
    for (a, b, first, sub), records in (
        (("K", "D", "K", None), MATCH_1),
        (("K", "G", "G", "Dénes"), MATCH_2),
    ):
        match = _match(kit, a, b, first, sub)
        for number, record in enumerate(records, start=1):
            hand_save(match=match, number=number, record=record, user=kit.referee)
        kit.matches.append(match_complete(match=match, user=kit.official))
    in_play = _match(kit, "D", "G", "D")
    for number in (1, 2):
        hand_save(match=in_play, number=number, record=hand(), user=kit.referee)
    kit.matches.append(in_play)
    return kit
