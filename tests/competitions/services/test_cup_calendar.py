"""R15's cup calendar and walkovers: a cup match is played in its round's month; a
team that withdraws, or does not play its tie by the end of that month, loses it by
walkover, recorded by an official with a reason; the other team advances and the
bracket (page, print, API) shows "w/o" without scores."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import CupTie, Match
from competitions.selectors.cup import cup_api_data, cup_view
from competitions.services.cup.ties import cup_match_schedule, cup_tie_decide
from competitions.services.cup.walkovers import (
    cup_tie_walkover,
    cup_tie_walkover_cancel,
)
from competitions.services.schedule import match_move
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, tie_at
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

MONTHS = {1: 9, 2: 10, 3: 11, 4: 12}


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@pytest.mark.parametrize(
    ("day", "allowed"),
    [
        (dt.date(2026, 9, 1), True),
        (dt.date(2026, 9, 30), True),
        (dt.date(2026, 8, 31), False),
        (dt.date(2026, 10, 1), False),
        (dt.date(2026, 12, 4), False),
    ],
)
def test_R15_a_last_16_match_is_played_in_september(day, allowed):
    tie = tie_at(drawn_cup(), 1, 1)
    if allowed:
        assert cup_match_schedule(tie=tie, date=day).date == day
        return
    with pytest.raises(ServiceError, match="cup round's month") as error:
        cup_match_schedule(tie=tie, date=day)
    assert (error.value.field, error.value.code) == ("date", "outside_round_month")
    assert not tie.matches.exists()


def test_R15_a_semi_final_is_not_moved_into_december(official):
    cup = drawn_cup()
    first = tie_at(cup, 1, 1)
    # The semi-final's teams, as if the rounds before had been played.
    CupTie.objects.filter(pk=tie_at(cup, 3, 1).pk).update(
        team_a=first.team_a, team_b=first.team_b
    )
    semi = tie_at(cup, 3, 1)
    match = cup_match_schedule(tie=semi, date=dt.date(2026, 11, 20))
    with pytest.raises(ServiceError, match="2026-11, R15"):
        match_move(match=match, date=dt.date(2026, 12, 4), user=official)
    match.refresh_from_db()
    assert match.date == dt.date(2026, 11, 20)


def test_R15_a_withdrawal_is_a_walkover_at_once_and_the_other_team_advances(
    official, django_capture_on_commit_callbacks
):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 2)
    scheduled = cup_match_schedule(tie=tie, date=dt.date(2026, 9, 20))
    with django_capture_on_commit_callbacks(execute=True):
        cup_tie_walkover(
            tie=tie,
            loser=tie.team_a,
            kind=CupTie.Walkover.WITHDRAWN,
            reason="the driver is abroad",
            user=official,
            today=dt.date(2026, 9, 5),
        )
    tie.refresh_from_db()
    assert (tie.winner, tie.walkover, tie.walkover_by) == (
        tie.team_b,
        "withdrawn",
        official,
    )
    scheduled.refresh_from_db()
    assert scheduled.status == Match.Status.VOID  # by the same reason
    quarter = tie_at(cup, 2, 1)
    assert quarter.team_b == tie.team_b  # slot 2's winner is named second
    # The follow-up of the voided match does not undo the walkover.
    assert cup_tie_decide(tie=tie).winner == tie.team_b
    row = next(t for t in cup_view(cup).ties if t.tie.pk == tie.pk)
    assert row.walkover
    api = next(t for t in cup_api_data(2026)["ties"] if t["slot"] == 2)
    assert (api["walkover"], api["winner"]) == (True, tie.team_b.name)
    other = next(t for t in cup_api_data(2026)["ties"] if t["slot"] == 1)
    assert other["walkover"] is False
    with pytest.raises(ServiceError, match="is decided"):
        cup_match_schedule(tie=tie, date=dt.date(2026, 9, 21))


def test_R15_not_playing_is_a_walkover_only_after_the_rounds_month(official):
    tie = tie_at(drawn_cup(), 1, 3)
    with pytest.raises(ServiceError, match="until 2026-09-30") as error:
        cup_tie_walkover(
            tie=tie,
            loser=tie.team_b,
            kind=CupTie.Walkover.NOT_PLAYED,
            reason="did not turn up",
            user=official,
            today=dt.date(2026, 9, 30),
        )
    assert error.value.code == "too_early"
    cup_tie_walkover(
        tie=tie,
        loser=tie.team_b,
        kind=CupTie.Walkover.NOT_PLAYED,
        reason="did not turn up",
        user=official,
        today=dt.date(2026, 10, 1),
    )
    tie.refresh_from_db()
    assert tie.winner == tie.team_a
    assert tie.history.first().history_change_reason == "walkover: did not turn up"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ("no_reason", "reason"),
        ("stranger", "not_in_tie"),
        ("referee", "not_an_official"),
        ("kind", "bad_kind"),
    ],
)
def test_a_walkover_is_refused_with_a_sentence(official, change, code):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 4)
    values = {
        "tie": tie,
        "loser": tie.team_a,
        "kind": CupTie.Walkover.WITHDRAWN,
        "reason": "withdrew",
        "user": official,
    }
    if change == "no_reason":
        values["reason"] = ""
    elif change == "stranger":
        values["loser"] = tie_at(cup, 1, 5).team_a
    elif change == "referee":
        values["user"] = UserFactory(roles=[Role.REFEREE])
    else:
        values["kind"] = "forfeit"
    with pytest.raises(ServiceError) as error:
        cup_tie_walkover(**values)
    assert error.value.code == code
    tie.refresh_from_db()
    assert tie.winner is None


def test_a_walkover_recorded_by_mistake_is_taken_back(official):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 6)
    cup_tie_walkover(
        tie=tie,
        loser=tie.team_a,
        kind=CupTie.Walkover.WITHDRAWN,
        reason="wrong team",
        user=official,
    )
    cup_tie_walkover_cancel(tie=tie, reason="the other team withdrew", user=official)
    tie.refresh_from_db()
    assert (tie.winner, tie.walkover) == (None, "")
    assert tie_at(cup, 2, 3).team_b is None
