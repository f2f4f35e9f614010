"""Correcting or voiding a variant sitting that has trophies (R14, R15): the sitting
changes through the competitions' services, and in the same transaction its trophies
follow the official's answer to "what becomes of them":

- correcting: **keep** them (they take the sitting's new date, variant and event;
  refused when the variant is no longer recognised or a holder left the table) or
  **withdraw** them;
- voiding: **withdraw** them, or **move** them to another confirmed sitting where
  their players sat (a duplicate entry voided in favour of the right one).

Every award's change is in its history with the reason; the players' trophy cups are
recomputed after the commit.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction

from competitions.models import VariantSitting
from competitions.services.sittings import Results, sitting_correct, sitting_void
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from trophies.errors import ERRORS
from trophies.models import TrophyAward
from trophies.services.awards import trophy_sitting_check
from trophies.services.trophy_cups import trophy_cups_refresh_queue

KEEP, WITHDRAW, MOVE = "keep", "withdraw", "move"


def _awards(sitting: VariantSitting) -> list[TrophyAward]:
    return list(
        TrophyAward.objects.select_for_update(of=("self",))
        .filter(sitting=sitting)
        .select_related("player", "partner")
        .order_by("id")
    )


def _ask(awards: list[TrophyAward], answer: str, allowed: tuple[str, ...]) -> None:
    if awards and answer not in allowed:
        ERRORS.refuse("trophies_unanswered", field="trophies", n=len(awards))


def _save(award: TrophyAward, user: Any, reason: str) -> None:
    history_mark(award, user, reason)
    award.save()


def _withdraw(awards: list[TrophyAward], user: Any, reason: str) -> None:
    for award in awards:
        history_mark(award, user, reason)
        award.delete()


def _follow(
    awards: list[TrophyAward],
    sitting: VariantSitting,
    user: Any,
    reason: str,
    field: str,
) -> None:
    """The awards stay with ``sitting`` and take its date, variant and event."""
    for award in awards:
        try:
            trophy_sitting_check(sitting, award.player_id, award.partner_id)
        except ServiceError as error:
            raise ERRORS.error(
                "trophy_cannot_stay",
                field=field,
                player=award.player.name,
                trophy=award.feast_label,
                why=error.message,
            ) from error
        award.sitting = sitting
        award.date, award.variant, award.event = (
            sitting.date,
            sitting.variant,
            sitting.event,
        )
        _save(award, user, reason)


def _players(awards: list[TrophyAward]) -> set[int]:
    return {award.player_id for award in awards}


@transaction.atomic
def sitting_correct_settling(
    *,
    sitting: VariantSitting,
    user: Any,
    reason: str,
    date: dt.date,
    variant: str,
    results: Results,
    name: str = "",
    event: str = "",
    trophies: str = "",
) -> VariantSitting:
    """Correct the sitting (``sitting_correct``) and keep or withdraw its trophies."""
    awards = _awards(sitting)
    _ask(awards, trophies, (KEEP, WITHDRAW))
    sitting = sitting_correct(
        sitting=sitting,
        user=user,
        reason=reason,
        date=date,
        variant=variant,
        results=results,
        name=name,
        event=event,
    )
    if awards:
        if trophies == KEEP:
            _follow(awards, sitting, user, reason, "trophies")
        else:
            _withdraw(awards, user, reason)
        trophy_cups_refresh_queue(_players(awards))
    return sitting


@transaction.atomic
def sitting_void_settling(
    *,
    sitting: VariantSitting,
    user: Any,
    reason: str,
    trophies: str = "",
    move_to: VariantSitting | None = None,
) -> VariantSitting:
    """Void the sitting (``sitting_void``) and withdraw its trophies or move them to
    another confirmed sitting where their players sat."""
    awards = _awards(sitting)
    _ask(awards, trophies, (WITHDRAW, MOVE))
    if awards and trophies == MOVE and (move_to is None or move_to.pk == sitting.pk):
        ERRORS.refuse("no_target", field="move_to")
    sitting = sitting_void(sitting=sitting, user=user, reason=reason)
    if awards:
        if trophies == MOVE and move_to is not None:
            target = VariantSitting.objects.select_for_update().get(pk=move_to.pk)
            _follow(awards, target, user, reason, "move_to")
        else:
            _withdraw(awards, user, reason)
        trophy_cups_refresh_queue(_players(awards))
    return sitting
