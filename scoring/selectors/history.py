"""The change history of a match, its hands and its results, for officials
(django-simple-history): who, when, what changed and why — a captain's dispute with
its note, an official's resolution with theirs (R15). Three queries whatever the
number of rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from competitions.models import Match, MatchResult
from scoring.models import Hand
from tarokk_admin.core.history import EMPTY, change_line
from tarokk_admin.core.people import person_name
from tarokk_admin.core.words import shown

HISTORY_ROWS = 100

_MATCH_FIELDS = (
    "status",
    "date",
    "time",
    "venue",
    "public",
    "referee_id",
    "first_attack_id",
    "completed_at",
)
_HAND_FIELDS = ("attack_score", "defence_score", "version", "record")
_RESULT_FIELDS = ("answer", "total", "points")


@dataclass
class Change:
    when: Any
    who: str
    what: str
    changes: list[str]
    reason: str


def _team_name(match: Match) -> Any:
    teams = {match.team_a_id: match.team_a.name, match.team_b_id: match.team_b.name}
    return lambda value: teams.get(value, EMPTY)


def _diffs(match: Match, fields: tuple[str, ...], old: Any, new: Any) -> list[str]:
    out = []
    model = {_HAND_FIELDS: Hand, _RESULT_FIELDS: MatchResult}.get(fields, Match)
    for name in fields:
        before, after = getattr(old, name), getattr(new, name)
        if before == after:
            continue
        if name == "record":
            out.append(_("hand record changed"))
        elif name == "first_attack_id":
            out.append(change_line(model, name, before, after, _team_name(match)))
        elif name == "referee_id":
            out.append(change_line(model, name, before, after, _username(old, new)))
        else:
            out.append(change_line(model, name, before, after))
    if fields is _RESULT_FIELDS and old.answer != new.answer:
        out += _answer_note(new)
    return out


def _answer_note(row: Any) -> list[str]:
    """Why a result's answer changed: the captain's note of a dispute, the
    official's note of its resolution."""
    if row.answer == MatchResult.Answer.DISPUTED and row.answer_note:
        return [_("Dispute: %(note)s") % {"note": row.answer_note}]
    if row.answer == MatchResult.Answer.RESOLVED and row.resolution_note:
        return [_("Resolution: %(note)s") % {"note": row.resolution_note}]
    return []


def _username(old: Any, new: Any) -> Any:
    """The referee's account name (the history rows carry the accounts)."""
    names = {
        row.referee_id: person_name(row.referee)
        for row in (old, new)
        if row.referee_id is not None
    }
    return lambda value: names.get(value, EMPTY)


def _entries(
    match: Match, rows: list[Any], fields: tuple[str, ...], title: Any
) -> list[Change]:
    entries = []
    previous: dict[int, Any] = {}
    for row in rows:
        before = previous.get(row.id)
        kind = {"+": _("created"), "-": _("deleted")}.get(row.history_type, "")
        if row.history_type == "~" and before is not None:
            changes = _diffs(match, fields, before, row)
        elif row.history_type == "+" and fields is _HAND_FIELDS:
            changes = [
                _("attack %(a)s, defence %(d)s")
                % {"a": row.attack_score, "d": row.defence_score}
            ]
        else:
            changes = []
        previous[row.id] = row
        user = row.history_user
        entries.append(
            Change(
                when=row.history_date,
                who=person_name(user) if user else _("the system"),
                what=f"{title(row)} {kind}".strip(),
                changes=changes or ([] if kind else [_("saved, nothing changed")]),
                reason=shown(row.history_change_reason),
            )
        )
    return entries


def match_history(match: Match) -> list[Change]:
    """The newest changes first, at most HISTORY_ROWS."""
    match_rows = list(
        match.history.select_related(
            "history_user__player", "referee__player"
        ).order_by("history_date")
    )
    hand_rows = list(
        Hand.history.filter(match_id=match.pk)
        .select_related("history_user__player")
        .order_by("history_date", "history_id")
    )
    entries = _entries(match, match_rows, _MATCH_FIELDS, lambda r: _("Match"))
    entries += _entries(
        match,
        hand_rows,
        _HAND_FIELDS,
        lambda r: _("Hand %(n)s") % {"n": r.number},
    )
    result_rows = list(
        MatchResult.history.filter(match_id=match.pk)
        .select_related("history_user", "team")
        .order_by("history_date", "history_id")
    )
    entries += _entries(
        match,
        result_rows,
        _RESULT_FIELDS,
        lambda r: _("Result of %(team)s") % {"team": r.team.name},
    )
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries[:HISTORY_ROWS]
