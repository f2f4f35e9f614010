"""The one shape of a problem with what a person sent: a stable snake_case ``code``,
where it is, and one sentence (``message``) in the reader's language.

Where is either a **path**, a JSON Pointer into a JSON record (a matches file, a
hand record: ``/matches/4/record/hands/2/attack/trumps``), or a **line** and
**column** of a spreadsheet (a fixtures file, an archive file): the CSV line or the
sheet's row number as a spreadsheet program shows it (1 is the header, 0 the file as
a whole) and the column's heading as the file writes it ("" for the whole row).

Both imports report their refusals as problems, and their JSON keeps the shape
``HAND_RECORD.md`` gives each: ``{code, message, path}`` for a JSON record,
``{code, line, column, message}`` for a spreadsheet. A service's refusal becomes a
problem with :meth:`Problem.refused` (its code and message, placed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext as _

from tarokk_admin.core.errors import ServiceError


@dataclass(frozen=True)
class Problem:
    code: str
    line: int = 0
    column: str = ""
    message: str = ""
    # A JSON Pointer when the problem is of a JSON record (then line and column are
    # not used); None for a spreadsheet's problem.
    path: str | None = None
    # Where it is in words ("line 5, column player", "match 2 of the file, hand 3",
    # the audit's "match 12 (…)"): said by whoever shows it, never part of the JSON.
    where: str = field(default="", compare=False)
    # What to do about it, when the reader is to mend stored records (the audit).
    fix: str = field(default="", compare=False)

    @classmethod
    def at_path(cls, code: str, path: str, message: str) -> Problem:
        """A problem of a JSON record at ``path``."""
        return cls(code, message=message, path=path)

    @classmethod
    def refused(
        cls,
        error: ServiceError,
        *,
        line: int = 0,
        column: str = "",
        path: str | None = None,
    ) -> Problem:
        """A service's refusal (from its app's table) as the problem of a line or
        of a record's path."""
        return cls(error.code, line, column, error.message, path)

    def described(self, where: str) -> Problem:
        """The problem with its place in words, as a page shows it
        (``_problem_list.html``)."""
        return replace(self, where=where)

    @property
    def in_record(self) -> bool:
        """Whether the problem is of a JSON record (placed by its path)."""
        return self.path is not None

    def as_json(self) -> dict[str, Any]:
        if self.path is not None:
            return {"code": self.code, "message": self.message, "path": self.path}
        return {
            "code": self.code,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Problem:
        """Either shape, as :meth:`as_json` writes it (or the engine's errors)."""
        if "path" in data:
            return cls.at_path(
                str(data.get("code", "")),
                str(data.get("path") or ""),
                str(data.get("message", "")),
            )
        return cls(
            code=str(data.get("code", "")),
            line=int(data.get("line", 0)),
            column=str(data.get("column", "")),
            message=str(data.get("message", "")),
        )


def column_letter(index: int) -> str:
    """A spreadsheet's column letters, from 0: A … Z, AA …"""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def problem_where(
    problem: Problem | dict[str, Any],
    *,
    xlsx: bool = False,
    header: Sequence[str] = (),
) -> str:
    """Where a spreadsheet's problem is, as people look for it: "line 5, column
    player" in a CSV file, "row 5, column C (player)" in a workbook; "" for the
    whole file and for a record's problem (its path says where)."""
    if isinstance(problem, dict):
        problem = Problem.from_json(problem)
    if problem.in_record or problem.line <= 0:
        return ""
    where = (_("row %(n)s") if xlsx else _("line %(n)s")) % {"n": problem.line}
    if not problem.column:
        return where
    column = problem.column
    if xlsx and problem.column in header:
        column = f"{column_letter(list(header).index(problem.column))} ({column})"
    return _("%(where)s, column %(column)s") % {"where": where, "column": column}
