"""Officials correct or withdraw an archive award (R14), each with a reason kept in
the award's history; the players' points and cups are recomputed after the commit
(``trophy_cups_refresh``). Awards made in the app are corrected where they come
from (their hand, or their sitting), never here."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone

from competitions.models import RECOGNISED_VARIANTS, Player
from scoring.engine.catalogue import FEASTS
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from trophies.errors import ERRORS
from trophies.models import TrophyAward
from trophies.services.archive_rows import EVENT_MAX
from trophies.services.trophy_cups import trophy_cups_refresh_queue


def _archive_award(award: TrophyAward, user: Any, reason: str) -> TrophyAward:
    official_check(user, ERRORS.error("not_an_official__archive_trophies"))
    if not reason.strip():
        ERRORS.refuse("archive_reason_missing", field="reason")
    award = TrophyAward.objects.select_for_update(of=("self",)).get(pk=award.pk)
    if award.source != TrophyAward.Source.ARCHIVE:
        ERRORS.refuse("not_archive")
    return award


def _checked(
    *,
    date: dt.date,
    player: Player,
    partner: Player | None,
    feast: str,
    event: str,
    variant: str,
) -> None:
    entry = FEASTS.get(feast)
    if entry is None or not entry.is_trophy:
        ERRORS.refuse("archive_not_a_trophy", field="feast", code=feast)
    if partner is not None and partner.pk == player.pk:
        ERRORS.refuse("partner_is_player", field="partner")
    if date > timezone.localdate():
        ERRORS.refuse("date_in_future", field="date")
    if variant and variant not in RECOGNISED_VARIANTS:
        ERRORS.refuse("variant_not_recognised", field="variant")
    if len(event) > EVENT_MAX:
        ERRORS.refuse("event_too_long", field="event", n=EVENT_MAX)


@transaction.atomic
def trophy_archive_correct(
    *,
    award: TrophyAward,
    user: Any,
    reason: str,
    date: dt.date,
    player: Player,
    partner: Player | None,
    feast: str,
    event: str,
    variant: str,
) -> TrophyAward:
    """Correct an archive award; the catalogue value follows the trophy (R14). The
    award keeps the key of the row it came from, so the file imported again does
    not bring the old row back."""
    award = _archive_award(award, user, reason)
    event = " ".join(event.split())
    _checked(
        date=date,
        player=player,
        partner=partner,
        feast=feast,
        event=event,
        variant=variant,
    )
    players = {award.player_id, player.pk}
    award.date, award.player, award.partner = date, player, partner
    award.feast, award.value = feast, FEASTS[feast].value
    award.event, award.variant = event, variant
    history_mark(award, user, reason.strip())
    award.save()
    trophy_cups_refresh_queue(players)
    return award


@transaction.atomic
def trophy_archive_withdraw(*, award: TrophyAward, user: Any, reason: str) -> None:
    """Withdraw an archive award from the trophy list; its history keeps it (and
    the file imported again does not store it again)."""
    award = _archive_award(award, user, reason)
    history_mark(award, user, reason.strip())
    player_id = award.player_id
    award.delete()
    trophy_cups_refresh_queue([player_id])
