"""Hungarian Cup registration (R15): the season's cup and its rounds, a team's
entry with exactly its driver and catcher, withdrawals before the draw.

The cup takes 16 teams, the first 16 registered (and not withdrawn); a team that
registers after them waits as a reserve, and takes the place of a team that
withdraws before the draw (R15: "replaced by the next registered team")."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    Membership,
    NoticeKind,
    Player,
    Season,
    Team,
)
from competitions.rules import bracket
from competitions.selectors.cup import (
    cup_entrants,
    cup_is_drawn,
    registration_refusal,
)
from competitions.selectors.teams import season_captains
from competitions.services.captains import captain_check
from competitions.services.notices import notice_role
from tarokk_admin.core.roles import Role, is_official

CUP_ROUND_MONTHS = bracket.ROUND_MONTHS  # R15: Sep, Oct, Nov, Dec


def default_deadline(year: int, number: int) -> dt.date:
    """R15: the last day of the round's month (September … December)."""
    return bracket.round_month_end(year, number)


@transaction.atomic
def cup_ensure(*, season: Season) -> Competition:
    """The season's cup with its 4 rounds (default deadlines), created when missing."""
    cup, _created = Competition.objects.get_or_create(
        season=season,
        kind=Competition.Kind.CUP,
        defaults={"name": str(Competition.Kind.CUP.label)},
    )
    existing = set(cup.cup_rounds.values_list("number", flat=True))
    CupRound.objects.bulk_create(
        CupRound(competition=cup, number=n, deadline=default_deadline(season.year, n))
        for n in range(1, bracket.ROUNDS + 1)
        if n not in existing
    )
    return cup


def _check_cup(cup: Competition) -> None:
    if cup.kind != Competition.Kind.CUP:
        ERRORS.refuse("not_a_cup", name=cup.name)


@transaction.atomic
def cup_register(
    *,
    cup: Competition,
    team: Team,
    driver: Player,
    catcher: Player,
    today: dt.date | None = None,
    user: Any = None,
) -> CupRegistration:
    """R15: a team registers exactly its driver and catcher (no substitute), while
    registration is open and before the draw; ``user`` (when given) is an official
    or the team's captain of the cup's season. After the first 16 a team waits as
    a reserve."""
    _check_cup(cup)
    cup = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("season")
        .get(pk=cup.pk)
    )
    season = cup.season
    if user is not None and not is_official(user):
        captain_check(user, team, season.pk)
    refusal = registration_refusal(season, today or timezone.localdate())
    if refusal:
        raise refusal
    if cup_is_drawn(cup):
        ERRORS.refuse("cup_drawn_registration", year=season.year)
    if driver.pk == catcher.pk:
        ERRORS.refuse("lineup_same_player", field="catcher")
    roles = dict(
        Membership.objects.filter(season=season, team=team).values_list(
            "player_id", "role"
        )
    )
    for player, role, field in (
        (driver, Membership.Role.DRIVER, "driver"),
        (catcher, Membership.Role.CATCHER, "catcher"),
    ):
        if roles.get(player.pk) != role:
            ERRORS.refuse(
                "cup_pair_not_in_roster",
                field=field,
                player=player.name,
                team=team.name,
                role=role.label,
                year=season.year,
            )
    existing = CupRegistration.objects.filter(competition=cup, team=team).first()
    if existing is not None and existing.withdrawn_at is None:
        ERRORS.refuse("cup_registered_twice", team=team.name, year=season.year)
    if existing is not None:
        existing.driver, existing.catcher = driver, catcher
        existing.withdrawn_at = None
        existing.registered_at = timezone.now()
        existing.save()
        return existing
    return CupRegistration.objects.create(
        competition=cup, team=team, driver=driver, catcher=catcher
    )


@transaction.atomic
def cup_withdraw(*, registration: CupRegistration, user: Any) -> CupRegistration:
    """An official withdraws a registered team, before the draw (after it, the team
    loses its tie by walkover: ``walkovers``). When it was one of the 16, the next
    registered team takes its place (R15): ``registration.replacement`` names it
    (None when there is no reserve), and its captain is told."""
    if cup_is_drawn(registration.competition):
        ERRORS.refuse("cup_drawn_withdrawal", team=registration.team.name)
    before = {row.pk for row in cup_entrants(registration.competition)}
    if registration.withdrawn_at is None:
        registration.withdrawn_at = timezone.now()
        registration.save(update_fields=["withdrawn_at"])
    replacement = next(
        (row for row in cup_entrants(registration.competition) if row.pk not in before),
        None,
    )
    registration.replacement = replacement  # type: ignore[attr-defined]
    if replacement is not None:
        _tell_reserve(registration, replacement)
    return registration


def _tell_reserve(withdrawn: CupRegistration, replacement: CupRegistration) -> None:
    """The reserve's captain hears that their team plays the cup now (R15)."""
    season = withdrawn.competition.season
    captain = season_captains(season.pk).get(replacement.team_id)
    if captain is None:
        return
    values = {
        "team": replacement.team.name,
        "withdrawn": withdrawn.team.name,
        "year": season.year,
    }
    notice_role(
        NoticeKind.CUP_CALENDAR,
        message="reserve",
        values=lambda: values,
        role=Role.TEAM_CAPTAIN,
        key=f"cup:reserve:{season.year}:{replacement.team_id}",
        users=[captain.user],
    )
