"""Spreadsheets that officials bring in: one reader for CSV and XLSX files, columns
declared as data, every problem with its line (or sheet row) and column.

- :mod:`.reader` turns a file's bytes into a :class:`~.reader.Sheet` of text cells
  (UTF-8 CSV with a comma or a semicolon, a byte-order mark allowed; or the first
  sheet of an XLSX workbook), each row with the line or row number people see.
- :mod:`.columns` matches the header to declared :class:`~.columns.Column`\\ s
  (English or Hungarian names, any order; unknown and repeated columns refused) and
  parses each row's cells with the columns' parsers.
- :mod:`.problems`: a problem is the core's one :class:`~tarokk_admin.core.problems.Problem`
  (``{code, line, column, message}`` for a spreadsheet).

A spreadsheet import (the federation's archive, a fixtures file) declares its columns
and checks its rows' meaning itself; reading, headers and cell parsing are here.
"""

from tarokk_admin.core.sheets.columns import (
    CellProblem,
    Column,
    Header,
    ParsedRow,
    header_match,
    rows_parse,
)
from tarokk_admin.core.sheets.problems import Problem, SheetError, problem_where
from tarokk_admin.core.sheets.reader import Sheet, SheetRow, sheet_read

__all__ = [
    "CellProblem",
    "Column",
    "Header",
    "ParsedRow",
    "Problem",
    "Sheet",
    "SheetError",
    "SheetRow",
    "header_match",
    "problem_where",
    "rows_parse",
    "sheet_read",
]
