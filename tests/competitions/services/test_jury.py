"""R15: the jury approves or refuses, with a reason, a match that needs its approval;
a refused match is not played as a championship match (line-ups, hands and
completion are refused naming the refusal) until an official reschedules it in
public; the jury may approve it after all."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import JuryApproval, JuryRefusal, Membership
from competitions.services.jury import jury_approve, jury_refuse
from competitions.services.lineups import lineup_set
from competitions.services.matches import match_check_playable
from competitions.services.schedule import match_move
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    ready_match,
    roster,
    sheet,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def jury():
    return UserFactory(username="janos", roles=[Role.JURY])


@pytest.fixture
def private():
    """A match not played in public (R15: it needs the jury's approval)."""
    season = SeasonFactory(year=2030)
    return ready_match(
        competition=CompetitionFactory(season=season),
        public=False,
        date=dt.date(2030, 3, 14),
    )


def test_R15_a_refused_match_is_not_played(jury, private):
    refusal = jury_refuse(match=private, user=jury, reason="no neutral venue")
    assert (refusal.refused_by, refusal.reason) == (jury, "no neutral venue")
    season = private.competition.season
    players = roster(private.team_a, season)
    for attempt in (
        lambda: lineup_set(
            match=private,
            team=private.team_a,
            driver=players[Membership.Role.DRIVER],
            catcher=players[Membership.Role.CATCHER],
        ),
        lambda: hand_save(
            match=private, number=1, record=sheet(1), user=private.referee
        ),
        lambda: match_check_playable(private),
    ):
        with pytest.raises(ServiceError, match="The jury refused this match") as error:
            attempt()
        assert "no neutral venue" in error.value.message
        assert error.value.code == "refused_by_jury"
    assert not private.hands.exists()


def test_R15_rescheduled_in_public_the_refused_match_is_played(jury, private):
    jury_refuse(match=private, user=jury, reason="no neutral venue")
    match_move(
        match=private,
        date=private.date,
        venue="Kecskemét, public hall",
        public=True,
        user=UserFactory(roles=[Role.OFFICIAL]),
    )
    private.refresh_from_db()
    assert private.public
    assert (
        shown(private.history.first().history_change_reason) == "rescheduled in public"
    )
    match_check_playable(private)  # no refusal stands: it needs no approval now
    hand_save(match=private, number=1, record=sheet(1), user=private.referee)


def test_the_jury_changes_its_mind_before_the_match(jury, private):
    jury_approve(match=private, user=jury, note="fine")
    jury_refuse(match=private, user=jury, reason="a player is the referee's son")
    assert not JuryApproval.objects.filter(match=private).exists()
    assert JuryRefusal.objects.filter(match=private).exists()
    jury_approve(match=private, user=jury, note="another referee now")
    assert not JuryRefusal.objects.filter(match=private).exists()
    assert shown(JuryRefusal.history.first().history_change_reason) == (
        "replaced by the jury's approval"
    )
    match_check_playable(private)


@pytest.mark.parametrize(
    ("setup", "message", "code"),
    [
        ("public", "needs no jury decision", "no_approval_needed"),
        ("started", "not started yet", "started"),
        ("twice", "refused this match already", "twice"),
        ("blank", "Say why", "reason"),
        ("referee", "Only the jury", "not_the_jury"),
    ],
)
def test_a_refusal_is_refused_with_a_sentence(jury, private, setup, message, code):
    user, reason = jury, "a reason"
    if setup == "public":
        private.public = True
        private.save()
    elif setup == "started":
        private.status = private.Status.IN_PLAY
        private.save()
    elif setup == "twice":
        jury_refuse(match=private, user=jury, reason="first")
    elif setup == "blank":
        reason = "   "
    else:
        user = private.referee
    with pytest.raises(ServiceError, match=message) as error:
        jury_refuse(match=private, user=user, reason=reason)
    assert error.value.code == code
