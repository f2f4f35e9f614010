"""Columns declared as data, the header matched to them, and each row's cells parsed.

A :class:`Column` has its English name (the key its value is known by), its
Hungarian name, whether it is required and a parser: ``parse(text, context)``
returns the value or raises :class:`CellProblem` with a code and a sentence. The
header may use either language, in any order, case and accents aside ("Dátum",
"datum"); a heading that is no column, or one column twice (in either language), is
refused, and so is a required column left out. A required cell left empty is a
problem of its row; an optional one is ``None`` and its parser is not called.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tarokk_admin.core.sheets.problems import Problem
from tarokk_admin.core.sheets.reader import Sheet, SheetRow
from tarokk_admin.core.text import fold

Parser = Callable[[str, Any], Any]


class CellProblem(Exception):
    """A cell's value cannot be used: a stable code and one sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _as_text(raw: str, context: Any) -> str:
    return raw


@dataclass(frozen=True)
class Column:
    name: str
    hungarian: str = ""
    required: bool = False
    parse: Parser = _as_text

    def written(self, language: str) -> str:
        """The column's name in the header's language."""
        return self.hungarian if language == "hu" and self.hungarian else self.name


@dataclass
class Header:
    """Which column of the sheet holds each declared column, and the headings as
    written (a problem names the column as the file does)."""

    positions: dict[str, int] = field(default_factory=dict)
    written: dict[str, str] = field(default_factory=dict)
    language: str = "en"
    width: int = 0  # cells up to the last heading


@dataclass(frozen=True)
class ParsedRow:
    """A row's values by column name (``None``: left empty) and its cells as
    written, by column name."""

    line: int
    values: dict[str, Any]
    cells: dict[str, str]


def _lookup(columns: tuple[Column, ...]) -> dict[str, tuple[Column, str]]:
    names: dict[str, tuple[Column, str]] = {}
    for column in columns:
        names[fold(column.name)] = (column, "en")
        if column.hungarian:
            names[fold(column.hungarian)] = (column, "hu")
    return names


def header_match(
    sheet: Sheet, columns: tuple[Column, ...]
) -> tuple[Header, list[Problem]]:
    """The header's columns, or the problems that make the file unreadable."""
    names = _lookup(columns)
    known = ", ".join(
        f"{c.name} ({c.hungarian})" if c.hungarian else c.name for c in columns
    )
    header, problems = Header(), []
    languages = {"en": 0, "hu": 0}
    line = sheet.header_line
    for index, heading in enumerate(sheet.header):
        if not heading:
            continue
        header.width = index + 1
        found = names.get(fold(" ".join(heading.split())))
        if found is None:
            problems.append(
                Problem(
                    "unknown_column",
                    line,
                    heading,
                    _("Unknown column %(name)s; the columns are %(columns)s.")
                    % {"name": heading, "columns": known},
                )
            )
            continue
        column, language = found
        languages[language] += 1
        if column.name in header.positions:
            problems.append(
                Problem(
                    "repeated_column",
                    line,
                    heading,
                    _("Column %(name)s appears twice (also as %(first)s).")
                    % {"name": heading, "first": header.written[column.name]},
                )
            )
            continue
        header.positions[column.name] = index
        header.written[column.name] = heading
    header.language = "hu" if languages["hu"] > languages["en"] else "en"
    for column in columns:
        if column.required and column.name not in header.positions:
            name = column.written(header.language)
            problems.append(
                Problem(
                    "missing_column",
                    line,
                    name,
                    _("The required column %(name)s is missing.") % {"name": name},
                )
            )
    return header, problems


def _heading(sheet: Sheet, index: int) -> str:
    return sheet.header[index] if index < len(sheet.header) else ""


def row_shape(row: SheetRow, header: Header, sheet: Sheet) -> Problem | None:
    """A CSV row with fewer cells than the header, or a value under no heading."""
    if not sheet.xlsx and len(row.cells) < header.width:
        return Problem(
            "cell_count",
            row.line,
            "",
            _("The row has %(got)s cells; the header has %(want)s.")
            % {"got": len(row.cells), "want": header.width},
        )
    for index, cell in enumerate(row.cells):
        if cell.strip() and not _heading(sheet, index):
            return Problem(
                "extra_cell",
                row.line,
                "",
                _(
                    "The row has a value (%(value)s) in a column without a "
                    "heading; remove it or give the column its name."
                )
                % {"value": cell.strip()[:40]},
            )
    return None


def rows_parse(
    sheet: Sheet, header: Header, columns: tuple[Column, ...], context: Any = None
) -> tuple[list[ParsedRow], list[Problem]]:
    """Every non-empty row's values, and every problem of its cells. A row with a
    problem is still returned (its bad cells ``None``) so that checks across rows
    can go on; it is never stored, since a file with a problem stores nothing."""
    parsed: list[ParsedRow] = []
    problems: list[Problem] = []
    for row in sheet.rows:
        if not any(cell.strip() for cell in row.cells):
            continue
        shape = row_shape(row, header, sheet)
        if shape is not None:
            problems.append(shape)
            continue
        values: dict[str, Any] = {}
        cells: dict[str, str] = {}
        for column in columns:
            index = header.positions.get(column.name)
            raw = ""
            if index is not None and index < len(row.cells):
                raw = row.cells[index].strip()
            cells[column.name] = raw
            values[column.name] = None
            if not raw:
                if column.required:
                    written = header.written.get(column.name, column.name)
                    problems.append(
                        Problem(
                            "required",
                            row.line,
                            written,
                            _("%(column)s must not be empty.") % {"column": written},
                        )
                    )
                continue
            try:
                values[column.name] = column.parse(raw, context)
            except CellProblem as problem:
                problems.append(
                    Problem(
                        problem.code,
                        row.line,
                        header.written.get(column.name, column.name),
                        problem.message,
                    )
                )
        parsed.append(ParsedRow(row.line, values, cells))
    return parsed, problems


def problems_sorted(
    problems: list[Problem], header: Header | None = None
) -> list[Problem]:
    """By line, then by the column's place in the file."""
    order = {}
    if header is not None:
        order = {
            written: header.positions[name] for name, written in header.written.items()
        }
    return sorted(problems, key=lambda p: (p.line, order.get(p.column, -1)))
