"""The spreadsheet reader (``core/sheets``): CSV with a comma or a semicolon, with
or without a byte-order mark, and the first sheet of an XLSX workbook; headers in
English or Hungarian in any order; unknown, repeated and missing columns refused;
every problem with its line (or sheet row) and column, in one shape."""

from __future__ import annotations

import datetime as dt
import io

import openpyxl
import pytest

from tarokk_admin.core.sheets import (
    Column,
    Problem,
    SheetError,
    header_match,
    problem_where,
    rows_parse,
    sheet_read,
)
from tarokk_admin.core.sheets.parsers import past_date, text, whole, yes_no

COLUMNS = (
    Column("date", "dátum", required=True, parse=past_date),
    Column("name", "név", required=True, parse=text(20)),
    Column("active", "aktív", parse=yes_no),
    Column("points", "pont", parse=whole),
)


def xlsx(rows: list[list], *, second_sheet: bool = False) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    for row in rows:
        sheet.append(row)
    if second_sheet:
        book.create_sheet("other").append(["ignored"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def parse(content: bytes, source: str = "file.csv"):
    sheet = sheet_read(content, source=source)
    header, problems = header_match(sheet, COLUMNS)
    if problems:
        return sheet, [], problems
    rows, problems = rows_parse(sheet, header, COLUMNS)
    return sheet, rows, problems


def where(problems: list[Problem]) -> list[tuple[int, str, str]]:
    return [(p.line, p.column, p.code) for p in problems]


@pytest.mark.parametrize(
    "content",
    [
        pytest.param(b"date,name\n2020-01-02,Kiss Anna\n", id="comma"),
        pytest.param(b"date;name\n2020-01-02;Kiss Anna\n", id="semicolon"),
        pytest.param(b"\xef\xbb\xbfdate;name\r\n2020-01-02;Kiss Anna\r\n", id="bom"),
        pytest.param("név;dátum\nKiss Anna;2020.01.02.\n".encode(), id="hungarian"),
        pytest.param(b'"name";"date"\n"Kiss Anna";"2020-01-02"\n', id="quoted"),
        pytest.param(b"Date , NAME\n2020-01-02,Kiss Anna\n", id="any-case"),
        pytest.param(b"DATUM;Nev\n2020-01-02;Kiss Anna\n", id="no-accents"),
    ],
)
def test_csv_comma_or_semicolon_bom_and_either_language_read_the_same(content):
    sheet, rows, problems = parse(content)
    assert problems == []
    assert sheet.format == "csv"
    assert [(r.line, r.values["date"], r.values["name"]) for r in rows] == [
        (2, dt.date(2020, 1, 2), "Kiss Anna")
    ]
    assert rows[0].values["active"] is None  # an optional column left out


def test_a_comma_inside_a_semicolon_file_stays_in_its_cell():
    _sheet, rows, problems = parse("név;dátum\nKiss, Anna;2020-01-02\n".encode())
    assert problems == []
    assert rows[0].values["name"] == "Kiss, Anna"


def test_xlsx_first_sheet_with_dates_numbers_and_booleans():
    content = xlsx(
        [
            ["name", "date", "points", "active"],
            ["Kiss Anna", dt.datetime(2020, 1, 2), 130, True],
            [None, None, None, None],
            ["Nagy Béla", "2019.12.31.", 20.0, "nem"],
        ],
        second_sheet=True,
    )
    sheet, rows, problems = parse(content, "archive.xlsx")
    assert problems == []
    assert sheet.format == "xlsx"
    assert [(r.line, r.values["name"], r.values["points"]) for r in rows] == [
        (2, "Kiss Anna", 130),
        (4, "Nagy Béla", 20),
    ]
    assert rows[0].values["date"] == dt.date(2020, 1, 2)
    assert [r.values["active"] for r in rows] == [True, False]


def test_the_header_may_start_below_empty_rows_and_the_lines_are_the_files():
    content = b"\n\ndate,name\n\n2020-01-02,Kiss Anna\n"
    sheet, rows, problems = parse(content)
    assert problems == []
    assert sheet.header_line == 3
    assert rows[0].line == 5


def test_a_quoted_cell_over_two_lines_is_reported_on_the_line_it_starts():
    content = b'date,name\n2020-01-02,"Kiss\nAnna"\n2020-13-01,X\n'
    _sheet, rows, problems = parse(content)
    assert rows[0].line == 2
    assert where(problems) == [(4, "date", "not_a_date")]


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        pytest.param(
            "date,name,colour", [(1, "colour", "unknown_column")], id="unknown"
        ),
        pytest.param(
            "date,name,név", [(1, "név", "repeated_column")], id="repeated-across"
        ),
        pytest.param("date,name,date", [(1, "date", "repeated_column")], id="twice"),
        pytest.param("név,pont", [(1, "dátum", "missing_column")], id="missing-hu"),
        pytest.param("name,points", [(1, "date", "missing_column")], id="missing-en"),
    ],
)
def test_unknown_repeated_and_missing_columns_are_refused_on_the_header(
    header, expected
):
    _sheet, rows, problems = parse(f"{header}\n".encode())
    assert where(problems) == expected
    assert rows == []


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        pytest.param(",Kiss Anna,,", [(2, "date", "required")], id="required"),
        pytest.param(
            "2020-02-30,Kiss Anna,,", [(2, "date", "not_a_date")], id="bad-date"
        ),
        pytest.param(
            "2999-01-01,Kiss Anna,,", [(2, "date", "future_date")], id="future"
        ),
        pytest.param(
            "2020-01-02,Kiss Anna,maybe,", [(2, "active", "not_yes_no")], id="yes-no"
        ),
        pytest.param(
            "2020-01-02,Kiss Anna,,1.5", [(2, "points", "not_a_number")], id="number"
        ),
        pytest.param(
            "2020-01-02," + "x" * 21 + ",,", [(2, "name", "too_long")], id="too-long"
        ),
        pytest.param("2020-01-02,Kiss Anna", [(2, "", "cell_count")], id="cells"),
        pytest.param(
            "2020-01-02,Kiss Anna,,,surplus", [(2, "", "extra_cell")], id="extra"
        ),
    ],
)
def test_each_bad_cell_is_a_problem_with_its_line_and_column(row, expected):
    _sheet, _rows, problems = parse(f"date,name,active,points\n{row}\n".encode())
    assert where(problems) == expected
    assert all(p.message for p in problems)


def test_problems_name_the_column_as_the_file_writes_it():
    _sheet, _rows, problems = parse("Dátum;név\nholnap;X\n".encode())
    assert where(problems) == [(2, "Dátum", "not_a_date")]
    assert "holnap" in problems[0].message


def test_an_xlsx_problem_says_row_and_column_letter():
    content = xlsx([["name", "date"], ["Kiss Anna", "31/12/2019"]])
    sheet, _rows, problems = parse(content, "archive.xlsx")
    assert where(problems) == [(2, "date", "not_a_date")]
    assert (
        problem_where(problems[0], xlsx=True, header=sheet.header)
        == "row 2, column B (date)"
    )
    assert problem_where(problems[0]) == "line 2, column date"


@pytest.mark.parametrize(
    ("content", "code", "line"),
    [
        pytest.param(b"", "empty_file", 1, id="empty"),
        pytest.param(b"\n ; \n", "empty_file", 1, id="blank"),
        pytest.param(
            "date,name\n2020-01-02,Kovács\n".encode("iso8859_2"),
            "not_utf8",
            2,
            id="latin2",
        ),
        pytest.param(b"date,name\n2020\x00,x\n", "nul_character", 2, id="nul"),
        pytest.param(b"\xd0\xcf\x11\xe0rest", "not_a_spreadsheet", 0, id="xls"),
        pytest.param(b"PK\x03\x04broken", "unreadable_file", 0, id="broken-zip"),
    ],
)
def test_a_file_that_cannot_be_read_is_one_problem(content, code, line):
    with pytest.raises(SheetError) as raised:
        sheet_read(content, source="f.csv")
    assert (raised.value.problem.code, raised.value.problem.line) == (code, line)
    assert "f.csv" in raised.value.problem.message


def test_the_problem_shape_is_code_line_column_message():
    problem = Problem("required", 3, "név", "név must not be empty.")
    assert problem.as_json() == {
        "code": "required",
        "line": 3,
        "column": "név",
        "message": "név must not be empty.",
    }
    assert Problem.from_json(problem.as_json()) == problem


def test_a_sheet_survives_its_json_form():
    sheet = sheet_read("dátum;név\n2020-01-02;Kiss Anna\n".encode(), source="a.csv")
    from tarokk_admin.core.sheets import Sheet

    assert Sheet.from_json(sheet.as_json()) == sheet
