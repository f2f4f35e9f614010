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
from dataclasses import dataclass, field
from typing import Any

from django.core.mail import send_mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.models import Player
from scoring.engine import feast_name
from tarokk_admin.core.background import followup_queue
from tarokk_admin.core.bulk import history_copy, rows_update
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.mail import role_emails
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import app_words
from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.rules import trophy_cup_crossings
from trophies.selectors import trophy_cup_thresholds

logger = logging.getLogger(__name__)
CHUNK = 2000  # players (or rows) per query or bulk write


@dataclass
class CupChanges:
    """What a recompute changed: cups new to their player, cups re-dated (with
    their date before) and cups withdrawn."""

    new: list[TrophyCup] = field(default_factory=list)
    moved: list[tuple[TrophyCup, dt.date]] = field(default_factory=list)
    withdrawn: list[TrophyCup] = field(default_factory=list)


def _locked(player_ids: Iterable[int]) -> list[int]:
    """The players, locked so two recomputes of one player never race."""
    ids = sorted(set(player_ids))
    locked: list[int] = []
    for start in range(0, len(ids), CHUNK):
        locked.extend(
            Player.objects.select_for_update(of=("self",))
            .filter(pk__in=ids[start : start + CHUNK])
            .order_by("pk")
            .values_list("pk", flat=True)
        )
    return locked


def _chunked(ids: list[int], queryset: Any) -> Iterable[Any]:
    for start in range(0, len(ids), CHUNK):
        yield from queryset.filter(player_id__in=ids[start : start + CHUNK])


def _tallies(totals: dict[int, int]) -> None:
    """Each player's kept points (``TrophyTally``), written in bulk."""
    ids = list(totals)
    kept = {t.player_id: t for t in _chunked(ids, TrophyTally.objects.all())}
    now = timezone.now()
    changed = [
        (player_id, totals[player_id], now)
        for player_id, tally in kept.items()
        if tally.points != totals[player_id]
    ]
    rows_update(TrophyTally, ["points", "updated_at"], changed)
    missing = [pid for pid in ids if pid not in kept]
    TrophyTally.objects.bulk_create(
        [TrophyTally(player_id=pid, points=totals[pid]) for pid in missing],
        batch_size=CHUNK,
    )


@transaction.atomic
def trophy_cups_update(*, player_ids: Iterable[int]) -> CupChanges:
    """Bring these players' trophy points and cups in line with their awards, in
    bulk (an archive import touches thousands of players). Idempotent; returns
    what changed. Every cup change is in the cup's history."""
    ids = _locked(player_ids)
    thresholds = trophy_cup_thresholds()
    awards: dict[int, list[tuple[int, dt.date, int]]] = defaultdict(list)
    rows = TrophyAward.objects.values_list("player_id", "id", "date", "value")
    for player_id, award_id, date, value in _chunked(ids, rows):
        awards[player_id].append((award_id, date, value))
    cups: dict[int, dict[int, TrophyCup]] = defaultdict(dict)
    for cup in _chunked(ids, TrophyCup.objects.all()):
        cups[cup.player_id][cup.threshold] = cup
    changes, totals = CupChanges(), {}
    for player_id in ids:
        totals[player_id], crossings = trophy_cup_crossings(
            awards[player_id], thresholds
        )
        reached = {c.threshold for c in crossings}
        for threshold, cup in cups[player_id].items():
            if threshold not in reached:
                history_mark(
                    cup,
                    None,
                    app_words(gettext_noop("the threshold is no longer reached")),
                )
                cup.delete()
                changes.withdrawn.append(cup)
        for crossing in crossings:
            cup = cups[player_id].get(crossing.threshold)
            if cup is None:
                changes.new.append(
                    TrophyCup(
                        player_id=player_id,
                        threshold=crossing.threshold,
                        award_id=crossing.award_id,
                        date=crossing.date,
                    )
                )
            elif (cup.award_id, cup.date) != (crossing.award_id, crossing.date):
                changes.moved.append((cup, cup.date))
                cup.award_id, cup.date = crossing.award_id, crossing.date
    _tallies(totals)
    # Written in bulk with their history (core/bulk.py): an archive import moves
    # tens of thousands of cups.
    if changes.new:
        changes.new = TrophyCup.objects.bulk_create(changes.new, batch_size=CHUNK)
        history_copy(TrophyCup, [cup.pk for cup in changes.new], history_type="+")
    if changes.moved:
        moved = [cup for cup, _before in changes.moved]
        rows_update(
            TrophyCup, ["award", "date"], [(c.pk, c.award_id, c.date) for c in moved]
        )
        history_copy(
            TrophyCup,
            [cup.pk for cup in moved],
            history_type="~",
            reason=app_words(gettext_noop("re-dated: another award crosses it")),
        )
    return changes


def trophy_cups_recompute(*, player_ids: Iterable[int]) -> list[TrophyCup]:
    """Bring these players' trophy points and cups in line with their awards.
    Idempotent; returns the cups that are new (not held before)."""
    return trophy_cups_update(player_ids=player_ids).new


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


# --- what an archive import changed, told once ------------------------------------

TROPHY_CUPS_ARCHIVE_FOLLOWUP = "trophy_cups_archive_notice"
NOTICE_LINES = 200  # cups listed in one message; the counts are always whole


def trophy_cups_archive_notice_queue(changes: CupChanges, *, source: str) -> None:
    """Queue one message to the officials about the cups an archive import gave
    and moved (after the commit; never if it rolls back). Nothing changed: none."""
    if not (changes.new or changes.moved):
        return
    followup_queue(
        TROPHY_CUPS_ARCHIVE_FOLLOWUP,
        source,
        [cup.pk for cup in changes.new],
        [[cup.pk, before.isoformat()] for cup, before in changes.moved],
    )


def _cup_line(cup: TrophyCup) -> str:
    return _(
        "%(player)s: %(threshold)s-point cup, reached on %(date)s (%(trophy)s)"
    ) % {
        "player": cup.player.name,
        "threshold": cup.threshold,
        "date": cup.date.isoformat(),
        "trophy": feast_name(cup.award.feast) if cup.award else "—",
    }


def trophy_cups_archive_announce(
    source: str, new_ids: list[int], moved: list[list[Any]]
) -> int:
    """E-mail the officials one message about an archive import's cups: the cups
    it gave (dated in the past) and the cups held already that moved to the date
    the archive makes them, each with its date before. Returns the messages sent."""
    recipients = role_emails(Role.OFFICIAL)
    if not recipients or not (new_ids or moved):
        return 0
    before = {int(pk): date for pk, date in moved}
    shown = [*list(before)[:NOTICE_LINES], *new_ids[:NOTICE_LINES]]
    cups = TrophyCup.objects.filter(pk__in=shown).select_related("player", "award")
    by_pk = {cup.pk: cup for cup in cups}
    lines: list[str] = []
    if before:
        lines.append(_("Cups held already, moved to the date the archive gives them:"))
        lines += [
            f"- {_cup_line(by_pk[pk])} "
            + _("(before: %(date)s)") % {"date": before[pk]}
            for pk in list(before)[:NOTICE_LINES]
            if pk in by_pk
        ]
        lines.append("")
    if new_ids:
        lines.append(_("New cups, reached in the archive's years:"))
        lines += [
            f"- {_cup_line(by_pk[pk])}" for pk in new_ids[:NOTICE_LINES] if pk in by_pk
        ]
        lines.append("")
    lines.append(_("The trophy list: %(page)s") % {"page": reverse("trophies:list")})
    subject = _(
        "Archive import %(file)s: trophy cups changed (%(new)s new, %(moved)s moved)"
    ) % {"file": source, "new": len(new_ids), "moved": len(before)}
    try:
        return send_mail(subject, "\n".join(lines), None, recipients)
    except OSError:  # the cups stand; a mail server outage must not undo them
        logger.exception("Could not e-mail the officials about %s's cups", source)
        return 0
