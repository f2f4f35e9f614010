"""The cup's draw and its rounds' deadlines (R15)."""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from competitions.errors import ERRORS
from competitions.models import Competition, CupRound, CupTie, Team
from competitions.rules import bracket
from competitions.selectors.cup import active_registrations, cup_entrants, cup_is_drawn
from competitions.services.cup.registration import _check_cup, cup_ensure
from tarokk_admin.core.l10n import human_date


@transaction.atomic
def cup_draw(
    *,
    cup: Competition,
    user: Any,
    seed: int | None = None,
    order: Sequence[Team] | None = None,
) -> list[CupTie]:
    """R15: draw the bracket at random (its seed recorded) or, with ``order``, as an
    official placed it; create the 8 last-16 ties and the 7 later ties' rows. The
    16 teams are the first registered (not withdrawn); reserves are not drawn."""
    _check_cup(cup)
    cup = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("season")
        .get(pk=cup.pk)
    )
    if cup_is_drawn(cup):
        ERRORS.refuse("cup_drawn", year=cup.season.year)
    teams = {r.team.name: r.team for r in cup_entrants(cup)}
    if len(teams) != bracket.CUP_TEAMS:
        ERRORS.refuse("cup_draw_count", n=bracket.CUP_TEAMS, count=len(teams))
    if order is not None:
        names = [team.name for team in order]
        strangers = [name for name in names if name not in teams]
        if strangers:
            reserve = active_registrations(cup).filter(team__name=strangers[0])
            if reserve.exists():
                ERRORS.refuse("cup_draw_reserve", team=strangers[0])
            ERRORS.refuse("cup_not_registered", team=strangers[0])
        if len(set(names)) != bracket.CUP_TEAMS:
            ERRORS.refuse("cup_draw_place_once", n=bracket.CUP_TEAMS)
        pairs = bracket.placed(names)
        cup.draw_seed, cup.draw_placed_by = None, user
    else:
        seed = secrets.randbits(48) if seed is None else seed
        pairs = bracket.draw(list(teams), seed)
        cup.draw_seed, cup.draw_placed_by = seed, None
    cup.save(update_fields=["draw_seed", "draw_placed_by"])
    cup_ensure(season=cup.season)
    CupTie.objects.filter(competition=cup).delete()
    ties = [
        CupTie(
            competition=cup,
            round=r,
            slot=s,
            team_a=teams[pairs[s - 1][0]] if r == 1 else None,
            team_b=teams[pairs[s - 1][1]] if r == 1 else None,
        )
        for r, s in bracket.positions()
    ]
    return CupTie.objects.bulk_create(ties)


def cup_round_deadline_set(
    *, cup: Competition, number: int, deadline: dt.date
) -> CupRound:
    """Set a round's deadline; the rounds stay in order within the season (R15)."""
    _check_cup(cup)
    if deadline.year != cup.season.year:
        ERRORS.refuse(
            "cup_deadline_outside_season",
            field="deadline",
            date=human_date(deadline),
            year=cup.season.year,
        )
    cup_ensure(season=cup.season)
    rounds = {r.number: r for r in cup.cup_rounds.all()}
    before, after = rounds.get(number - 1), rounds.get(number + 1)
    if (before and deadline <= before.deadline) or (
        after and deadline >= after.deadline
    ):
        ERRORS.refuse("cup_deadlines_out_of_order", field="deadline")
    this = rounds[number]
    this.deadline = deadline
    this.save(update_fields=["deadline"])
    return this
