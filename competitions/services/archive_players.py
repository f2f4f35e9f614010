"""The federation's player register from its archive (HAND_RECORD.md "Archive files",
**players**): one row a player, registered through ``player_register``.

A row whose federation number the federation already has is "already known" and
changes nothing, unless it says something else about that player (another name, or
a club or an active flag it gives and the record does not have), which is a problem
of that row: the archive never overwrites a player. An optional cell left empty
says nothing about a known player; a new player gets no club and is active. A
number may appear once in the file. All or nothing, like every archive file.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from competitions.models import Player
from competitions.services.players import player_number_clean, player_register
from tarokk_admin.core.archive import (
    ArchiveKind,
    ArchiveOutcome,
    ArchiveRow,
    Progress,
    archive_store,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.sheets import (
    CellProblem,
    Column,
    Header,
    ParsedRow,
    Problem,
    Sheet,
    header_match,
    rows_parse,
)
from tarokk_admin.core.sheets.columns import problems_sorted
from tarokk_admin.core.sheets.parsers import text, yes_no
from tarokk_admin.core.words import app_words

NAME_MAX = 120


def _number(raw: str, context: Any) -> str:
    try:
        return player_number_clean(raw)
    except ServiceError as error:
        raise CellProblem("bad_number", f"{raw}: {error.message}") from error


COLUMNS = (
    Column("federation_number", "igazolásszám", required=True, parse=_number),
    Column("name", "név", required=True, parse=text(NAME_MAX)),
    Column("club", "klub", parse=text(NAME_MAX)),
    Column("active", "aktív", parse=yes_no),
)


def _yes_no(value: bool) -> str:
    return _("yes") if value else _("no")


def _shown(values: dict[str, Any]) -> dict[str, str]:
    active = values["active"]
    return {
        "federation_number": values["federation_number"],
        "name": values["name"],
        "club": values["club"] or "",
        "active": _yes_no(True if active is None else active),
    }


def _differences(row: ParsedRow, player: Player, header: Header) -> list[Problem]:
    """What the row says about a known player that the record does not."""
    values = row.values
    said = [("name", values["name"], player.name)]
    if values["club"] is not None:
        said.append(("club", values["club"], player.club))
    if values["active"] is not None:
        said.append(("active", values["active"], player.active))
    problems = []
    for column, in_file, on_record in said:
        if in_file == on_record:
            continue
        if isinstance(in_file, bool):
            in_file, on_record = _yes_no(in_file), _yes_no(on_record)
        problems.append(
            Problem(
                "differs",
                row.line,
                header.written.get(column, column),
                _(
                    "%(number)s is already %(name)s's number, with %(record)s here "
                    "and %(file)s in the file: the archive does not change a known "
                    "player. Correct the file, or the player's record first."
                )
                % {
                    "number": player.federation_number,
                    "name": player.name,
                    "record": on_record or '""',
                    "file": in_file or '""',
                },
            )
        )
    return problems


def _plan(sheet: Sheet) -> tuple[ArchiveOutcome, list[ParsedRow]]:
    """The outcome of checking the file, and the rows of the new players."""
    outcome = ArchiveOutcome(kind="players")
    new: list[ParsedRow] = []
    header, problems = header_match(sheet, COLUMNS)
    if problems:
        outcome.problems = problems
        return outcome, new
    rows, problems = rows_parse(sheet, header, COLUMNS)
    outcome.rows = len(rows)
    numbers = {r.values["federation_number"] for r in rows} - {None}
    known = {
        p.federation_number: p
        for p in Player.objects.filter(federation_number__in=numbers)
    }
    first_line: dict[str, int] = {}
    for row in rows:
        number = row.values["federation_number"]
        if number is None:
            continue
        if number in first_line:
            problems.append(
                Problem(
                    "repeated_number",
                    row.line,
                    header.written["federation_number"],
                    _("%(number)s is already on line %(line)s of the file.")
                    % {"number": number, "line": first_line[number]},
                )
            )
            continue
        first_line[number] = row.line
        if row.values["name"] is None:
            continue
        player = known.get(number)
        if player is None:
            outcome.new.append(ArchiveRow(row.line, _shown(row.values)))
            new.append(row)
            continue
        differences = _differences(row, player, header)
        problems.extend(differences)
        if not differences:
            outcome.known.append(
                ArchiveRow(
                    row.line,
                    _shown(row.values),
                    app_words(
                        gettext_noop("already known: %(name)s (%(number)s)"),
                        limit=None,
                        name=player.name,
                        number=number,
                    ),
                )
            )
    outcome.problems = problems_sorted(problems, header)
    return outcome, new


def players_archive_check(sheet: Sheet) -> ArchiveOutcome:
    """What the file would store: new players, known ones, every problem. Reads only."""
    return _plan(sheet)[0]


def players_archive_store(
    sheet: Sheet,
    *,
    user: Any,
    progress: Progress | None = None,
    run_id: int | None = None,
) -> ArchiveOutcome:
    """Check the file again and register its new players, all or nothing (the
    caller's transaction rolls back when the outcome has problems)."""
    outcome, new = _plan(sheet)
    reason = app_words(
        gettext_noop("from the archive file %(file)s"), file=sheet.source
    )

    def register(rows: Sequence[Any]) -> None:
        (row,) = rows
        player_register(
            name=row.values["name"],
            federation_number=row.values["federation_number"],
            club=row.values["club"] or "",
            active=row.values["active"] is not False,
            user=user,
            reason=reason,
        )

    # A refusal (e.g. the number registered meanwhile) is that row's problem.
    return archive_store(
        outcome, new, register, line=lambda row: row.line, progress=progress
    )


def _count(n: int) -> str:
    return ngettext("%(n)s player", "%(n)s players", n) % {"n": n}


PLAYERS_KIND = ArchiveKind(
    name="players",
    label=gettext_lazy("Players"),
    columns=COLUMNS,
    check=players_archive_check,
    store=players_archive_store,
    count=_count,
)
