"""Reading variant sittings (R15): who may see, confirm or change one, the lists of
the players' and officials' pages, and a sitting's change history. Each function
runs a fixed number of queries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from competitions.models import Player, Season, SittingResult, VariantSitting
from tarokk_admin.core.collation import hu
from tarokk_admin.core.history import change_line
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import is_official
from tarokk_admin.core.words import MARK, shown

LIST_LIMIT = 50
HISTORY_ROWS = 100


@dataclass(frozen=True)
class SittingRights:
    """What a user may do with a sitting (R15)."""

    see: bool
    confirm: bool
    correct: bool  # correct or void
    official: bool
    at_table: bool
    recorder: bool


def player_of(user: Any) -> Player | None:
    """The player record linked to the user's account (one query, kept on the
    user for the rest of the request), or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    if not hasattr(user, "_tarokk_player"):
        user._tarokk_player = Player.objects.filter(user=user).first()
    return user._tarokk_player


def sitting_player_ids(sitting: VariantSitting) -> set[int]:
    return {row.player_id for row in sitting.results.all() if row.player_id}


def sitting_rights(sitting: VariantSitting, user: Any) -> SittingRights:
    """A confirmed sitting is public; a pending or void one is seen by its table, its
    recorder and officials. Another player of the table or an official confirms; the
    recorder changes it before confirmation, an official at any time."""
    official = is_official(user)
    me = player_of(user)
    at_table = me is not None and me.pk in sitting_player_ids(sitting)
    recorder = bool(
        getattr(user, "is_authenticated", False)
        and sitting.recorded_by_id is not None
        and sitting.recorded_by_id == user.pk
    )
    status = sitting.status
    pending = status == VariantSitting.Status.PENDING
    return SittingRights(
        see=status == VariantSitting.Status.CONFIRMED
        or official
        or at_table
        or recorder,
        confirm=pending and not recorder and (official or at_table),
        correct=status != VariantSitting.Status.VOID
        and (official or (pending and recorder)),
        official=official,
        at_table=at_table,
        recorder=recorder,
    )


def _with_results(sittings: QuerySet[VariantSitting]) -> QuerySet[VariantSitting]:
    return sittings.select_related(
        "season", "recorded_by__player", "confirmed_by__player"
    ).prefetch_related(
        Prefetch(
            "results",
            queryset=SittingResult.objects.select_related("player", "team").order_by(
                "-points", "id"
            ),
        )
    )


def sitting_detail(pk: int) -> VariantSitting | None:
    """The sitting with its results, their players and teams: two queries."""
    return _with_results(VariantSitting.objects.filter(pk=pk)).first()


def sittings_of_player(
    player: Player, *, limit: int = LIST_LIMIT
) -> list[VariantSitting]:
    """The sittings the player sat at, newest first, with their results."""
    return list(
        _with_results(
            VariantSitting.objects.filter(results__player=player).distinct()
        ).order_by("-date", "-id")[:limit]
    )


def sittings_pending(
    *, year: int | None = None, limit: int = LIST_LIMIT
) -> list[VariantSitting]:
    """Every sitting awaiting confirmation, oldest first (for officials); only the
    year's when one is given."""
    sittings = VariantSitting.objects.filter(status=VariantSitting.Status.PENDING)
    if year is not None:
        sittings = sittings.filter(season__year=year)
    return list(_with_results(sittings).order_by("date", "id")[:limit])


def sittings_of_season(
    season: Season,
    *,
    status: str = "",
    variant: str = "",
    limit: int = LIST_LIMIT,
) -> list[VariantSitting]:
    """The season's sittings, newest first, narrowed by status and variant."""
    sittings = VariantSitting.objects.filter(season=season)
    if status:
        sittings = sittings.filter(status=status)
    if variant:
        sittings = sittings.filter(variant=variant)
    return list(_with_results(sittings).order_by("-date", "-id")[:limit])


@dataclass
class Change:
    when: Any
    who: str
    what: str
    changes: list[str]
    reason: str


_SITTING_FIELDS = ("date", "variant", "name", "event")


def _who(row: Any) -> str:
    user = row.history_user
    return person_name(user) if user else _("the system")


def _what(row: Any, before: Any) -> str:
    if row.history_type == "+":
        return _("recorded")
    if before is not None and before.status != row.status:
        if row.status == VariantSitting.Status.CONFIRMED:
            return _("confirmed")
        if row.status == VariantSitting.Status.VOID:
            return _("voided")
    return _("corrected")


def _sitting_changes(rows: list[Any]) -> list[Change]:
    entries: list[Change] = []
    before = None
    for row in rows:
        changes = []
        if before is not None:
            for field in _SITTING_FIELDS:
                old, new = getattr(before, field), getattr(row, field)
                if old != new:
                    changes.append(change_line(VariantSitting, field, old, new))
        what = _what(row, before)
        reason = "" if what in (_("recorded"), _("confirmed")) else row.reason
        if row.history_type == "+" and (row.history_change_reason or "")[:1] == MARK:
            # Where the record came from (a sittings file's line, a paper sheet),
            # in the reader's language; a plain "recorded" says nothing more.
            reason = shown(row.history_change_reason)
            reason = "" if reason == what else reason
        entries.append(Change(row.history_date, _who(row), what, changes, reason))
        before = row
    return entries


def _result_change(row: Any, before: Any) -> str:
    who = row.player.name if row.player else (row.team.name if row.team else "?")
    if row.history_type == "-":
        return _("%(who)s removed") % {"who": who}
    if before is not None:
        return f"{who}: {before.points} → {row.points}"
    return f"{who}: {row.points}"


def sitting_history(sitting: VariantSitting) -> list[Change]:
    """Who recorded, confirmed, corrected or voided the sitting, when and why, with
    what changed in its results; newest first. Two queries."""
    sitting_rows = list(
        sitting.history.select_related("history_user__player").order_by(
            "history_date", "history_id"
        )
    )
    result_rows = list(
        SittingResult.history.filter(sitting_id=sitting.pk)
        .select_related("player", "team")
        .order_by("history_date", "history_id")
    )
    entries = _sitting_changes(sitting_rows)
    previous: dict[int, Any] = {}
    for row in result_rows:
        change = _result_change(row, previous.get(row.id))
        previous[row.id] = row
        # A result changes in the same transaction as its sitting, just after it.
        owner = next((e for e in reversed(entries) if e.when <= row.history_date), None)
        if owner is not None:
            owner.changes.append(change)
    entries.reverse()
    return entries[:HISTORY_ROWS]


def players_offered() -> list[tuple[str, str]]:
    """Every active player as the sitting form offers them: (name, number)."""
    return list(
        Player.objects.filter(active=True)
        .order_by(hu("name"))
        .values_list("name", "federation_number")
    )


def game_names() -> list[str]:
    """The names already used for Royal variants, training and test games."""
    return sorted(
        set(
            VariantSitting.objects.exclude(name="")
            .exclude(status=VariantSitting.Status.VOID)
            .values_list("name", flat=True)
        ),
        key=str.casefold,
    )


def sittings_to_confirm(player: Player) -> list[VariantSitting]:
    """Sittings the player sat at, recorded by someone else, still pending."""
    return list(
        _with_results(
            VariantSitting.objects.filter(
                results__player=player, status=VariantSitting.Status.PENDING
            )
            .exclude(recorded_by_id=player.user_id)
            .distinct()
        ).order_by("date", "id")
    )


def sitting_same(
    season: Season,
    date: dt.date,
    variant: str,
    name: str,
    event: str,
    results: Sequence[tuple[Any, int]],
) -> VariantSitting | None:
    """The sitting that is not void with the same day, game, event, players and
    points as these, if one is recorded (a sittings file's row already stored)."""
    wanted = {(player.pk, points) for player, points in results}
    same = VariantSitting.objects.filter(
        season=season, date=date, variant=variant, name=name, event=event
    ).exclude(status=VariantSitting.Status.VOID)
    for sitting in same.prefetch_related("results").select_related("recorded_by"):
        if {(r.player_id, r.points) for r in sitting.results.all()} == wanted:
            return sitting
    return None
