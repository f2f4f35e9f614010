"""Hungarian Cup registration (R15): the season's cup and its rounds, a team's
entry with exactly its driver and catcher, withdrawals before the draw."""

from __future__ import annotations

import calendar
import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    Membership,
    Player,
    Season,
    Team,
)
from competitions.rules import bracket
from competitions.selectors.cup import (
    active_registrations,
    cup_is_drawn,
    registration_refusal,
)
from tarokk_admin.core.errors import ServiceError

CUP_ROUND_MONTHS = {1: 9, 2: 10, 3: 11, 4: 12}  # R15: Sep, Oct, Nov, Dec


def default_deadline(year: int, number: int) -> dt.date:
    """R15: the last day of the round's month (September … December)."""
    month = CUP_ROUND_MONTHS[number]
    return dt.date(year, month, calendar.monthrange(year, month)[1])


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
        raise ServiceError(_("%(name)s is not a cup.") % {"name": cup.name})


@transaction.atomic
def cup_register(
    *,
    cup: Competition,
    team: Team,
    driver: Player,
    catcher: Player,
    today: dt.date | None = None,
) -> CupRegistration:
    """R15: a team registers exactly its driver and catcher (no substitute), while
    registration is open and before the draw; at most 16 teams."""
    _check_cup(cup)
    cup = (
        Competition.objects.select_for_update(of=("self",))
        .select_related("season")
        .get(pk=cup.pk)
    )
    season = cup.season
    refusal = registration_refusal(season, today or timezone.localdate())
    if refusal:
        raise ServiceError(refusal)
    if cup_is_drawn(cup):
        raise ServiceError(
            _("The %(year)s cup is already drawn; no team can register now.")
            % {"year": season.year}
        )
    if driver.pk == catcher.pk:
        raise ServiceError(
            _("The driver and the catcher must be two different players."),
            field="catcher",
        )
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
            raise ServiceError(
                _(
                    "%(player)s is not %(team)s's %(role)s in %(year)s: a team "
                    "registers exactly its driver and catcher, no substitute (R15)."
                )
                % {
                    "player": player.name,
                    "team": team.name,
                    "role": role.label,
                    "year": season.year,
                },
                field=field,
            )
    existing = CupRegistration.objects.filter(competition=cup, team=team).first()
    if existing is not None and existing.withdrawn_at is None:
        raise ServiceError(
            _("%(team)s is already registered for the %(year)s cup.")
            % {"team": team.name, "year": season.year}
        )
    count = active_registrations(cup).count()
    if count >= bracket.CUP_TEAMS:
        raise ServiceError(
            _(
                "The %(year)s cup already has %(n)s registered teams, the most it "
                "takes (R15); %(team)s cannot be registered."
            )
            % {"year": season.year, "n": count, "team": team.name}
        )
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
    """An official withdraws a registered team, before the draw."""
    if cup_is_drawn(registration.competition):
        raise ServiceError(
            _("The cup is already drawn; %(team)s can no longer be withdrawn.")
            % {"team": registration.team.name}
        )
    if registration.withdrawn_at is None:
        registration.withdrawn_at = timezone.now()
        registration.save(update_fields=["withdrawn_at"])
    return registration
