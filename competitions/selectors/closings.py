"""What the closings of a year kept (R15): the places of each closed competition and
the free-games winners, for the honours roll; the years that have any; a
competition's closing with its kept table.

``year_placings`` is the honours roll's one source: the championship's places, the
cup's winner, finalist and bronzes, each Grand Prix's places and each free-games
table's winners, as the closings kept them (a correction after closing changes the
live tables, never these).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import models
from django.db.models import Q

from competitions.models import (
    AnnualMeeting,
    Closing,
    ClosingCorrection,
    ClosingRow,
    Competition,
    FreeGamesClosing,
    FreeGamesWinner,
    Match,
    Season,
)
from competitions.rules.standings import METRICS, StandingRow

# The honours roll's order of the competitions.
ORDER = {"championship": 0, "cup": 1, "grand_prix": 2, "free_games": 3}


@dataclass(frozen=True)
class Placing:
    """One place a closing kept: ``competition`` is "championship", "cup",
    "grand_prix" or "free_games"; ``event`` the Grand Prix's or the free-games
    table's name ("" otherwise); ``players`` the names (a free-games player winner:
    that player alone); ``team`` "" for a player's free-games win; ``points`` None
    for the cup."""

    competition: str
    event: str
    place: int
    team: str
    players: tuple[str, ...]
    points: int | None
    closed_at: dt.datetime


def _competition_placings(year: int) -> list[Placing]:
    rows = (
        ClosingRow.objects.filter(closing__competition__season__year=year)
        .select_related("closing__competition")
        .order_by("closing__competition__kind", "closing__competition__name", "place")
    )
    placings = []
    for row in rows:
        competition = row.closing.competition
        placings.append(
            Placing(
                competition=competition.kind,
                event=(
                    competition.name
                    if competition.kind == Competition.Kind.GRAND_PRIX
                    else ""
                ),
                place=row.place,
                team=row.team_name,
                players=tuple(row.players),
                points=row.points,
                closed_at=row.closing.closed_at,
            )
        )
    return placings


def _free_games_placings(year: int) -> list[Placing]:
    winners = FreeGamesWinner.objects.filter(closing__season__year=year).select_related(
        "closing"
    )
    return [
        Placing(
            competition="free_games",
            event=winner.title,
            place=1,
            team=winner.name if winner.team_id else "",
            players=() if winner.team_id else (winner.name,),
            points=winner.points,
            closed_at=winner.closing.closed_at,
        )
        for winner in winners
    ]


def year_placings(year: int) -> list[Placing]:
    """The places the closings of ``year`` kept (R15), championship first, then the
    cup, each Grand Prix (by name) and the free games; by place within each. Two
    queries whatever the year's size."""
    placings = _competition_placings(year) + _free_games_placings(year)
    return sorted(
        placings, key=lambda p: (ORDER[p.competition], p.event, p.place, p.team)
    )


def closed_years() -> list[int]:
    """The years with at least one closing (a competition or the free games), the
    latest first."""
    years = set(
        Closing.objects.values_list("competition__season__year", flat=True)
    ) | set(FreeGamesClosing.objects.values_list("season__year", flat=True))
    return sorted(years, reverse=True)


def closing_of(competition: Competition) -> Closing | None:
    """The competition's closing with its kept rows and its corrections approved
    after it, or None: three queries."""
    return (
        Closing.objects.filter(competition=competition)
        .select_related("closed_by")
        .prefetch_related("rows", "corrections__approved_by")
        .first()
    )


def year_meeting(year: int) -> AnnualMeeting | None:
    """The annual meeting that approved ``year``, or None."""
    return AnnualMeeting.objects.filter(year=year).first()


def competition_open_matches(competition: Competition) -> list[Match]:
    """The matches that keep a competition from closing (R15): neither completed
    nor void. The championship's include the season's Grand Prix matches marked to
    count for it. One query."""
    scope = Q(competition_id=competition.pk)
    if competition.kind == Competition.Kind.CHAMPIONSHIP:
        scope |= Q(
            competition__season_id=competition.season_id, counts_for_championship=True
        )
    return list(
        Match.objects.filter(scope)
        .exclude(status__in=[Match.Status.COMPLETED, Match.Status.VOID])
        .select_related("team_a", "team_b")
        .order_by("date", "time", "id")
    )


def kept_table(closing: Closing) -> list[StandingRow]:
    """The closed table as it was kept, as the live table's rows: each tie-break
    is put into words in the reader's language (``StandingRow.decided_by``)."""
    rows: list[StandingRow] = []
    for kept in closing.rows.all():
        row = StandingRow(
            team_id=kept.team_id,
            team=kept.team_name,
            club="",
            matches=kept.matches,
            score=kept.points or 0,
            best_match=kept.best_match or 0,
            best_trophy=kept.best_trophy or None,
            rank=kept.place,
            shared=kept.shared,
            extra={"players": list(kept.players)},
        )
        if kept.decided in METRICS and rows:
            row.decided = (kept.decided, rows[-1])
        rows.append(row)
    return rows


def season_closings(season: Season) -> dict[int, Closing]:
    """The season's closings by competition id: one query."""
    return {
        closing.competition_id: closing
        for closing in Closing.objects.filter(competition__season=season)
    }


@dataclass
class ClosingLine:
    """A competition of the season as the officials' season page shows it: its
    closing (or None) and the matches still open."""

    competition: Competition
    closing: Closing | None
    open_matches: list[Match]


def season_closing_lines(season: Season) -> list[ClosingLine]:
    """The season's championship, cup and Grand Prix events with their closings
    and open matches (the championship's include the Grand Prix matches marked to
    count for it): three queries whatever the season's size."""
    competitions = list(
        Competition.objects.filter(season=season)
        .exclude(kind=Competition.Kind.FREE)
        .order_by("kind", "name")
    )
    closings = season_closings(season)
    open_matches = list(
        Match.objects.filter(competition__season=season)
        .exclude(status__in=[Match.Status.COMPLETED, Match.Status.VOID])
        .select_related("team_a", "team_b")
        .order_by("date", "time", "id")
    )
    lines = []
    for competition in sorted(competitions, key=lambda c: (ORDER[c.kind], c.name)):
        championship = competition.kind == Competition.Kind.CHAMPIONSHIP
        mine = [
            match
            for match in open_matches
            if match.competition_id == competition.pk
            or (championship and match.counts_for_championship)
        ]
        lines.append(ClosingLine(competition, closings.get(competition.pk), mine))
    return lines


@dataclass
class Kept:
    """A closed competition as its public page shows it: the closing, its kept
    table (tie-breaks in words), the first place's teams and the corrections the
    jury approved after closing (the live table beside it is the corrected one)."""

    closing: Closing
    rows: list[StandingRow]
    corrections: list[ClosingCorrection]
    kind: str

    @property
    def firsts(self) -> str:
        return ", ".join(row.team for row in self.rows if row.rank == 1)


def kept_of(competition_filter: Q) -> Kept | None:
    """The closing matching ``competition_filter`` (on the closing's fields) with
    its kept rows and corrections, or None: at most three queries."""
    closing = (
        Closing.objects.filter(competition_filter)
        .select_related("competition")
        .prefetch_related(
            "rows",
            models.Prefetch(
                "corrections",
                ClosingCorrection.objects.select_related(
                    "approved_by__player", "match__team_a", "match__team_b"
                ),
            ),
        )
        .first()
    )
    if closing is None:
        return None
    return Kept(
        closing=closing,
        rows=kept_table(closing),
        corrections=list(closing.corrections.all()),
        kind=closing.competition.kind,
    )


def championship_kept(season: Season) -> Kept | None:
    return kept_of(
        Q(
            competition__season=season,
            competition__kind=Competition.Kind.CHAMPIONSHIP,
        )
    )


def competition_kept(competition: Competition) -> Kept | None:
    return kept_of(Q(competition_id=competition.pk))
