"""The annual meeting (R15): a record per year, entered by an official, approving the
year's closings; from then on that year's records are final — each write path of
the year (hand save, result correction, match void, trophy award, sitting record and
confirmation, closing, a correction's approval, a new match) is refused naming the
meeting's date."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from competitions.models import AnnualMeeting, Competition
from competitions.services.closings import (
    annual_meeting_record,
    closing_correction_approve,
    competition_close,
)
from competitions.services.matches import match_create, match_void
from competitions.services.results import match_results_store
from competitions.services.sittings import sitting_confirm, sitting_record
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    ready_match,
    sheet,
)
from trophies.services.awards import trophy_variant_enter

pytestmark = pytest.mark.django_db

MEETING = dt.date(2026, 1, 17)
SAID = "the annual meeting of 2026-01-17 approved them"


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.fixture
def year(official):
    """2025: a played championship match, closed; a Grand Prix left open; a
    confirmed and a pending sitting; then the meeting of 17 January 2026."""
    season = SeasonFactory(year=2025)
    match = ready_match(competition=CompetitionFactory(season=season))
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)
    from competitions.services.matches import match_complete

    match_complete(match=match, user=match.referee)
    closing = competition_close(competition=match.competition, user=official)
    players = [linked_player(n) for n in ("Ács Anna", "Bíró Béla", "Kiss Cili")]
    day = dt.date(2025, 5, 2)
    confirmed = sitting_of(
        [(p, 10 * i) for i, p in enumerate(players)],
        confirm_by=players[1].user,
        date=day,
    )
    pending = sitting_of(
        [(p, i) for i, p in enumerate(players)], date=day, variant="high"
    )
    meeting = annual_meeting_record(year=2025, date=MEETING, user=official)
    return {
        "season": season,
        "match": match,
        "closing": closing,
        "players": players,
        "confirmed": confirmed,
        "pending": pending,
        "meeting": meeting,
    }


def _refused(call) -> None:
    with translation.override("en"), pytest.raises(ServiceError) as refused:
        call()
    assert refused.value.code == "year_final"
    assert SAID in refused.value.message


def test_r15_the_meeting_approves_the_years_closings(year, official):
    meeting = AnnualMeeting.objects.get()
    assert (meeting.year, meeting.date, meeting.recorded_by) == (
        2025,
        MEETING,
        official,
    )
    assert list(meeting.closings.all()) == [year["closing"]]
    assert meeting.history.first().history_user == official


def test_r15_the_meeting_is_recorded_once_after_the_year_by_an_official(year, official):
    with pytest.raises(ServiceError) as again:
        annual_meeting_record(year=2025, date=MEETING, user=official)
    assert again.value.code == "recorded"
    SeasonFactory(year=2026)
    with pytest.raises(ServiceError) as early:
        annual_meeting_record(year=2026, date=dt.date(2026, 12, 1), user=official)
    assert early.value.field == "date"
    with pytest.raises(ServiceError):
        annual_meeting_record(
            year=2024, date=MEETING, user=UserFactory(roles=[Role.JURY])
        )


def test_r15_final_year_refuses_a_hand_correction(year, official):
    _refused(
        lambda: hand_save(
            match=year["match"],
            number=1,
            record=sheet(50),
            user=official,
            version=1,
            reason="elírás",
        )
    )


def test_r15_final_year_refuses_a_result_correction(year):
    _refused(lambda: match_results_store(year["match"]))


def test_r15_final_year_refuses_a_void(year, official):
    _refused(lambda: match_void(match=year["match"], user=official, reason="x"))


def test_r15_final_year_refuses_a_sittings_trophy(year, official):
    _refused(
        lambda: trophy_variant_enter(
            sitting=year["confirmed"],
            feast="golgotha",
            jury_note="seen",
            player=year["players"][0],
            partner=year["players"][1],
            user=official,
        )
    )


def test_r15_final_year_refuses_a_new_sitting(year):
    players = year["players"]
    _refused(
        lambda: sitting_record(
            user=players[0].user,
            date=dt.date(2025, 6, 1),
            variant="emperor",
            results=[(p, 5) for p in players],
        )
    )


def test_r15_final_year_refuses_a_sittings_confirmation(year):
    _refused(
        lambda: sitting_confirm(sitting=year["pending"], user=year["players"][1].user)
    )


def test_r15_final_year_refuses_a_closing(year, official):
    gp = CompetitionFactory(
        season=year["season"], kind=Competition.Kind.GRAND_PRIX, name="GP"
    )
    _refused(lambda: competition_close(competition=gp, user=official))


def test_r15_final_year_refuses_a_correction_approval(year):
    jury = UserFactory(roles=[Role.JURY])
    _refused(
        lambda: closing_correction_approve(match=year["match"], user=jury, reason="x")
    )


def test_r15_final_year_refuses_a_new_match(year):
    match = year["match"]
    _refused(
        lambda: match_create(
            competition=CompetitionFactory(
                season=year["season"], kind=Competition.Kind.GRAND_PRIX, name="GP"
            ),
            team_a=match.team_a,
            team_b=match.team_b,
            date=dt.date(2025, 6, 1),
        )
    )


def test_the_meeting_is_named_in_hungarian(year, official):
    with translation.override("hu"), pytest.raises(ServiceError) as refused:
        match_void(match=year["match"], user=official, reason="x")
    assert "2026.01.17." in refused.value.message
