"""Trophy cups (R14): a cup when a player's cumulative trophy points first reach each
threshold, dated by the award that crossed it.

Decision (documented in the README): cups follow the record. The recompute walks the
player's awards in date order (then id) every time, so a corrected hand, a void match
or a variant trophy entered later with an earlier date re-dates a cup to the award
that now crosses its threshold, and a cup whose threshold is no longer reached is
withdrawn. Every change is kept in the cup's history; only a cup the player did not
hold before counts as new (and is e-mailed to the officials).
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.models import Player
from competitions.roles import Role
from scoring.engine.catalogue import FEASTS
from trophies.models import TrophyAward, TrophyCup, TrophyTally

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Crossing:
    threshold: int
    award_id: int
    date: dt.date


def cup_thresholds() -> tuple[int, ...]:
    """The thresholds from the settings (R14: 100, 250, 500, 1000), ascending."""
    return tuple(sorted(set(settings.TROPHY_CUP_THRESHOLDS)))


def cup_crossings(
    awards: Iterable[tuple[int, dt.date, int]], thresholds: Sequence[int]
) -> tuple[int, list[Crossing]]:
    """Walk ``(award id, date, value)`` in date order (then id) and return the total
    and the award crossing each reached threshold. One award may cross several."""
    total = 0
    crossings: list[Crossing] = []
    pending = sorted(thresholds)
    for award_id, date, value in sorted(awards, key=lambda a: (a[1], a[0])):
        total += value
        while pending and total >= pending[0]:
            crossings.append(Crossing(pending.pop(0), award_id, date))
    return total, crossings


@transaction.atomic
def trophy_cups_recompute(*, player_ids: Iterable[int]) -> list[TrophyCup]:
    """Bring these players' trophy points and cups in line with their awards.
    Idempotent; returns the cups that are new (not held before)."""
    ids = sorted(set(player_ids))
    # Lock the players so two recomputes of one player never race.
    ids = list(
        Player.objects.select_for_update(of=("self",))
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    thresholds = cup_thresholds()
    awards: dict[int, list[tuple[int, dt.date, int]]] = defaultdict(list)
    for player_id, award_id, date, value in TrophyAward.objects.filter(
        player_id__in=ids
    ).values_list("player_id", "id", "date", "value"):
        awards[player_id].append((award_id, date, value))
    cups: dict[tuple[int, int], TrophyCup] = {
        (cup.player_id, cup.threshold): cup
        for cup in TrophyCup.objects.filter(player_id__in=ids)
    }
    tallies = {t.player_id: t for t in TrophyTally.objects.filter(player_id__in=ids)}
    new: list[TrophyCup] = []
    for player_id in ids:
        total, crossings = cup_crossings(awards[player_id], thresholds)
        tally = tallies.get(player_id)
        if tally is None:
            TrophyTally.objects.create(player_id=player_id, points=total)
        elif tally.points != total:
            tally.points = total
            tally.save(update_fields=["points"])
        reached = {c.threshold for c in crossings}
        for (pid, threshold), cup in list(cups.items()):
            if pid == player_id and threshold not in reached:
                cup._change_reason = _("the threshold is no longer reached")  # type: ignore[attr-defined]
                cup.delete()
        for crossing in crossings:
            cup = cups.get((player_id, crossing.threshold))
            if cup is None:
                new.append(
                    TrophyCup.objects.create(
                        player_id=player_id,
                        threshold=crossing.threshold,
                        award_id=crossing.award_id,
                        date=crossing.date,
                    )
                )
            elif (cup.award_id, cup.date) != (crossing.award_id, crossing.date):
                cup.award_id = crossing.award_id
                cup.date = crossing.date
                cup._change_reason = _("re-dated: another award crosses it")  # type: ignore[attr-defined]
                cup.save()
    return new


def official_emails() -> list[str]:
    """Active users of the Official group with an e-mail address."""
    users = get_user_model().objects.filter(
        groups__name=Role.OFFICIAL.value, is_active=True
    )
    return sorted(set(users.exclude(email="").values_list("email", flat=True)))


def cups_announce(cups: Sequence[TrophyCup]) -> int:
    """E-mail the officials one message per new cup; returns the messages sent."""
    recipients = official_emails()
    if not cups or not recipients:
        return 0
    sent = 0
    for cup in TrophyCup.objects.filter(pk__in=[c.pk for c in cups]).select_related(
        "player", "award"
    ):
        feast = FEASTS.get(cup.award.feast) if cup.award else None
        context = {
            "player": cup.player.name,
            "threshold": cup.threshold,
            "date": cup.date.isoformat(),
            "trophy": _(feast.name) if feast else "—",
            "page": reverse("trophies:player", args=[cup.player_id]),
        }
        subject = (
            _("Trophy cup: %(player)s reached %(threshold)s trophy points") % context
        )
        body = (
            _(
                "%(player)s has reached %(threshold)s trophy points (R14) on "
                "%(date)s with %(trophy)s and receives the %(threshold)s-point "
                "trophy cup.\n\nThe player's trophies: %(page)s"
            )
            % context
        )
        try:
            sent += send_mail(subject, body, None, recipients)
        except OSError:  # the cup stands; a mail server outage must not undo it
            logger.exception("Could not e-mail the officials about cup %s", cup.pk)
    return sent
