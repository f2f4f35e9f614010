"""Writing the national trophy list (R9, R14): awards made in matches follow the
match's hands; officials enter trophies made in recognised variant games. Cups are
recomputed afterwards by ``trophies.tasks.trophy_cups_refresh`` (``trophy_cups``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import Lineup, Match, Player, Team, VariantGame
from scoring.engine import trophies_made
from scoring.engine.catalogue import FEASTS
from scoring.models import Hand
from tarokk_admin.core.errors import ServiceError
from trophies.models import TrophyAward
from trophies.services.trophy_cups import trophy_cups_refresh_queue

# Variant games whose trophies count (R14: "Emperor Tarokk and other free games");
# training and test games are not recognised variants.
RECOGNISED_VARIANTS = (
    VariantGame.Variant.EMPEROR,
    VariantGame.Variant.ILLUSTRATED,
    VariantGame.Variant.HIGH,
    VariantGame.Variant.ROYAL_VARIANT,
)

_AWARD_FIELDS = ("player_id", "partner_id", "team_id", "feast", "value", "date")


@dataclass(frozen=True)
class MadeTrophy:
    """One team's made trophy in one hand, as the award should record it (R14)."""

    hand_id: int
    team_id: int
    player_id: int
    partner_id: int
    feast: str
    value: int
    date: dt.date


def hand_made_trophies(
    hand: Hand, match: Match, lineups: dict[int, Lineup]
) -> list[MadeTrophy]:
    """The made trophies of a stored hand, at most one per team (R9), each credited
    to the player who announced its final level (R12, R14). Failed trophies give
    nothing."""
    other_team = (
        match.team_b_id if hand.attack_team_id == match.team_a_id else match.team_a_id
    )
    made: list[MadeTrophy] = []
    for _index, announcement in trophies_made(hand.record, hand.result or {}):
        feast = FEASTS[announcement["feast"]]
        team_id = (
            hand.attack_team_id if announcement.get("team") == "attack" else other_team
        )
        lineup = lineups.get(team_id)
        if lineup is None:
            continue  # no line-up, nobody to credit (a completed match always has one)
        if announcement.get("by") == "catcher":
            player_id, partner_id = lineup.catcher_id, lineup.driver_id
        else:
            player_id, partner_id = lineup.driver_id, lineup.catcher_id
        made.append(
            MadeTrophy(
                hand_id=hand.pk,
                team_id=team_id,
                player_id=player_id,
                partner_id=partner_id,
                feast=feast.code,
                value=feast.value,
                date=match.date,
            )
        )
    return made


@transaction.atomic
def trophies_award_match(match: Match) -> dict[str, int]:
    """Make the match's trophy awards agree with its hands (R9, R14). Idempotent.

    A completed match: one award per made trophy per team and hand; a corrected hand
    updates or removes its award; a match that is not completed (void, or reopened)
    has none. Every change is kept by the award's history. Returns the number of
    awards created, updated and deleted, and queues the cups of every player whose
    awards changed.
    """
    match = Match.objects.select_for_update(of=("self",)).get(pk=match.pk)
    wanted: dict[tuple[int, int], MadeTrophy] = {}
    if match.status == Match.Status.COMPLETED:
        lineups = {lineup.team_id: lineup for lineup in match.lineups.all()}
        for hand in Hand.objects.filter(match=match).order_by("number"):
            for trophy in hand_made_trophies(hand, match, lineups):
                wanted[(trophy.hand_id, trophy.team_id)] = trophy
    existing = {
        (award.hand_id, award.team_id): award
        for award in TrophyAward.objects.filter(match=match)
    }
    counts = {"created": 0, "updated": 0, "deleted": 0}
    touched: set[int] = set()
    for key, award in existing.items():
        if key not in wanted:
            touched.add(award.player_id)
            award._change_reason = _("the trophy is no longer in the match")  # type: ignore[attr-defined]
            award.delete()
            counts["deleted"] += 1
    for key, trophy in wanted.items():
        values = {field: getattr(trophy, field) for field in _AWARD_FIELDS}
        award = existing.get(key)
        if award is None:
            TrophyAward.objects.create(hand_id=trophy.hand_id, match=match, **values)
            touched.add(trophy.player_id)
            counts["created"] += 1
        elif any(getattr(award, f) != v for f, v in values.items()):
            touched |= {award.player_id, trophy.player_id}
            for field, value in values.items():
                setattr(award, field, value)
            award._change_reason = _("the hand was corrected")  # type: ignore[attr-defined]
            award.save()
            counts["updated"] += 1
    if touched:
        trophy_cups_refresh_queue(touched)
    return counts


@transaction.atomic
def trophy_variant_enter(
    *,
    feast: str,
    variant: str,
    date: dt.date,
    event: str,
    jury_note: str,
    player: Player,
    partner: Player | None = None,
    team: Team | None = None,
    user: Any,
) -> TrophyAward:
    """An official enters a trophy made in a recognised variant game (R14): the
    trophy from the catalogue credits its catalogue value; no match, the variant
    named."""
    entry = FEASTS.get(feast)
    if entry is None or not entry.is_trophy:
        raise ServiceError(
            _("%(code)s is not a trophy of the catalogue (R9).") % {"code": feast},
            field="feast",
        )
    if variant not in RECOGNISED_VARIANTS:
        raise ServiceError(
            _("Choose a recognised variant game (R14)."), field="variant"
        )
    if date > timezone.localdate():
        raise ServiceError(
            _("The date %(date)s is in the future.") % {"date": date.isoformat()},
            field="date",
        )
    if not event.strip():
        raise ServiceError(_("Name the event the game was played at."), field="event")
    if not jury_note.strip():
        raise ServiceError(
            _("Add the jury's note confirming the trophy."), field="jury_note"
        )
    if partner is not None and partner.pk == player.pk:
        raise ServiceError(
            _("The partner must be another player than the one credited."),
            field="partner",
        )
    award = TrophyAward.objects.create(
        player=player,
        partner=partner,
        team=team,
        feast=entry.code,
        value=entry.value,
        date=date,
        variant=variant,
        event=event.strip(),
        jury_note=jury_note.strip(),
        entered_by=user,
    )
    trophy_cups_refresh_queue([player.pk])
    return award
