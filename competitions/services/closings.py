"""The end of the year (R15): an official closes a competition (a season's
championship, a Grand Prix, the cup) once each of its matches is completed or void,
which keeps its final table; the jury approves a correction after closing with a
reason; an official records the annual meeting that makes the year final.

Shaped like the free games' closing (``free_games.py``): an official, one closing
per competition, its history kept; the guards are in ``finality.py``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    AnnualMeeting,
    Closing,
    ClosingCorrection,
    ClosingRow,
    Competition,
    CupRegistration,
    CupTie,
    FreeGamesClosing,
    Match,
    Membership,
)
from competitions.rules.bracket import ROUNDS
from competitions.selectors.closings import competition_open_matches
from competitions.selectors.standings import championship_table, grand_prix_table
from competitions.services.finality import closings_of_match, year_final_guard
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.roles import is_jury, official_check
from tarokk_admin.core.words import app_words

REASON_MAX = 1000
ROLE_ORDER = {
    Membership.Role.DRIVER: 0,
    Membership.Role.CATCHER: 1,
    Membership.Role.SUBSTITUTE: 2,
}


class ClosingRefused(ServiceError):
    """The competition has matches still open; ``matches`` names each one."""

    def __init__(self, competition: Competition, matches: list[Match]) -> None:
        super().__init__(
            _(
                "%(competition)s cannot be closed yet: %(n)s match(es) are neither "
                "completed nor void (R15). Complete or void each first."
            )
            % {"competition": competition.title, "n": len(matches)},
            code="open_matches",
        )
        self.matches = matches


def _members(season_id: int, team_ids: list[int]) -> dict[int, list[str]]:
    """The season's players of each team: driver, catcher, substitute."""
    rows = Membership.objects.filter(season_id=season_id, team_id__in=team_ids)
    ordered = sorted(
        rows.select_related("player"), key=lambda m: ROLE_ORDER.get(m.role, 9)
    )
    names: dict[int, list[str]] = {}
    for membership in ordered:
        names.setdefault(membership.team_id, []).append(membership.player.name)
    return names


def _table_rows(competition: Competition) -> list[ClosingRow]:
    """The championship's or a Grand Prix's table as it stands (R15's ranking)."""
    if competition.kind == Competition.Kind.CHAMPIONSHIP:
        table = championship_table(season=competition.season, fresh=True)
    else:
        table = grand_prix_table(competition=competition, fresh=True)
    players = _members(competition.season_id, [row.team_id for row in table])
    return [
        ClosingRow(
            place=row.rank,
            team_id=row.team_id,
            team_name=row.team,
            players=players.get(row.team_id, []),
            matches=row.matches,
            points=row.score,
            best_match=row.best_match,
            best_trophy=row.best_trophy or "",
            shared=row.shared,
            decided=row.decided[0] if row.decided else "",
        )
        for row in table
    ]


def _cup_rows(competition: Competition) -> list[ClosingRow]:
    """The cup's winner (1), finalist (2) and both losing semi-finalists (3, 3)."""
    ties = CupTie.objects.filter(
        competition=competition, round__gte=ROUNDS - 1
    ).select_related("team_a", "team_b", "winner")
    final = next((tie for tie in ties if tie.round == ROUNDS), None)
    if final is None or final.winner_id is None:
        ERRORS.refuse("final_undecided")
    places = [(1, final.winner)]
    places.append(
        (2, final.team_b if final.winner_id == final.team_a_id else final.team_a)
    )
    for tie in sorted((t for t in ties if t.round == ROUNDS - 1), key=lambda t: t.slot):
        loser = tie.team_b if tie.winner_id == tie.team_a_id else tie.team_a
        if loser is not None:
            places.append((3, loser))
    registrations = {
        reg.team_id: [reg.driver.name, reg.catcher.name]
        for reg in CupRegistration.objects.filter(
            competition=competition
        ).select_related("driver", "catcher")
    }
    return [
        ClosingRow(
            place=place,
            team=team,
            team_name=team.name,
            players=registrations.get(team.pk, []),
            shared=place == 3,
        )
        for place, team in places
        if team is not None
    ]


@transaction.atomic
def competition_close(*, competition: Competition, user: Any) -> Closing:
    """Close a competition (R15): refused while a match is neither completed nor
    void (``ClosingRefused`` lists them), for the free games (their own closing)
    and for a final year; keeps the final table with places (shared ranks stand)."""
    official_check(user, ERRORS.error("not_an_official__closings"))
    competition = (
        Competition.objects.select_for_update()
        .select_related("season")
        .get(pk=competition.pk)
    )
    if competition.kind == Competition.Kind.FREE:
        ERRORS.refuse("free_games")
    year_final_guard(competition.season.year)
    if Closing.objects.filter(competition=competition).exists():
        ERRORS.refuse("closed", competition=competition.title)
    open_matches = competition_open_matches(competition)
    if open_matches:
        raise ClosingRefused(competition, open_matches)
    if competition.kind == Competition.Kind.CUP:
        rows = _cup_rows(competition)
    else:
        rows = _table_rows(competition)
    if not rows:
        ERRORS.refuse("empty", competition=competition.title)
    closing = Closing(competition=competition, closed_at=timezone.now(), closed_by=user)
    history_mark(closing, user, app_words(gettext_noop("closed")))
    closing.save()
    for row in rows:
        row.closing = closing
    ClosingRow.objects.bulk_create(rows)
    return closing


@transaction.atomic
def closing_correction_approve(
    *, match: Match, user: Any, reason: str
) -> ClosingCorrection:
    """The jury approves, with a reason, the correction of a match of a closed
    competition (R15): its hands and result may then be corrected; the kept table
    stays and the page shows the corrected one beside it."""
    if not is_jury(user):
        ERRORS.refuse("not_jury")
    reason = reason.strip()
    if not reason:
        ERRORS.refuse("correction_reason_missing", field="reason")
    if len(reason) > REASON_MAX:
        ERRORS.refuse("reason_too_long", field="reason", n=REASON_MAX)
    match = Match.objects.select_related("competition__season").get(pk=match.pk)
    year_final_guard(match.competition.season.year)
    closings = closings_of_match(match)
    if not closings:
        ERRORS.refuse("not_closed")
    correction = ClosingCorrection(
        closing=closings[0],
        match=match,
        reason=reason,
        approved_by=user,
        approved_at=timezone.now(),
    )
    history_mark(correction, user, reason)
    correction.save()
    return correction


@transaction.atomic
def annual_meeting_record(
    *, year: int, date: dt.date, user: Any, note: str = ""
) -> AnnualMeeting:
    """Record the annual meeting that approves ``year``'s results (R15): it
    approves the year's closings (and its free games' closing); from then on the
    year's records are final. Held after the year, never in the future."""
    official_check(user, ERRORS.error("not_an_official__closings"))
    if date.year <= year:
        ERRORS.refuse("meeting_within_year", field="date", year=year, next=year + 1)
    if date > timezone.localdate():
        ERRORS.refuse("meeting_in_future", field="date", date=human_date(date))
    if AnnualMeeting.objects.filter(year=year).exists():
        ERRORS.refuse("recorded", year=year)
    closings = list(Closing.objects.filter(competition__season__year=year))
    free_games = FreeGamesClosing.objects.filter(season__year=year).first()
    if not closings and free_games is None:
        ERRORS.refuse("nothing_closed", year=year)
    meeting = AnnualMeeting(
        year=year,
        date=date,
        free_games=free_games,
        note=note.strip(),
        recorded_by=user,
        recorded_at=timezone.now(),
    )
    history_mark(meeting, user, app_words(gettext_noop("recorded")))
    meeting.save()
    meeting.closings.set(closings)
    return meeting
