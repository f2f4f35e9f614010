"""Writing the national trophy list (R9, R14): awards made in matches follow the
match's hands; officials enter trophies made in recognised variant games against
their sitting. Cups are recomputed afterwards by ``trophies.tasks.trophy_cups_refresh``
(``trophy_cups``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_noop

from competitions.models import (
    RECOGNISED_VARIANTS,
    Lineup,
    Match,
    MatchResult,
    Player,
    VariantSitting,
)
from competitions.services.finality import year_final_guard
from scoring.engine import trophies_made
from scoring.engine.catalogue import FEASTS
from scoring.models import Hand
from tarokk_admin.core.bulk import history_copy, rows_insert
from tarokk_admin.core.history import history_mark, history_user
from tarokk_admin.core.words import app_words
from trophies.errors import ERRORS
from trophies.models import TrophyAward
from trophies.services.trophy_cups import trophy_cups_refresh_queue

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
            history_mark(
                award,
                None,
                app_words(gettext_noop("the trophy is no longer in the match")),
            )
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
            history_mark(award, None, app_words(gettext_noop("the hand was corrected")))
            award.save()
            counts["updated"] += 1
    if touched:
        trophy_cups_refresh_queue(touched)
    return counts


# Matches whose awards one set-based pass reads and writes together.
MATCHES_CHUNK = 500


def trophies_award_matches(match_ids: Sequence[int]) -> int:
    """:func:`trophies_award_match` for many matches at once (a bulk import's
    follow-up, issue 24): the same awards, created in the same order (the matches
    in the order given, their hands in order) with the same history, from a few
    queries per few hundred matches; the cups of every player credited are
    recomputed once. A match whose stored awards differ from its hands otherwise
    than by missing ones (a correction, a void) goes through
    :func:`trophies_award_match`. Idempotent; returns the awards created."""
    created: list[TrophyAward] = []
    touched: set[int] = set()
    with transaction.atomic():
        for start in range(0, len(match_ids), MATCHES_CHUNK):
            chunk = list(match_ids[start : start + MATCHES_CHUNK])
            created.extend(_awards_missing(chunk, touched))
        rows_insert(TrophyAward, created)
        history_copy(
            TrophyAward,
            [award.pk for award in created],
            history_type="+",
            reason=None,
            user=history_user(),
        )
        if touched:
            trophy_cups_refresh_queue(touched)
    return len(created)


def _awards_missing(match_ids: list[int], touched: set[int]) -> list[TrophyAward]:
    """The awards the matches' hands make and their stored awards lack, the
    matches locked; the others changed one match at a time."""
    matches = {
        match.pk: match
        for match in Match.objects.select_for_update(of=("self",)).filter(
            pk__in=match_ids
        )
    }
    lineups: dict[int, dict[int, Lineup]] = {}
    for lineup in Lineup.objects.filter(match_id__in=match_ids):
        lineups.setdefault(lineup.match_id, {})[lineup.team_id] = lineup
    # A match none of whose teams made a trophy (its results' best trophy, R15)
    # has no hand to read.
    made = set(
        MatchResult.objects.filter(match_id__in=match_ids)
        .exclude(best_trophy="")
        .values_list("match_id", flat=True)
    )
    hands: dict[int, list[Hand]] = {}
    for hand in (
        Hand.objects.filter(match_id__in=made)
        .only("pk", "match_id", "attack_team_id", "record", "result")
        .order_by("match_id", "number")
    ):
        hands.setdefault(hand.match_id, []).append(hand)
    existing: dict[int, dict[tuple[int, int], TrophyAward]] = {}
    for award in TrophyAward.objects.filter(match_id__in=match_ids):
        existing.setdefault(award.match_id, {})[(award.hand_id, award.team_id)] = award
    missing: list[TrophyAward] = []
    for match_id in match_ids:
        match = matches.get(match_id)
        if match is None:
            continue
        wanted: dict[tuple[int, int], MadeTrophy] = {}
        if match.status == Match.Status.COMPLETED:
            for hand in hands.get(match_id, []):
                for trophy in hand_made_trophies(
                    hand, match, lineups.get(match_id, {})
                ):
                    wanted[(trophy.hand_id, trophy.team_id)] = trophy
        stored = existing.get(match_id, {})
        if any(
            key not in wanted
            or any(getattr(award, f) != getattr(wanted[key], f) for f in _AWARD_FIELDS)
            for key, award in stored.items()
        ):
            trophies_award_match(match)  # a change: removed or updated awards
            continue
        for key, trophy in wanted.items():
            if key not in stored:
                values = {field: getattr(trophy, field) for field in _AWARD_FIELDS}
                missing.append(
                    TrophyAward(hand_id=trophy.hand_id, match=match, **values)
                )
                touched.add(trophy.player_id)
    return missing


def _sitting_players(sitting: VariantSitting) -> dict[int, Player]:
    rows = sitting.results.filter(player__isnull=False).select_related("player")
    return {row.player_id: row.player for row in rows}


def trophy_sitting_check(
    sitting: VariantSitting, player_id: int, partner_id: int | None
) -> None:
    """A variant trophy belongs to a confirmed sitting of a recognised variant, and
    its player and partner sat at it (R14)."""
    if sitting.status != VariantSitting.Status.CONFIRMED:
        ERRORS.refuse(
            "sitting_not_confirmed", field="sitting", s=sitting.get_status_display()
        )
    if sitting.variant not in RECOGNISED_VARIANTS:
        ERRORS.refuse(
            "sitting_variant_not_recognised",
            field="sitting",
            variant=sitting.get_variant_display(),
        )
    players = _sitting_players(sitting)
    if not players:
        ERRORS.refuse("sitting_without_players", field="sitting")
    for field, pk in (("player", player_id), ("partner", partner_id)):
        if pk is not None and pk not in players:
            ERRORS.refuse(
                "not_at_the_sitting",
                field=field,
                names=", ".join(p.name for p in players.values()),
            )


@transaction.atomic
def trophy_variant_enter(
    *,
    sitting: VariantSitting,
    feast: str,
    jury_note: str,
    player: Player,
    partner: Player | None = None,
    user: Any,
) -> TrophyAward:
    """An official enters a trophy made in a recognised variant game against its
    sitting (R14): the trophy from the catalogue credits its catalogue value to a
    player of the sitting; the sitting gives the variant, event and date."""
    entry = FEASTS.get(feast)
    if entry is None or not entry.is_trophy:
        ERRORS.refuse("variant_not_a_trophy", field="feast", code=feast)
    if partner is not None and partner.pk == player.pk:
        ERRORS.refuse("partner_is_player", field="partner")
    sitting = VariantSitting.objects.select_for_update().get(pk=sitting.pk)
    year_final_guard(sitting.date.year)  # R15: no new trophy for a final year
    trophy_sitting_check(sitting, player.pk, partner.pk if partner else None)
    if not jury_note.strip():
        ERRORS.refuse("jury_note_missing", field="jury_note")
    award = TrophyAward(
        player=player,
        partner=partner,
        feast=entry.code,
        value=entry.value,
        date=sitting.date,
        sitting=sitting,
        variant=sitting.variant,
        event=sitting.event,
        jury_note=jury_note.strip(),
        entered_by=user,
    )
    history_mark(award, user)
    award.save()
    trophy_cups_refresh_queue([player.pk])
    return award
