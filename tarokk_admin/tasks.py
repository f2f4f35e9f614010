"""Project-wide tasks: what follows a completed match, a liveness ``ping``, the
periodic ``heartbeat`` and the nightly records check."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from competitions.models import CupTie, Match
from competitions.services.cup.ties import cup_tie_decide
from competitions.services.standings import (
    standings_refresh,
    standings_refresh_matches,
)
from stats.services.refresh import statistics_refresh, statistics_refresh_matches
from tarokk_admin.audit import records_check, records_waiting
from tarokk_admin.audit.report import report_mail
from tarokk_admin.backup.nightly import backup_nightly_write
from tarokk_admin.periodic import run_once, today_slot
from trophies.services.awards import trophies_award_match, trophies_award_matches

HEARTBEAT_CACHE_KEY = "tarokk_admin:heartbeat"


@shared_task(name="tarokk_admin.tasks.match_completed")
def match_completed(match_id: int) -> None:
    """Follow-up of a completed, corrected or voided match: its trophies (R14), its
    cup tie's decision (R15), the standings and the season statistics (after the
    trophies: they count the awards). Idempotent."""
    match = Match.objects.filter(pk=match_id).select_related("competition").first()
    if match is None:
        return
    trophies_award_match(match)
    standings_refresh(match=match)
    if match.tie_id is not None:
        cup_tie_decide(tie=match.tie)
    statistics_refresh(match=match)


@shared_task(name="tarokk_admin.tasks.matches_completed")
def matches_completed(match_ids: list[int], run: int | None = None) -> None:
    """Follow-up of many matches completed together (a bulk import, issue 24):
    :func:`match_completed`'s work for all of them, each part done once and
    set-based: the trophies (R14), the standings of each season and Grand Prix
    event, each cup tie's decision (R15), then the statistics. The end state is
    that of their ``match_completed`` follow-ups delivered one by one, in order.
    Idempotent; ``run`` is the import it follows (its page reads it)."""
    ids = [pk for pk in match_ids if isinstance(pk, int)]
    found = Match.objects.filter(pk__in=ids).select_related("competition__season")
    by_id = {match.pk: match for match in found}
    matches = [by_id[pk] for pk in ids if pk in by_id]
    if not matches:
        return
    ordered = [match.pk for match in matches]
    trophies_award_matches(ordered)
    standings_refresh_matches(matches=matches)
    ties = list(dict.fromkeys(m.tie_id for m in matches if m.tie_id is not None))
    for tie in sorted(
        CupTie.objects.filter(pk__in=ties), key=lambda t: ties.index(t.pk)
    ):
        cup_tie_decide(tie=tie)
    statistics_refresh_matches(ordered)


@shared_task(name="tarokk_admin.tasks.ping")
def ping(word: str = "ping") -> str:
    """Answer ``pong`` (or echo ``word`` reversed) so a caller sees a worker ran it."""
    return "pong" if word == "ping" else word[::-1]


@shared_task(name="tarokk_admin.tasks.heartbeat")
def heartbeat() -> str:
    """Record when the worker last ran periodic work; harmless and idempotent."""
    now = timezone.now().isoformat()
    cache.set(HEARTBEAT_CACHE_KEY, now, timeout=60 * 60)
    return now


@shared_task(name="tarokk_admin.tasks.federation_backup")
def federation_backup(slot: str | None = None) -> str:
    """The nightly federation backup into the backups storage, keeping the last
    ``BACKUP_KEEP`` (tarokk_admin/backup/nightly.py); once per ``slot`` (today by
    default) however many beats sent it. Returns where it went, or "" when another
    delivery of the same run did it."""
    with run_once("federation-backup", slot or today_slot()) as mine:
        if not mine:
            return ""
        return backup_nightly_write(keep=settings.BACKUP_KEEP)


@shared_task(name="tarokk_admin.tasks.check_records")
def check_records(slot: str | None = None) -> int | None:
    """Nightly (beat): the integrity audit, once per ``slot`` (today by default);
    officials are e-mailed when something is wrong. Returns the number of problems,
    None when another delivery of the same run did it."""
    with run_once("check-records", slot or today_slot()) as mine:
        if not mine:
            return None
        problems = records_check()
        report_mail(problems, waiting=records_waiting())
        return len(problems)
