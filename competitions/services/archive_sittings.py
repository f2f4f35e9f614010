"""Sittings from a file (R15; ``docs/SITTINGS_FILE.md``): an official copies paper
sheets of variant sittings into a spreadsheet, one row a sitting with its players'
columns side by side as the sheet has them, and imports it like an archive file
(``tarokk_admin/core/archive.py``, the kind ``sittings``).

Each row passes the checks of the paper form — the same service functions
(``sitting_paper_checked`` to check, ``sitting_record_from_paper`` to store), so a
sitting the form refuses the file refuses with the same code and message, on the
row's line and the column of the field. Players are found as in every archive file
(``PlayerIndex``: a federation number, or a name only one player has, case and
accents aside; never a guess). Stored sittings are confirmed by the official who
imports the file, the sheet's note kept, the file and line named in the history.
A row equal to a sitting already recorded (``sitting_same``: day, game, event,
players and points, not void) is "already stored", so a file imported again stores
nothing; two equal rows in one file are a problem (the form refuses the second).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from competitions.models import Player, Season, Variant
from competitions.selectors.player_names import PlayerIndex
from competitions.selectors.sittings import sitting_same
from competitions.services.sittings import (
    PLAYERS_MAX,
    sitting_paper_checked,
    sitting_record_from_paper,
)
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
from tarokk_admin.core.sheets.parsers import HUNGARIAN_DATE, ISO_DATE
from tarokk_admin.core.text import fold
from tarokk_admin.core.words import app_words

PLAYERS_REQUIRED = 3  # R15: the header has at least three players' columns
POINTS = re.compile(r"^[+-]?\d{1,9}$")
DEFAULT_VARIANT = Variant.ROYAL_VARIANT  # an empty variant cell: a Royal variant


def _date(raw: str, context: Any) -> dt.date:
    """``YYYY-MM-DD`` or ``YYYY.MM.DD.``; a day in the future is the service's
    refusal (the form's message), not the reader's."""
    match = ISO_DATE.match(raw) or HUNGARIAN_DATE.match(raw)
    try:
        if match is None:
            raise ValueError(raw)
        return dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        raise CellProblem(
            "not_a_date",
            _("%(value)s is not a date written YYYY-MM-DD or YYYY.MM.DD.")
            % {"value": raw},
        ) from None


def _key(text: str) -> str:
    """Letters and digits only: "Császár tarokk", "csaszartarokk", "royal_variant"."""
    return "".join(ch for ch in fold(text) if ch.isalnum())


def _variant(raw: str, context: Any) -> str:
    """A variant by its code or its English or Hungarian name (R15)."""
    for variant in Variant:
        names = [variant.value]
        for language in ("en", "hu"):
            with translation.override(language):
                names.append(str(variant.label))
        if _key(raw) in {_key(name) for name in names}:
            return variant.value
    raise CellProblem(
        "unknown_variant",
        _(
            "%(value)s is not a variant game; leave the cell empty for a Royal "
            "variant, or write one of %(variants)s."
        )
        % {"value": raw, "variants": ", ".join(str(v.label) for v in Variant)},
    )


def _points(raw: str, context: Any) -> int:
    written = raw.replace("\u2212", "-").replace(" ", "")
    if not POINTS.match(written):
        raise CellProblem(
            "not_a_number",
            _("%(value)s is not a whole number of points.") % {"value": raw},
        )
    return int(written)


def _player(raw: str, context: PlayerIndex) -> Any:
    return context.find(raw)


def _player_columns() -> list[Column]:
    columns = []
    for n in range(1, PLAYERS_MAX + 1):
        required = n <= PLAYERS_REQUIRED
        columns.append(Column(f"player {n}", f"játékos {n}", required, _player))
        columns.append(Column(f"points {n}", f"pont {n}", required, _points))
    return columns


COLUMNS = (
    Column("date", "dátum", required=True, parse=_date),
    Column("variant", "változat", parse=_variant),
    Column("game name", "játék neve"),
    Column("event", "esemény"),
    *_player_columns(),
    Column("note", "megjegyzés", required=True),
)
# The header must hold the required columns; an empty cell of a player, points or
# note is the service's refusal (the form's), so the cells are parsed as optional.
_CELLS = tuple(
    column if column.name == "date" else replace(column, required=False)
    for column in COLUMNS
)
# The service's field -> the file's column.
_FIELD_COLUMN = {
    "date": "date",
    "variant": "variant",
    "name": "game name",
    "event": "event",
    "note": "note",
}


@dataclass(frozen=True)
class _Sitting:
    line: int
    season: Season
    date: dt.date
    variant: str
    name: str
    event: str
    note: str
    results: list[tuple[Player, int]]

    def key(self) -> tuple[Any, ...]:
        points = frozenset((player.pk, points) for player, points in self.results)
        # The game's name as the service will spell it: case and accents aside.
        return (self.date, self.variant, fold(self.name), self.event, points)


def _problem(
    row: ParsedRow, header: Header, column: str, code: str, text: str
) -> Problem:
    return Problem(code, row.line, header.written.get(column, ""), text)


def _results(
    row: ParsedRow, header: Header, players: dict[int, Player]
) -> tuple[list[tuple[Player, int]], list[Problem]]:
    """The row's players and points, pair by pair, as the form pairs them."""
    results, problems = [], []
    for n in range(1, PLAYERS_MAX + 1):
        player, points = row.values[f"player {n}"], row.values[f"points {n}"]
        if player is None and points is None:
            continue
        if player is None:
            problems.append(
                _problem(
                    row,
                    header,
                    f"player {n}",
                    "required",
                    _("Choose the player of these points."),
                )
            )
        elif points is None:
            problems.append(
                _problem(
                    row,
                    header,
                    f"points {n}",
                    "required",
                    _("Enter %(player)s's points.") % {"player": player.name},
                )
            )
        else:
            results.append((players[player.pk], points))
    return results, problems


def _row_sitting(
    row: ParsedRow, header: Header, players: dict[int, Player]
) -> tuple[_Sitting | None, list[Problem]]:
    """The sitting a row makes once the form's checks pass (``sitting_paper_checked``),
    or the row's problems."""
    results, problems = _results(row, header, players)
    if problems:
        return None, problems
    values = row.values
    variant = values["variant"] or DEFAULT_VARIANT
    try:
        season, name, event, note = sitting_paper_checked(
            date=values["date"],
            variant=variant,
            results=results,
            note=row.cells["note"],
            name=row.cells["game name"],
            event=row.cells["event"],
        )
    except ServiceError as error:
        column = _FIELD_COLUMN.get(error.field or "", "")
        return None, [_problem(row, header, column, error.code, error.message)]
    sitting = _Sitting(
        row.line, season, values["date"], variant, name, event, note, results
    )
    return sitting, []


def _shown(sitting: _Sitting) -> dict[str, str]:
    cells = {
        "date": sitting.date.isoformat(),
        "variant": str(Variant(sitting.variant).label),
        "game name": sitting.name,
        "event": sitting.event,
        "note": sitting.note,
    }
    for n, (player, points) in enumerate(sitting.results, 1):
        cells[f"player {n}"] = f"{player.name} ({player.federation_number})"
        cells[f"points {n}"] = str(points)
    return cells


def _known(sitting: _Sitting) -> str | None:
    """Why the row is already stored (a sitting equal to it is recorded), or None."""
    same = sitting_same(
        sitting.season,
        sitting.date,
        sitting.variant,
        sitting.name,
        sitting.event,
        sitting.results,
    )
    if same is None:
        return None
    return app_words(
        gettext_noop("already recorded on %(date)s by %(user)s"),
        limit=None,
        date=same.recorded_at.date().isoformat(),
        user=same.recorded_by.get_username() if same.recorded_by else "—",
    )


def _plan(sheet: Sheet) -> tuple[ArchiveOutcome, list[_Sitting]]:
    """The outcome of checking the file, and the sittings to store."""
    outcome = ArchiveOutcome(kind="sittings")
    header, problems = header_match(sheet, COLUMNS)
    if problems:
        outcome.problems = problems
        return outcome, []
    rows, problems = rows_parse(sheet, header, _CELLS, PlayerIndex())
    outcome.rows = len(rows)
    bad_lines = {problem.line for problem in problems}
    found = {
        row.values[f"player {n}"].pk
        for row in rows
        for n in range(1, PLAYERS_MAX + 1)
        if row.values[f"player {n}"] is not None
    }
    players = Player.objects.in_bulk(found)
    first_line: dict[tuple[Any, ...], int] = {}
    new: list[_Sitting] = []
    for row in rows:
        if row.line in bad_lines:
            continue
        sitting, row_problems = _row_sitting(row, header, players)
        problems.extend(row_problems)
        if sitting is None:
            continue
        key = sitting.key()
        if key in first_line:
            problems.append(
                _problem(
                    row,
                    header,
                    "",
                    "repeated_sitting",
                    _("The same sitting as on line %(line)s of the file.")
                    % {"line": first_line[key]},
                )
            )
            continue
        first_line[key] = row.line
        shown, note = _shown(sitting), _known(sitting)
        if note is None:
            new.append(sitting)
            outcome.new.append(ArchiveRow(row.line, shown))
        else:
            outcome.known.append(ArchiveRow(row.line, shown, note))
    outcome.problems = problems_sorted(problems, header)
    return outcome, new


def sittings_file_check(sheet: Sheet) -> ArchiveOutcome:
    """What the file would store: new sittings, those already recorded, every
    problem. Reads only."""
    return _plan(sheet)[0]


def sittings_file_store(
    sheet: Sheet,
    *,
    user: Any,
    progress: Progress | None = None,
    run_id: int | None = None,
) -> ArchiveOutcome:
    """Check the file again and record its sittings from paper, confirmed by
    ``user``, all or nothing (the caller's transaction rolls back when the outcome
    has problems)."""
    outcome, new = _plan(sheet)

    def record(sittings: Sequence[Any]) -> None:
        (sitting,) = sittings
        sitting_record_from_paper(
            user=user,
            date=sitting.date,
            variant=sitting.variant,
            results=sitting.results,
            note=sitting.note,
            name=sitting.name,
            event=sitting.event,
            why=app_words(
                gettext_noop("from the sittings file %(file)s, line %(line)s"),
                file=sheet.source,
                line=sitting.line,
            ),
        )

    # A refusal (e.g. recorded meanwhile, or not an official) is that row's problem.
    return archive_store(
        outcome, new, record, line=lambda sitting: sitting.line, progress=progress
    )


def _count(n: int) -> str:
    return ngettext("%(n)s sitting", "%(n)s sittings", n) % {"n": n}


SITTINGS_KIND = ArchiveKind(
    name="sittings",
    label=gettext_lazy("Free-games sittings from paper"),
    columns=COLUMNS,
    check=sittings_file_check,
    store=sittings_file_store,
    count=_count,
)
