"""A spreadsheet's problems: the core's one :class:`~tarokk_admin.core.problems.Problem`
(``{code, line, column, message}`` for a spreadsheet), and :class:`SheetError` for a
file that cannot be read at all.
"""

from __future__ import annotations

from tarokk_admin.core.problems import Problem, column_letter, problem_where

__all__ = ["Problem", "SheetError", "column_letter", "problem_where"]


class SheetError(Exception):
    """The file cannot be read as a spreadsheet at all (one problem)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem
