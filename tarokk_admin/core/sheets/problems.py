"""The one shape of a spreadsheet's problem: ``{code, line, column, message}``.

``line`` is the CSV line or the sheet's row number as a spreadsheet program shows it
(1 is the header; 0 for the file as a whole); ``column`` is the column's heading as
the file writes it ("" when the problem is the whole row or file); ``code`` a stable
snake_case word; ``message`` one sentence in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _


@dataclass(frozen=True)
class Problem:
    code: str
    line: int
    column: str
    message: str

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Problem:
        return cls(
            code=str(data.get("code", "")),
            line=int(data.get("line", 0)),
            column=str(data.get("column", "")),
            message=str(data.get("message", "")),
        )


class SheetError(Exception):
    """The file cannot be read as a spreadsheet at all (one problem)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def column_letter(index: int) -> str:
    """A spreadsheet's column letters, from 0: A … Z, AA …"""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def problem_where(
    problem: Problem | dict[str, Any], *, xlsx: bool = False, header: list[str] = ()
) -> str:
    """Where a problem is, as people look for it: "line 5, column player" in a CSV
    file, "row 5, column C (player)" in a workbook; "" for the whole file."""
    if isinstance(problem, dict):
        problem = Problem.from_json(problem)
    if problem.line <= 0:
        return ""
    where = (_("row %(n)s") if xlsx else _("line %(n)s")) % {"n": problem.line}
    if not problem.column:
        return where
    column = problem.column
    if xlsx and problem.column in header:
        column = f"{column_letter(list(header).index(problem.column))} ({column})"
    return _("%(where)s, column %(column)s") % {"where": where, "column": column}
