"""Free games (R15): training, variant and test games. Royal free games are ordinary
matches of the season's ``free`` competition, entered by a referee and scored by the
engine; a variant game (Emperor, Illustrated, High Tarokk, Royal variants) has no Royal
hands: an official enters each team's points."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.models import Competition, Season, Team, VariantGame, VariantScore
from tarokk_admin.core.errors import ServiceError

POINTS_LIMIT = 100_000


def free_games_competition(season: Season) -> Competition:
    """The season's one free-games competition, created on first use."""
    competition, _created = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.FREE,
        defaults={"name": str(Competition.Kind.FREE.label)},
    )
    return competition


@transaction.atomic
def variant_game_record(
    *,
    season: Season,
    variant: str,
    date: dt.date,
    scores: Sequence[tuple[Team, int]],
    user: Any,
    event: str = "",
) -> VariantGame:
    """Store a variant game with its per-team points; all or nothing."""
    if variant not in VariantGame.Variant.values:
        raise ServiceError(
            _("Unknown variant %(variant)s.") % {"variant": variant}, field="variant"
        )
    if date.year != season.year:
        raise ServiceError(
            _("The game's date %(date)s is outside the %(year)s season.")
            % {"date": date.isoformat(), "year": season.year},
            field="date",
        )
    if len(scores) < 2:
        raise ServiceError(_("Enter the points of at least two teams."), field="scores")
    seen: set[int] = set()
    for team, points in scores:
        if team.pk in seen:
            raise ServiceError(
                _("%(team)s is entered twice.") % {"team": team.name}, field="scores"
            )
        seen.add(team.pk)
        if abs(points) > POINTS_LIMIT:
            raise ServiceError(
                _("%(points)s points for %(team)s is not a plausible score.")
                % {"points": points, "team": team.name},
                field="scores",
            )
    game = VariantGame.objects.create(
        competition=free_games_competition(season),
        variant=variant,
        date=date,
        event=event.strip(),
        entered_by=user,
    )
    VariantScore.objects.bulk_create(
        VariantScore(game=game, team=team, points=points) for team, points in scores
    )
    return game
