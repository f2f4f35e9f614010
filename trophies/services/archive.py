"""The trophy list's past from the federation's archive (HAND_RECORD.md "Archive
files", **trophies**; R14): one row a trophy award made before the app.

An archive award has no match, hand or sitting; it credits the catalogue value (a
``points`` cell that differs is a problem of its row) and counts toward the cups
like any other. Every row is checked (``archive_rows``); nothing is stored unless
every row is good. A row equal to an archive award already stored (date, player,
trophy, partner, event) is reported as already stored and never stored again —
also when an official has since corrected that award, or withdrawn it (its history
keeps the row's key). The awards are stored in bulk with their history, then the
players' points and cups are recomputed over their whole history in the same
transaction (cups the app had given move to the date the archive makes them), and
the officials are told once what the import changed (``trophy_cups``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from competitions.models import Variant
from competitions.selectors.player_names import PlayerIndex
from scoring.engine import feast_name
from scoring.engine.catalogue import FEASTS
from tarokk_admin.core.archive import (
    ArchiveKind,
    ArchiveOutcome,
    ArchiveRow,
    Progress,
    archive_store,
)
from tarokk_admin.core.bulk import history_copy
from tarokk_admin.core.sheets import (
    Header,
    ParsedRow,
    Problem,
    Sheet,
    header_match,
    rows_parse,
)
from tarokk_admin.core.sheets.columns import problems_sorted
from tarokk_admin.core.words import app_words
from trophies.models import TrophyAward
from trophies.services.archive_rows import COLUMNS, archive_key
from trophies.services.trophy_cups import (
    trophy_cups_archive_notice_queue,
    trophy_cups_update,
)

BATCH = 1000
ARCHIVE = TrophyAward.Source.ARCHIVE


@dataclass(frozen=True)
class _Award:
    line: int
    key: str
    player_id: int
    partner_id: int | None
    feast: str
    date: Any
    event: str
    variant: str


def _row_award(
    row: ParsedRow, header: Header, problems: list[Problem]
) -> _Award | None:
    """The award a parsed row makes, after the checks across its cells."""
    values = row.values
    player, partner, feast = values["player"], values["partner"], values["trophy"]
    written = header.written
    if player is not None and partner is not None and partner.pk == player.pk:
        problems.append(
            Problem(
                "same_player",
                row.line,
                written["partner"],
                _(
                    "The partner is %(name)s, the player credited: leave it empty or "
                    "name the partner."
                )
                % {"name": player.label},
            )
        )
        return None
    if feast is not None and values["points"] is not None:
        value = FEASTS[feast].value
        if values["points"] != value:
            problems.append(
                Problem(
                    "points_differ",
                    row.line,
                    written["points"],
                    _(
                        "%(trophy)s is worth %(value)s trophy points (R13), not "
                        "%(points)s: the catalogue value is credited (R14). Correct "
                        "the cell or leave it empty."
                    )
                    % {
                        "trophy": feast_name(feast),
                        "value": value,
                        "points": values["points"],
                    },
                )
            )
            return None
    if None in (values["date"], player, feast):
        return None
    if row.cells["partner"] and partner is None:
        return None  # a partner named, but not found: reported already
    event = values["event"] or ""
    partner_id = partner.pk if partner is not None else None
    return _Award(
        line=row.line,
        key=archive_key(
            date=values["date"],
            player_id=player.pk,
            feast=feast,
            partner_id=partner_id,
            event=event,
        ),
        player_id=player.pk,
        partner_id=partner_id,
        feast=feast,
        date=values["date"],
        event=event,
        variant=values["variant"] or "",
    )


class _Stored:
    """The archive awards stored already, live or withdrawn, by the key of the row
    they came from (and a live one also by its key as corrected): each answers for
    one row of a file."""

    def __init__(self) -> None:
        self.slots: dict[str, list[tuple[str, str]]] = defaultdict(list)
        self.used: set[str] = set()
        live = TrophyAward.objects.filter(source=ARCHIVE).values_list(
            "pk", "archive_key", "date", "player_id", "feast", "partner_id", "event"
        )
        note = app_words(gettext_noop("already stored"))
        for pk, key, date, player_id, feast, partner_id, event in live:
            self.slots[key].append((f"a{pk}", note))
            now = archive_key(
                date=date,
                player_id=player_id,
                feast=feast,
                partner_id=partner_id,
                event=event,
            )
            if now != key:
                self.slots[now].append((f"a{pk}", note))
        withdrawn = TrophyAward.history.filter(
            history_type="-", source=ARCHIVE
        ).values_list("history_id", "archive_key", "history_date")
        for history_id, key, when in withdrawn:
            note = app_words(
                gettext_noop("withdrawn by an official on %(date)s; not stored again"),
                date=when.date().isoformat(),
            )
            self.slots[key].append((f"w{history_id}", note))

    def take(self, key: str) -> str | None:
        """The note of a stored award this row equals, or None (a new row)."""
        for slot, note in self.slots.get(key, ()):
            if slot not in self.used:
                self.used.add(slot)
                return note
        return None


class _Names(dict[str, str]):
    """Trophy and variant names in the reader's language, each translated once."""

    def __missing__(self, code: str) -> str:
        name = ""
        if code in FEASTS:
            name = feast_name(code)
        elif code:
            name = str(Variant(code).label)
        self[code] = name
        return name


def _shown(award: _Award, row: ParsedRow, names: _Names) -> dict[str, str]:
    values = row.values
    partner = values["partner"]
    return {
        "date": award.date.isoformat(),
        "player": values["player"].label,
        "trophy": names[award.feast],
        "partner": partner.label if partner is not None else "",
        "event": award.event,
        "variant": names[award.variant],
        "points": str(FEASTS[award.feast].value),
    }


def _plan(sheet: Sheet) -> tuple[ArchiveOutcome, list[_Award]]:
    outcome = ArchiveOutcome(kind="trophies")
    header, problems = header_match(sheet, COLUMNS)
    if problems:
        outcome.problems = problems
        return outcome, []
    index = PlayerIndex()
    rows, problems = rows_parse(sheet, header, COLUMNS, index)
    outcome.rows = len(rows)
    stored = _Stored()
    names = _Names()
    new: list[_Award] = []
    for row in rows:
        award = _row_award(row, header, problems)
        if award is None:
            continue
        shown = ArchiveRow(row.line, _shown(award, row, names))
        note = stored.take(award.key)
        if note is None:
            new.append(award)
            outcome.new.append(shown)
        else:
            outcome.known.append(ArchiveRow(row.line, shown.cells, note))
    outcome.problems = problems_sorted(problems, header)
    return outcome, new


def trophies_archive_check(sheet: Sheet) -> ArchiveOutcome:
    """What the file would store: new awards, rows already stored, every problem.
    Reads only."""
    return _plan(sheet)[0]


def trophies_archive_store(
    sheet: Sheet,
    *,
    user: Any,
    progress: Progress | None = None,
    run_id: int | None = None,
) -> ArchiveOutcome:
    """Check the file again, store its new awards with their history, and bring
    the players' points and cups in line, all in the caller's transaction (rolled
    back by the caller when the outcome has problems)."""
    outcome, new = _plan(sheet)
    reason = app_words(
        gettext_noop("from the archive file %(file)s"), file=sheet.source
    )

    def store(rows: Sequence[Any]) -> None:
        batch = TrophyAward.objects.bulk_create(
            [
                TrophyAward(
                    player_id=award.player_id,
                    partner_id=award.partner_id,
                    feast=award.feast,
                    value=FEASTS[award.feast].value,
                    date=award.date,
                    variant=award.variant,
                    event=award.event,
                    source=ARCHIVE,
                    archive_key=award.key,
                    import_run_id=run_id,
                    entered_by=user,
                )
                for award in rows
            ]
        )
        history_copy(
            TrophyAward,
            [award.pk for award in batch],
            history_type="+",
            reason=reason,
            user=user,
        )

    archive_store(
        outcome,
        new,
        store,
        line=lambda award: award.line,
        progress=progress,
        batch=BATCH,
        every=BATCH,
    )
    if outcome.ok and new:
        changes = trophy_cups_update(player_ids={award.player_id for award in new})
        trophy_cups_archive_notice_queue(changes, source=sheet.source)
    return outcome


def _count(n: int) -> str:
    return ngettext("%(n)s trophy award", "%(n)s trophy awards", n) % {"n": n}


TROPHIES_KIND = ArchiveKind(
    name="trophies",
    label=gettext_lazy("Trophy list"),
    columns=COLUMNS,
    check=trophies_archive_check,
    store=trophies_archive_store,
    count=_count,
)
