"""Reading a CSV or XLSX file into rows of text cells, each with the line (CSV) or
row (XLSX) people see in their editor or spreadsheet program.

CSV: UTF-8, a byte-order mark allowed; the separator is a comma or a semicolon
(what a Hungarian spreadsheet program writes), told from the header line: the one
that occurs there outside quotes more often. XLSX: the first sheet of the workbook
(``openpyxl``), values as shown: whole numbers without ".0", dates as ``YYYY-MM-DD``,
true/false as yes/no. The header is the first row that is not empty; empty rows
after it are left out. An old binary ``.xls`` or a file of another kind is refused
with one sentence.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import zipfile
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tarokk_admin.core.sheets.problems import Problem, SheetError

CSV, XLSX = "csv", "xlsx"
ZIP_MAGIC = b"PK\x03\x04"
OLE_MAGIC = b"\xd0\xcf\x11\xe0"  # the old binary Excel format (.xls)
MAX_ROWS = 200_000
MAX_COLUMNS = 200


@dataclass(frozen=True)
class SheetRow:
    line: int
    cells: list[str]


@dataclass
class Sheet:
    """A file's header and rows as text; ``header_line`` is where the header is."""

    source: str
    format: str
    header: list[str]
    header_line: int
    rows: list[SheetRow] = field(default_factory=list)

    @property
    def xlsx(self) -> bool:
        return self.format == XLSX

    def as_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "format": self.format,
            "header": self.header,
            "header_line": self.header_line,
            "rows": [[row.line, row.cells] for row in self.rows],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        return cls(
            source=data["source"],
            format=data["format"],
            header=list(data["header"]),
            header_line=int(data["header_line"]),
            rows=[SheetRow(int(line), list(cells)) for line, cells in data["rows"]],
        )


def _refuse(code: str, message: str, line: int = 0) -> SheetError:
    return SheetError(Problem(code, line, "", message))


def sheet_read(content: bytes, *, source: str) -> Sheet:
    """The file's header and rows; :class:`SheetError` when it cannot be read."""
    if content.startswith(ZIP_MAGIC):
        return _xlsx(content, source)
    if content.startswith(OLE_MAGIC):
        raise _refuse(
            "not_a_spreadsheet",
            _(
                "%(file)s is an old Excel file (.xls): save it as an Excel workbook "
                "(.xlsx) or as CSV UTF-8 and try again."
            )
            % {"file": source},
        )
    return _csv(content, source)


def _decoded(content: bytes, source: str) -> str:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = content[: error.start].count(b"\n") + 1
        raise _refuse(
            "not_utf8",
            _(
                "%(file)s is not UTF-8 text (line %(line)s); save it as CSV UTF-8 or "
                "as an Excel workbook (.xlsx) and try again."
            )
            % {"file": source, "line": line},
            line,
        ) from error
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise _refuse(
            "nul_character",
            _(
                "%(file)s holds a NUL character (line %(line)s): it is not a text "
                "file. Save it as CSV UTF-8 or as an Excel workbook (.xlsx)."
            )
            % {"file": source, "line": line},
            line,
        )
    return text


def _separator(first_line: str) -> str:
    """The comma or semicolon that separates the header's cells (outside quotes)."""
    counts = {",": 0, ";": 0}
    quoted = False
    for char in first_line:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in counts:
            counts[char] += 1
    return ";" if counts[";"] > counts[","] else ","


def _csv(content: bytes, source: str) -> Sheet:
    text = _decoded(content, source)
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_separator(first))
    rows: list[SheetRow] = []
    try:
        while True:
            line = reader.line_num + 1  # where the record starts
            cells = next(reader, None)
            if cells is None:
                break
            rows.append(SheetRow(line, cells))
            _bounded(rows, cells, source)
    except csv.Error as error:
        raise _refuse(
            "unreadable_file",
            _("%(file)s cannot be read as CSV (line %(line)s): %(reason)s.")
            % {"file": source, "line": reader.line_num, "reason": error},
            reader.line_num,
        ) from error
    return _sheet(source, CSV, rows)


def _bounded(rows: list[SheetRow], cells: list[Any], source: str) -> None:
    if len(rows) > MAX_ROWS + 1 or len(cells) > MAX_COLUMNS:
        raise _refuse(
            "too_large",
            _(
                "%(file)s is too large: at most %(rows)s rows of %(columns)s columns "
                "are read at once; split it into several files."
            )
            % {"file": source, "rows": MAX_ROWS, "columns": MAX_COLUMNS},
        )


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="minutes")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


def _xlsx(content: bytes, source: str) -> Sheet:
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError) as error:
        raise _refuse(
            "unreadable_file",
            _(
                "%(file)s cannot be read as an Excel workbook (.xlsx): %(reason)s. "
                "Save it again as .xlsx or as CSV UTF-8."
            )
            % {"file": source, "reason": error},
        ) from error
    try:
        if not workbook.worksheets:
            return _sheet(source, XLSX, [])
        worksheet = workbook.worksheets[0]
        worksheet.reset_dimensions()  # do not trust a dimension the file states
        rows: list[SheetRow] = []
        for number, values in enumerate(worksheet.iter_rows(values_only=True), 1):
            cells = [_cell_text(value).strip() for value in values]
            rows.append(SheetRow(number, cells))
            _bounded(rows, cells, source)
    finally:
        workbook.close()
    return _sheet(source, XLSX, rows)


def _sheet(source: str, kind: str, rows: list[SheetRow]) -> Sheet:
    """The first row with a value is the header; empty rows are left out."""
    filled = [row for row in rows if any(cell.strip() for cell in row.cells)]
    if not filled:
        raise _refuse(
            "empty_file",
            _("%(file)s is empty: it has no header row.") % {"file": source},
            1,
        )
    header, *data = filled
    return Sheet(
        source=source,
        format=kind,
        header=[cell.strip() for cell in header.cells],
        header_line=header.line,
        rows=data,
    )
