"""Free games (R15): the season's free-games competition (Royal free games are its
matches, entered by a referee and scored by the engine) and closing a year's free
games, which names each table's winner. Variant sittings: ``sittings.py``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    FreeGamesClosing,
    FreeGamesWinner,
    Season,
    VariantSitting,
)
from competitions.selectors.free_games import free_games_tables
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words


def free_games_competition(season: Season) -> Competition:
    """The season's one free-games competition, created on first use."""
    competition, _created = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.FREE,
        defaults={"name": str(Competition.Kind.FREE.label)},
    )
    return competition


@transaction.atomic
def free_games_close(
    *, season: Season, user: Any, today: dt.date | None = None
) -> FreeGamesClosing:
    """Close the season's free games when the year is over (R15): each table's
    first (all of them on a shared first rank) is named its winner and stays named.
    Refused while a sitting of the year awaits confirmation."""
    official_check(user, ERRORS.error("not_an_official__free_games"))
    season = Season.objects.select_for_update().get(pk=season.pk)
    if FreeGamesClosing.objects.filter(season=season).exists():
        ERRORS.refuse("closed__free_games", year=season.year)
    today = today or timezone.localdate()
    if today.year <= season.year:
        ERRORS.refuse("year_not_over", year=season.year, next=season.year + 1)
    pending = VariantSitting.objects.filter(
        season=season, status=VariantSitting.Status.PENDING
    ).count()
    if pending:
        ERRORS.refuse("pending_sittings", n=pending, year=season.year)
    closing = FreeGamesClosing(season=season, closed_at=timezone.now(), closed_by=user)
    history_mark(closing, user, app_words(gettext_noop("closed")))
    closing.save()
    FreeGamesWinner.objects.bulk_create(
        FreeGamesWinner(
            closing=closing,
            table=table.key,
            title=table.title,
            player_id=row.id if row.entrant == "player" else None,
            team_id=row.id if row.entrant == "team" else None,
            name=row.name,
            points=row.points,
        )
        for table in free_games_tables(season=season)
        for row in table.leaders
    )
    return closing


@transaction.atomic
def free_games_reopen(*, season: Season, user: Any, reason: str) -> None:
    """Reopen a closed year (an official, with a reason): its winners are no longer
    named and its sittings may change again; the history keeps the closing."""
    official_check(user, ERRORS.error("not_an_official__free_games"))
    closing = FreeGamesClosing.objects.select_for_update().filter(season=season).first()
    if closing is None:
        ERRORS.refuse("not_closed__free_games", year=season.year)
    if not reason.strip():
        ERRORS.refuse("reason__free_games_reopen", field="reason")
    history_mark(closing, user, reason.strip())
    closing.delete()
