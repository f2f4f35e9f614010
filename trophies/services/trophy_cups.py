"""Trophy cups (R14): a cup when a player's cumulative trophy points first reach each
threshold, dated by the award that crossed it (:mod:`trophies.rules`).

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

from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.models import Player
from scoring.engine import feast_name
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.mail import role_emails
from tarokk_admin.core.page_cache import cache_token_bump
from tarokk_admin.core.roles import Role
from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.rules import trophy_cup_crossings
from trophies.selectors import TALLY_VERSION, trophy_cup_thresholds

logger = logging.getLogger(__name__)


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
    thresholds = trophy_cup_thresholds()
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
        total, crossings = trophy_cup_crossings(awards[player_id], thresholds)
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
    # The points kept in ``TrophyTally`` have no history: the trophy list's cached
    # pages see the change through this version.
    cache_token_bump(TALLY_VERSION)
    return new


def trophy_cups_announce(cups: Sequence[TrophyCup]) -> int:
    """E-mail the officials one message per new cup; returns the messages sent."""
    recipients = role_emails(Role.OFFICIAL)
    if not cups or not recipients:
        return 0
    sent = 0
    for cup in TrophyCup.objects.filter(pk__in=[c.pk for c in cups]).select_related(
        "player", "award"
    ):
        context = {
            "player": cup.player.name,
            "threshold": cup.threshold,
            "date": human_date(cup.date),
            "trophy": feast_name(cup.award.feast) if cup.award else "—",
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


TROPHY_CUPS_FOLLOWUP = "trophy_cups_refresh"


def trophy_cups_refresh_queue(player_ids: Iterable[int]) -> None:
    """Queue the idempotent cup recompute of these players once the writes commit
    (``trophies.tasks.trophy_cups_refresh``)."""
    followup_queue(TROPHY_CUPS_FOLLOWUP, sorted(set(player_ids)))
