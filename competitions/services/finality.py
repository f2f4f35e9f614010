"""The guards of the end of the year (R15), in one place every write path calls:

- ``year_final_guard(year)``: once the annual meeting approved a year, its records
  are final; hand saves, result corrections, voids, new trophies, sittings and
  closings of that year are refused with a message naming the meeting.
- ``match_change_guard(match)``: the year's guard, then a closed competition's: a
  match of a closed competition (or one counted for a closed championship) changes
  only after the jury approved its correction, with a reason
  (``ClosingCorrection``); never silently.
- ``competition_open_guard(competition)``: a closed competition takes no new match.

A match's trophies follow its hands (``trophies_award_match``, a follow-up after
the commit): its hands are guarded, so it has nothing new to award in a final year,
and it is not refused itself (a follow-up queued before the meeting still runs).
A trophy entered by hand against a sitting (``trophy_variant_enter``) is refused.
"""

from __future__ import annotations

from django.db.models import Q

from competitions.errors import ERRORS
from competitions.models import (
    AnnualMeeting,
    Closing,
    ClosingCorrection,
    Competition,
    Match,
)
from tarokk_admin.core.l10n import human_date


def year_final_guard(year: int) -> None:
    """Refuse any change to a year the annual meeting approved (R15)."""
    meeting = AnnualMeeting.objects.filter(year=year).only("date").first()
    if meeting is not None:
        ERRORS.refuse("year_final", year=year, date=human_date(meeting.date))


def closings_of_match(match: Match) -> list[Closing]:
    """The closings a match's result belongs to: its competition's, and the
    season's championship's when the match counts for it (R15)."""
    covered = Q(competition_id=match.competition_id)
    if match.counts_for_championship:
        covered |= Q(
            competition__season_id=match.competition.season_id,
            competition__kind=Competition.Kind.CHAMPIONSHIP,
        )
    return list(Closing.objects.filter(covered).select_related("competition"))


def match_change_guard(match: Match) -> None:
    """Refuse a change to a match of a final year, or of a closed competition
    without the jury's approval of its correction (R15)."""
    year_final_guard(match.competition.season.year)
    closings = closings_of_match(match)
    if closings and not ClosingCorrection.objects.filter(match_id=match.pk).exists():
        ERRORS.refuse("closed__match", competition=closings[0].competition.title)


def competition_open_guard(competition: Competition) -> None:
    """Refuse a new match in a closed competition, or in a final year."""
    year_final_guard(competition.season.year)
    if Closing.objects.filter(competition_id=competition.pk).exists():
        ERRORS.refuse("closed__new_match", competition=competition.title)
