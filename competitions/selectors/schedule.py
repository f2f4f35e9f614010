"""Reading the schedule: which teams a competition admits, which matches a team
already has on a day, who may referee, and the officials' filtered schedule."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from competitions.models import (
    Competition,
    CupRegistration,
    GrandPrixEntry,
    Match,
    Membership,
    Season,
)
from competitions.selectors.accounts import account_name
from tarokk_admin.core.collation import hu_sorted
from tarokk_admin.core.roles import Role

# The officials' schedule page and the fixtures file schedule these kinds; a cup
# tie's matches are scheduled from the tie, a Grand Prix's by its pairing.
SCHEDULED_KINDS = (Competition.Kind.CHAMPIONSHIP, Competition.Kind.FREE)


def competition_team_ids(competition: Competition) -> set[int]:
    """R15: the teams entered in the competition. The championship and the free
    games admit every team with a roster in the season; the cup its registered
    teams; a Grand Prix its entries."""
    if competition.kind == Competition.Kind.CUP:
        rows = CupRegistration.objects.filter(
            competition=competition, withdrawn_at__isnull=True
        ).values_list("team_id", flat=True)
    elif competition.kind == Competition.Kind.GRAND_PRIX:
        rows = GrandPrixEntry.objects.filter(competition=competition).values_list(
            "team_id", flat=True
        )
    else:
        rows = Membership.objects.filter(season_id=competition.season_id).values_list(
            "team_id", flat=True
        )
    return set(rows)


def matches_on_day(
    season_id: int, day: dt.date, team_ids: Iterable[int], exclude: Match | None = None
) -> QuerySet[Match]:
    """The season's live (not void) matches of those teams on that day."""
    ids = list(team_ids)
    matches = Match.objects.filter(competition__season_id=season_id, date=day).exclude(
        status=Match.Status.VOID
    )
    matches = matches.filter(Q(team_a_id__in=ids) | Q(team_b_id__in=ids))
    if exclude is not None:
        matches = matches.exclude(pk=exclude.pk)
    return matches


def same_match(
    competition: Competition, day: dt.date, team_a_id: int, team_b_id: int
) -> Match | None:
    """A live match of the competition between those teams (either order) that day."""
    return (
        Match.objects.filter(competition=competition, date=day)
        .exclude(status=Match.Status.VOID)
        .filter(
            Q(team_a_id=team_a_id, team_b_id=team_b_id)
            | Q(team_a_id=team_b_id, team_b_id=team_a_id)
        )
        .first()
    )


def referee_accounts() -> QuerySet[Any]:
    """Active accounts with the Referee role (the Referee group)."""
    return (
        get_user_model()
        .objects.filter(groups__name=Role.REFEREE.value, is_active=True)
        .distinct()
    )


def referees(season: Season | int | None) -> QuerySet[Any]:
    """The one list every referee picker offers and every referee service accepts:
    the season's referee pool (active accounts with the Referee role), by name.
    ``season`` a season or its id; None offers nobody."""
    season_id = getattr(season, "pk", season)
    return (
        referee_accounts()
        .filter(referee_seasons__season_id=season_id)
        .select_related("player")
        .order_by("last_name", "first_name", "username")
    )


def referee_choices(season: Season | int | None) -> list[tuple[int, str]]:
    """The pool as (id, name) in the Hungarian order of the names shown."""
    return hu_sorted(
        [(user.pk, account_name(user)) for user in referees(season)],
        key=lambda pair: pair[1],
    )


def is_referee_account(user: Any) -> bool:
    return referee_accounts().filter(pk=user.pk).exists()


def in_referee_pool(user: Any, season: Season | int) -> bool:
    return referees(season).filter(pk=user.pk).exists()


def schedule_matches(
    *,
    competition: Competition | None = None,
    season_year: int | None = None,
    team_id: int | None = None,
    day_from: dt.date | None = None,
    day_to: dt.date | None = None,
) -> QuerySet[Match]:
    """The officials' schedule, earliest first, filtered as asked."""
    matches = Match.objects.select_related(
        "competition__season", "team_a", "team_b", "referee__player", "tie"
    ).order_by("date", "time", "id")
    if competition is not None:
        matches = matches.filter(competition=competition)
    if season_year is not None:
        matches = matches.filter(competition__season__year=season_year)
    if team_id is not None:
        matches = matches.filter(Q(team_a_id=team_id) | Q(team_b_id=team_id))
    if day_from is not None:
        matches = matches.filter(date__gte=day_from)
    if day_to is not None:
        matches = matches.filter(date__lte=day_to)
    return matches
