"""The roll of honour's past from the federation's archive (HAND_RECORD.md "Archive
files", **honours**): one row a placing of a past year.

A row names a team (its name as written then, kept as text, linked to the team
whose name it is) or a player (by federation number, or a name that matches
exactly one player ignoring case and accents: ``player_names``; never a guess).
A year the app closed itself is refused: the app's own record of that year stands
(R15). A row equal to a stored honour (year, competition, event, place, name) is
already stored and never stored again. All or nothing, like every archive file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from competitions.models import Honour, HonourCompetition, Team
from competitions.selectors.closings import closed_years
from competitions.selectors.honours import honour_key
from competitions.selectors.player_names import PlayerIndex
from tarokk_admin.core.archive import (
    ArchiveKind,
    ArchiveOutcome,
    ArchiveRow,
    Progress,
    archive_store,
)
from tarokk_admin.core.bulk import history_copy
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
from tarokk_admin.core.sheets.parsers import EARLIEST_YEAR, text, today, whole
from tarokk_admin.core.text import fold
from tarokk_admin.core.words import app_words

NAME_MAX = 120
CUP_PLACES = 3
# The competitions by their English and Hungarian names (folded).
COMPETITION_NAMES = {
    "championship": "championship",
    "team championship": "championship",
    "csapatbajnoksag": "championship",
    "bajnoksag": "championship",
    "cup": "cup",
    "kupa": "cup",
    "grand prix": "grand_prix",
    "nagydij": "grand_prix",
    "free games": "free_games",
    "szabad jatekok": "free_games",
}


def _year(raw: str, context: Any) -> int:
    year = whole(raw, context)
    if not EARLIEST_YEAR <= year < today().year:
        raise CellProblem(
            "not_a_past_year",
            _("%(value)s is not a past year: the archive holds years before %(year)s.")
            % {"value": raw, "year": today().year},
        )
    return year


def _competition(raw: str, context: Any) -> str:
    code = COMPETITION_NAMES.get(" ".join(fold(raw).replace("_", " ").split()))
    if code is None:
        raise CellProblem(
            "unknown_competition",
            _(
                "%(value)s is no competition: write championship, cup, grand_prix "
                "or free_games (csapatbajnokság, kupa, nagydíj, szabad játékok)."
            )
            % {"value": raw},
        )
    return code


def _place(raw: str, context: Any) -> int:
    place = whole(raw.removesuffix("."), context)
    if place < 1:
        raise CellProblem(
            "not_a_place", _("%(value)s is not a place: 1, 2, 3 …") % {"value": raw}
        )
    return place


def _player(raw: str, context: PlayerIndex) -> Any:
    return context.find(raw)


COLUMNS = (
    Column("year", "év", required=True, parse=_year),
    Column("competition", "verseny", required=True, parse=_competition),
    Column("event", "esemény", parse=text(NAME_MAX)),
    Column("place", "helyezés", required=True, parse=_place),
    Column("team", "csapat", parse=text(NAME_MAX)),
    Column("player", "játékos", parse=_player),
    Column("points", "pont", parse=whole),
)


@dataclass(frozen=True)
class _Honour:
    line: int
    key: str
    year: int
    competition: str
    event: str
    place: int
    name: str
    team_id: int | None
    player_id: int | None
    points: int | None


def _problem(row: ParsedRow, header: Header, column: str, code: str, message: str):
    return Problem(code, row.line, header.written.get(column, column), message)


def _row_checks(row: ParsedRow, header: Header, closed: set[int]) -> list[Problem]:
    values, cells = row.values, row.cells
    problems = []
    if bool(cells["team"]) == bool(cells["player"]):
        message = (
            _("Write either the team or the player of this placing, not both.")
            if cells["team"]
            else _("Write the team or the player of this placing.")
        )
        problems.append(_problem(row, header, "team", "team_or_player", message))
    if values["year"] in closed:
        problems.append(
            _problem(
                row,
                header,
                "year",
                "closed_year",
                _(
                    "The app closed %(year)s itself: the app's own record of that "
                    "year stands, and its honours are not imported."
                )
                % {"year": values["year"]},
            )
        )
    if values["competition"] == "cup" and (values["place"] or 0) > CUP_PLACES:
        problems.append(
            _problem(
                row,
                header,
                "place",
                "cup_place",
                _(
                    "The cup's roll names its winner (1), finalist (2) and two "
                    "bronzes (3), not place %(place)s."
                )
                % {"place": values["place"]},
            )
        )
    return problems


def _honour(row: ParsedRow, teams: dict[str, list[int]]) -> _Honour | None:
    values = row.values
    if None in (values["year"], values["competition"], values["place"]):
        return None
    player = values["player"]
    name = player.name if player is not None else values["team"]
    if not name:
        return None
    event = values["event"] or ""
    found = teams.get(fold(name), []) if player is None else []
    return _Honour(
        line=row.line,
        key=honour_key(
            values["year"], values["competition"], event, values["place"], name
        ),
        year=values["year"],
        competition=values["competition"],
        event=event,
        place=values["place"],
        name=name,
        team_id=found[0] if len(found) == 1 else None,
        player_id=player.pk if player is not None else None,
        points=values["points"],
    )


def _shown(honour: _Honour, row: ParsedRow) -> dict[str, str]:
    player = row.values["player"]
    return {
        "year": str(honour.year),
        "competition": str(HonourCompetition(honour.competition).label),
        "event": honour.event,
        "place": str(honour.place),
        "team": honour.name if player is None else "",
        "player": player.label if player is not None else "",
        "points": "" if honour.points is None else str(honour.points),
    }


def _plan(sheet: Sheet) -> tuple[ArchiveOutcome, list[_Honour]]:
    outcome = ArchiveOutcome(kind="honours")
    header, problems = header_match(sheet, COLUMNS)
    if problems:
        outcome.problems = problems
        return outcome, []
    rows, problems = rows_parse(sheet, header, COLUMNS, PlayerIndex())
    outcome.rows = len(rows)
    closed = set(closed_years())
    teams: dict[str, list[int]] = {}
    for pk, name in Team.objects.values_list("pk", "name"):
        teams.setdefault(fold(name), []).append(pk)
    stored = set(Honour.objects.values_list("archive_key", flat=True))
    first_line: dict[str, int] = {}
    new: list[_Honour] = []
    for row in rows:
        checks = _row_checks(row, header, closed)
        problems.extend(checks)
        honour = _honour(row, teams)
        if honour is None or checks:
            continue
        if honour.key in first_line:
            problems.append(
                _problem(
                    row,
                    header,
                    "",
                    "repeated_row",
                    _("The same placing is already on line %(line)s of the file.")
                    % {"line": first_line[honour.key]},
                )
            )
            continue
        first_line[honour.key] = row.line
        shown = ArchiveRow(row.line, _shown(honour, row))
        if honour.key in stored:
            note = app_words(gettext_noop("already stored"))
            outcome.known.append(ArchiveRow(row.line, shown.cells, note))
        else:
            new.append(honour)
            outcome.new.append(shown)
    outcome.problems = problems_sorted(problems, header)
    return outcome, new


def honours_archive_check(sheet: Sheet) -> ArchiveOutcome:
    """What the file would store: new honours, rows already stored, every problem.
    Reads only."""
    return _plan(sheet)[0]


def honours_archive_store(
    sheet: Sheet,
    *,
    user: Any,
    progress: Progress | None = None,
    run_id: int | None = None,
) -> ArchiveOutcome:
    """Check the file again and store its new honours with their history, all in
    the caller's transaction (rolled back by the caller when the outcome has
    problems)."""
    outcome, new = _plan(sheet)
    reason = app_words(
        gettext_noop("from the archive file %(file)s"), file=sheet.source
    )

    def store(rows: Sequence[Any]) -> None:
        honours = Honour.objects.bulk_create(
            [
                Honour(
                    year=h.year,
                    competition=h.competition,
                    event=h.event,
                    place=h.place,
                    name=h.name,
                    team_id=h.team_id,
                    player_id=h.player_id,
                    points=h.points,
                    archive_key=h.key,
                    import_run_id=run_id,
                    entered_by=user,
                )
                for h in rows
            ]
        )
        history_copy(
            Honour, [h.pk for h in honours], history_type="+", reason=reason, user=user
        )

    # All at once, in bulk, with their history.
    return archive_store(
        outcome, new, store, line=lambda h: h.line, progress=progress, batch=None
    )


def _count(n: int) -> str:
    return ngettext("%(n)s honour", "%(n)s honours", n) % {"n": n}


HONOURS_KIND = ArchiveKind(
    name="honours",
    label=gettext_lazy("Roll of honour"),
    columns=COLUMNS,
    check=honours_archive_check,
    store=honours_archive_store,
    count=_count,
)
