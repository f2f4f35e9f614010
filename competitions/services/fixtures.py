"""Scheduling in bulk from a fixtures file (HAND_RECORD.md "Fixtures file (CSV)").

All or nothing: every row is checked (R15: the 52-match cap counting what is already
scheduled, the season's dates, teams entered in the competition, known referees, no
team twice on one date) and every problem is reported with its line and column;
nothing is stored unless every row is good. A row equal to an already scheduled
match (same competition, date and teams) is reported and not counted. The answer is
``{"scheduled": N}``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Competition, Match, Team
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.selectors.matches import championship_matches_played, in_championship
from competitions.selectors.schedule import (
    SCHEDULED_KINDS,
    competition_team_ids,
    matches_on_day,
    referee_accounts,
    referees,
    same_match,
)
from competitions.services.notices import notice_match_scheduled
from competitions.services.schedule import (
    VENUE_MAX,
    competition_lock,
    schedule_date_check,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.sheets import (
    Column,
    Problem,
    SheetError,
    header_match,
    sheet_read,
)
from tarokk_admin.core.sheets.columns import row_shape
from tarokk_admin.core.words import app_words

COLUMNS = ("date", "time", "team_a", "team_b", "venue", "public", "referee")
REQUIRED = ("date", "team_a", "team_b")
# The file's columns, read by the shared spreadsheet reader (``core/sheets``); the
# cells are checked by ``_Checker``, which knows the competition.
SHEET_COLUMNS = tuple(Column(name, required=name in REQUIRED) for name in COLUMNS)
# A fixtures file schedules at most this many matches (a championship of 16 teams
# has 416 a season); the check stops after this many problems, so the page and the
# command's answer stay small whatever the file.
ROWS_MOST = 2_000
PROBLEMS_MOST = 200


def _problem(line: int, column: str, error: ServiceError) -> Problem:
    """A refusal from the table as a problem of the file's line and column, in the
    shared shape ``{code, line, column, message}``."""
    return Problem.refused(error, line=line, column=column)


@dataclass
class FixturesOutcome:
    scheduled: list[Match] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # Rows equal to an already scheduled match: (line, what), not counted.
    present: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_json(self) -> dict[str, Any]:
        if self.problems:
            return {"errors": [p.as_json() for p in self.problems]}
        return {"scheduled": len(self.scheduled)}


@dataclass
class _Row:
    line: int
    date: dt.date
    time: dt.time | None
    team_a: Team | None  # None: reported already, the row is never stored
    team_b: Team | None
    venue: str
    public: bool
    referee: Any


def _sheet(content: bytes, problems: list[Problem]) -> Any:
    """The file as a sheet: UTF-8 CSV (a byte-order mark allowed); None with the
    file's one problem when it cannot be read (none when it is empty)."""
    try:
        return sheet_read(content, source=_("The file"))
    except SheetError as error:
        if error.problem.code != "empty_file":
            problems.append(error.problem)
        return None


class _Checker:
    """Checks one row's cells, adding each problem with its line and column."""

    def __init__(self, competition: Competition, problems: list[Problem]) -> None:
        self.competition = competition
        self.problems = problems
        self.teams = {team.name: team for team in Team.objects.all()}
        self.entered = competition_team_ids(competition)
        # The season's referee pool: the one list every referee picker offers.
        self.referees = {
            user.get_username(): user for user in referees(competition.season)
        }
        self.with_role = {user.get_username() for user in referee_accounts()}
        self.usernames = set(
            get_user_model().objects.values_list("username", flat=True)
        )

    def problem(self, line: int, column: str, error: ServiceError) -> None:
        self.problems.append(_problem(line, column, error))

    def date(self, line: int, raw: str) -> dt.date | None:
        if not raw:
            self.problem(line, "date", ERRORS.error("fixtures_date_missing"))
            return None
        try:
            day = dt.date.fromisoformat(raw)
            if len(raw) != 10:
                raise ValueError(raw)
        except ValueError:
            self.problem(line, "date", ERRORS.error("fixtures_not_a_date", value=raw))
            return None
        try:
            schedule_date_check(self.competition, day)
        except ServiceError as error:
            self.problem(line, "date", error)
            return None
        return day

    def time(self, line: int, raw: str) -> dt.time | None:
        if not raw:
            return None
        try:
            if len(raw) != 5 or raw[2] != ":":
                raise ValueError(raw)
            return dt.time(int(raw[:2]), int(raw[3:]))
        except ValueError:
            self.problem(line, "time", ERRORS.error("fixtures_not_a_time", value=raw))
            return None

    def team(self, line: int, column: str, raw: str) -> Team | None:
        if not raw:
            self.problem(line, column, ERRORS.error("fixtures_team_missing"))
            return None
        team = self.teams.get(raw)
        if team is None:
            self.problem(line, column, ERRORS.error("fixtures_unknown_team", name=raw))
            return None
        if team.pk not in self.entered:
            self.problem(
                line,
                column,
                ERRORS.error(
                    "team_not_in_competition",
                    team=team.name,
                    name=self.competition.title,
                    year=self.competition.season.year,
                ),
            )
            return None
        return team

    def public(self, line: int, raw: str) -> bool:
        if raw in ("", "yes"):
            return True
        if raw == "no":
            return False
        self.problem(line, "public", ERRORS.error("fixtures_yes_or_no", value=raw))
        return True

    def referee(self, line: int, raw: str) -> Any:
        if not raw:
            return None
        user = self.referees.get(raw)
        if user is None:
            if raw in self.with_role:
                error = ERRORS.error(
                    "fixtures_referee_not_in_pool",
                    name=raw,
                    year=self.competition.season.year,
                )
            elif raw in self.usernames:
                error = ERRORS.error("fixtures_not_a_referee", name=raw)
            else:
                error = ERRORS.error("fixtures_unknown_account", name=raw)
            self.problem(line, "referee", error)
        return user

    def venue(self, line: int, raw: str) -> str:
        if len(raw) > VENUE_MAX:
            self.problem(line, "venue", ERRORS.error("venue_too_long", n=VENUE_MAX))
        return raw


def _rows(content: bytes, checker: _Checker, problems: list[Problem]) -> list[_Row]:
    sheet = _sheet(content, problems)
    if sheet is None:
        if problems:
            return []
        problems.append(_problem(1, "", ERRORS.error("fixtures_empty_file")))
        return []
    header, refused = header_match(sheet, SHEET_COLUMNS)
    problems.extend(refused)
    if refused:
        return []
    rows: list[_Row] = []
    read = 0
    for cells in sheet.rows:
        line = cells.line
        if not any(cell.strip() for cell in cells.cells):
            continue
        read += 1
        if _stopped(line, read, problems):
            return []  # nothing of a file with problems is scheduled
        shape = row_shape(cells, header, sheet)
        if shape is not None:
            problems.append(shape)
            continue
        value = {
            name: cells.cells[index].strip() for name, index in header.positions.items()
        }
        get = value.get
        row = (
            checker.date(line, get("date", "")),
            checker.time(line, get("time", "")),
            checker.team(line, "team_a", get("team_a", "")),
            checker.team(line, "team_b", get("team_b", "")),
            checker.venue(line, get("venue", "")),
            checker.public(line, get("public", "")),
            checker.referee(line, get("referee", "")),
        )
        day, time, team_a, team_b = row[:4]
        if team_a and team_b and team_a.pk == team_b.pk:
            checker.problem(line, "team_b", ERRORS.error("same_team_twice"))
            continue
        if day:
            # A row with an unknown team is still checked for the other team's day.
            rows.append(_Row(line, day, time, team_a, team_b, *row[4:]))
    if not rows and not problems:
        problems.append(_problem(1, "", ERRORS.error("fixtures_no_rows")))
    return rows


def _stopped(line: int, read: int, problems: list[Problem]) -> bool:
    """Whether the check stops at this line: past ``ROWS_MOST`` rows, or after
    ``PROBLEMS_MOST`` problems (the last problem says so)."""
    if read > ROWS_MOST:
        error = ERRORS.error("too_many_fixtures", most=ROWS_MOST)
    elif len(problems) > PROBLEMS_MOST:
        del problems[PROBLEMS_MOST:]
        error = ERRORS.error("too_many_problems__fixtures", n=PROBLEMS_MOST)
    else:
        return False
    problems.append(_problem(line, "", error))
    return True


def _days_check(
    competition: Competition, rows: list[_Row], checker: _Checker
) -> list[_Row]:
    """No team twice on one date, in the file or beside a match already scheduled;
    rows equal to an already scheduled match are set aside (returned)."""
    present: list[_Row] = []
    taken: dict[tuple[dt.date, int], int] = {}
    for row in rows:
        if (
            row.team_a
            and row.team_b
            and same_match(competition, row.date, row.team_a.pk, row.team_b.pk)
        ):
            present.append(row)
            continue
        for column, team in (("team_a", row.team_a), ("team_b", row.team_b)):
            if team is None:
                continue
            first = taken.get((row.date, team.pk))
            if first is not None:
                checker.problem(
                    row.line,
                    column,
                    ERRORS.error(
                        "fixtures_team_twice",
                        team=team.name,
                        date=row.date,
                        first=first,
                    ),
                )
                continue
            taken[(row.date, team.pk)] = row.line
            other = (
                matches_on_day(competition.season_id, row.date, [team.pk])
                .select_related("team_a", "team_b")
                .first()
            )
            if other is not None:
                checker.problem(
                    row.line,
                    column,
                    ERRORS.error(
                        "fixtures_team_busy",
                        team=team.name,
                        date=row.date,
                        match=f"{other.team_a.name} – {other.team_b.name}",
                    ),
                )
    return present


def _cap_check(competition: Competition, rows: list[_Row], checker: _Checker) -> None:
    """R15: at most 52 championship matches a team, counting those scheduled."""
    if not in_championship(competition, competition.counts_for_championship):
        return
    counts: dict[int, int] = {}
    for row in rows:
        for column, team in (("team_a", row.team_a), ("team_b", row.team_b)):
            if team is None:
                continue
            if team.pk not in counts:
                counts[team.pk] = championship_matches_played(
                    team, competition.season_id
                )
            counts[team.pk] += 1
            if counts[team.pk] == CHAMPIONSHIP_MATCH_CAP + 1:
                checker.problem(
                    row.line,
                    column,
                    ERRORS.error(
                        "fixtures_53rd_match",
                        team=team.name,
                        year=competition.season.year,
                    ),
                )


@transaction.atomic
def fixtures_import(
    *, competition: Competition, content: bytes, user: Any
) -> FixturesOutcome:
    """Check every row of the fixtures file and schedule them all, or none."""
    outcome = FixturesOutcome()
    competition = competition_lock(competition)
    if competition.kind not in SCHEDULED_KINDS:
        ERRORS.refuse("fixtures_not_schedulable", name=competition.title)
    checker = _Checker(competition, outcome.problems)
    rows = _rows(content, checker, outcome.problems)
    present = _days_check(competition, rows, checker)
    fresh = [row for row in rows if row not in present]
    _cap_check(competition, fresh, checker)
    outcome.problems.sort(
        key=lambda p: (p.line, COLUMNS.index(p.column) if p.column in COLUMNS else -1)
    )
    outcome.present = [
        _problem(
            row.line,
            "",
            ERRORS.error(
                "fixtures_already_scheduled",
                a=row.team_a.name,
                b=row.team_b.name,
                date=row.date,
            ),
        )
        for row in present
    ]
    if outcome.problems:
        return outcome
    for row in fresh:
        match = Match(
            competition=competition,
            team_a=row.team_a,
            team_b=row.team_b,
            date=row.date,
            time=row.time,
            venue=row.venue,
            public=row.public,
            referee=row.referee,
            counts_for_championship=competition.counts_for_championship,
        )
        history_mark(
            match, user, app_words(gettext_noop("scheduled from a fixtures file"))
        )
        match.save()
        notice_match_scheduled(match)
        outcome.scheduled.append(match)
    return outcome
