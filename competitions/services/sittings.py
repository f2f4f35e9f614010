"""Variant sittings (R15): a player of the table records the sitting, another player
of the table or an official confirms it, and until then it counts nowhere. The
recorder corrects or voids it before confirmation, officials at any time; each
correction and void keeps its reason, and the history keeps every version.

Who may do what is decided here (``competitions.selectors.sittings.sitting_rights``),
not only by the pages, so every caller meets the same refusals.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    Season,
    SittingResult,
    VariantSitting,
)
from competitions.selectors.sittings import player_of, sitting_rights, sitting_same
from competitions.services.sitting_checks import (  # noqa: F401 (the limits, as before)
    PLAYERS_MAX,
    PLAYERS_MIN,
    POINTS_LIMIT,
    Results,
    open_year_check,
    sitting_checked,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

REASON_MAX = 500


def _check_reason(reason: str, missing: ServiceError) -> str:
    """The reason, trimmed; ``missing`` (the table's error saying why one is
    needed) when there is none."""
    reason = reason.strip()
    if not reason:
        raise missing
    if len(reason) > REASON_MAX:
        ERRORS.refuse("reason_too_long", field=missing.field, n=REASON_MAX)
    return reason


def _save(sitting: VariantSitting, user: Any, why: str) -> None:
    history_mark(sitting, user, why)
    sitting.save()


def _results_set(
    sitting: VariantSitting, results: Results, user: Any, why: str
) -> None:
    """Make the sitting's results these, row by row, so each change is in the
    results' history (a carried sitting's team rows are replaced by players)."""
    wanted = {player.pk: points for player, points in results}
    for row in list(sitting.results.all()):
        history_mark(row, user, why)
        if row.player_id is None or row.player_id not in wanted:
            row.delete()
        elif row.points != wanted[row.player_id]:
            row.points = wanted.pop(row.player_id)
            row.save()
        else:
            wanted.pop(row.player_id)
    for player_id, points in wanted.items():
        row = SittingResult(sitting=sitting, player_id=player_id, points=points)
        history_mark(row, user, why)
        row.save()


def _not_twice(
    season: Season, date: dt.date, variant: str, name: str, event: str, results: Results
) -> None:
    """The same sitting is not recorded twice (a form sent again from a phone on a
    slow connection, two players of the table recording it). The season's row is
    locked so that two recordings at once are compared one after the other."""
    Season.objects.select_for_update().filter(pk=season.pk).first()
    sitting = sitting_same(season, date, variant, name, event, results)
    if sitting is not None:
        ERRORS.refuse(
            "duplicate",
            status=sitting.get_status_display(),
            user=person_name(sitting.recorded_by) if sitting.recorded_by else "—",
        )


@transaction.atomic
def sitting_record(
    *,
    user: Any,
    date: dt.date,
    variant: str,
    results: Results,
    name: str = "",
    event: str = "",
) -> VariantSitting:
    """A player of the table records a sitting (R15): all or nothing; it awaits
    another player's (or an official's) confirmation and counts nowhere until then."""
    recorder = player_of(user)
    if recorder is None:
        ERRORS.refuse("not_a_player")
    season, name, event = sitting_checked(
        date, variant, name, event, results, recorder=recorder
    )
    _not_twice(season, date, variant, name, event, results)
    sitting = VariantSitting(
        season=season,
        variant=variant,
        name=name,
        date=date,
        event=event,
        recorded_by=user,
        recorded_at=timezone.now(),
    )
    why = app_words(gettext_noop("recorded"))
    _save(sitting, user, why)
    _results_set(sitting, results, user, why)
    return sitting


def sitting_paper_checked(
    *,
    date: dt.date,
    variant: str,
    results: Results,
    note: str,
    name: str = "",
    event: str = "",
) -> tuple[Season, str, str, str]:
    """The checks of a sitting from a paper sheet, keyed in on the form or read
    from a sittings file (R15): the sheet's note, then every sitting's checks.
    Reads only; returns the season, the game's name, the event and the note."""
    note = _check_reason(note, ERRORS.error("paper_note_missing", field="note"))
    season, name, event = sitting_checked(date, variant, name, event, results)
    return season, name, event, note


@transaction.atomic
def sitting_record_from_paper(
    *,
    user: Any,
    date: dt.date,
    variant: str,
    results: Results,
    note: str,
    name: str = "",
    event: str = "",
    why: str = "",
) -> VariantSitting:
    """An official keys in a sitting from its paper sheet (R15), for players who
    need no account: the same checks as a player's sitting, confirmed by the
    official who keys it in, with the sheet's note kept (where the sheet is, who
    signed it). ``why`` is the history's reason when not the form's (a file's)."""
    official_check(user, ERRORS.error("not_an_official__paper_sittings"))
    season, name, event, note = sitting_paper_checked(
        date=date, variant=variant, results=results, note=note, name=name, event=event
    )
    _not_twice(season, date, variant, name, event, results)
    now = timezone.now()
    sitting = VariantSitting(
        season=season,
        variant=variant,
        name=name,
        date=date,
        event=event,
        recorded_by=user,
        recorded_at=now,
        status=VariantSitting.Status.CONFIRMED,
        confirmed_by=user,
        confirmed_at=now,
        from_paper=True,
        paper_note=note,
    )
    why = why or app_words(gettext_noop("keyed in from a paper sheet and confirmed"))
    _save(sitting, user, why)
    _results_set(sitting, results, user, why)
    return sitting


def _locked(sitting: VariantSitting) -> VariantSitting:
    return VariantSitting.objects.select_for_update().get(pk=sitting.pk)


@transaction.atomic
def sitting_confirm(*, sitting: VariantSitting, user: Any) -> VariantSitting:
    """Another player of the table, or an official, confirms the sitting (R15)."""
    sitting = _locked(sitting)
    if sitting.status != VariantSitting.Status.PENDING:
        ERRORS.refuse("not_pending", status=sitting.get_status_display())
    open_year_check(sitting.date.year)
    if sitting.recorded_by_id is not None and sitting.recorded_by_id == user.pk:
        ERRORS.refuse("own_sitting")
    if not sitting_rights(sitting, user).confirm:
        ERRORS.refuse("not_at_the_table")
    sitting.status = VariantSitting.Status.CONFIRMED
    sitting.confirmed_by = user
    sitting.confirmed_at = timezone.now()
    _save(sitting, user, app_words(gettext_noop("confirmed")))
    return sitting


def _may_change(sitting: VariantSitting, user: Any) -> None:
    if sitting.status == VariantSitting.Status.VOID:
        ERRORS.refuse("void")
    open_year_check(sitting.date.year)
    if not sitting_rights(sitting, user).correct:
        if sitting.status == VariantSitting.Status.CONFIRMED:
            ERRORS.refuse("confirmed")
        ERRORS.refuse("not_the_recorder")


@transaction.atomic
def sitting_correct(
    *,
    sitting: VariantSitting,
    user: Any,
    reason: str,
    date: dt.date,
    variant: str,
    results: Results,
    name: str = "",
    event: str = "",
) -> VariantSitting:
    """Correct a sitting with a reason (R15): its recorder before confirmation, an
    official at any time. A correction keeps the sitting's status."""
    sitting = _locked(sitting)
    _may_change(sitting, user)
    reason = _check_reason(
        reason, ERRORS.error("reason__sitting_correction", field="reason")
    )
    season, name, event = sitting_checked(date, variant, name, event, results)
    recorder = player_of(user)
    if (
        sitting.status == VariantSitting.Status.PENDING
        and sitting.recorded_by_id == user.pk
        and recorder is not None
        and recorder.pk not in {player.pk for player, _points in results}
    ):
        ERRORS.refuse("recorder_left_out", field="results")
    sitting.season, sitting.date, sitting.variant = season, date, variant
    sitting.name, sitting.event, sitting.reason = name, event, reason
    _save(sitting, user, reason)
    _results_set(sitting, results, user, reason)
    return sitting


@transaction.atomic
def sitting_void(*, sitting: VariantSitting, user: Any, reason: str) -> VariantSitting:
    """Void a sitting with a reason (R15): it counts nowhere; the row and its history
    stay."""
    sitting = _locked(sitting)
    _may_change(sitting, user)
    reason = _check_reason(reason, ERRORS.error("reason__sitting_void", field="reason"))
    sitting.status = VariantSitting.Status.VOID
    sitting.reason = reason
    _save(sitting, user, reason)
    return sitting
