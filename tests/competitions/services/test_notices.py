"""E-mail notices: who is told of what (a match scheduled, moved or voided → both
captains and the referee; a result completed or corrected → the captains; a dispute →
the officials; a resolution → the captains; an approval needed → the jury), written
in the event's transaction, in the recipient's language, sent once after the commit
and retried when the mail server fails."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.core.mail.backends.base import BaseEmailBackend

from competitions.models import AccountSettings, Notice, NoticeKind
from competitions.services.matches import (
    match_complete,
    match_create,
    match_referee_set,
    match_void,
)
from competitions.services.notice_delivery import (
    GRACE,
    MAX_ATTEMPTS,
    STALE_CLAIM,
    notice_send,
    notices_send_due,
)
from competitions.services.notices import account_settings_update, notice_match
from competitions.services.results import result_answer
from scoring.services.hands import hand_save
from tarokk_admin.core.errors import ServiceBug, ServiceError
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    pool_referee,
    ready_match,
    sheet,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


class FailingBackend(BaseEmailBackend):
    """A mail server that does not answer."""

    def send_messages(self, messages):
        raise ConnectionRefusedError("mail server down")


def captained(season, email):
    team = team_with_roster(season)
    captain_of(team, season, UserFactory(roles=[Role.TEAM_CAPTAIN], email=email))
    return team


def addresses(kind):
    return sorted(Notice.objects.filter(kind=kind).values_list("email", flat=True))


@pytest.fixture
def teams():
    season = SeasonFactory(year=2026, annual_meeting=dt.date(2026, 1, 20))
    competition = CompetitionFactory(season=season)
    return competition, captained(season, "ann@x.org"), captained(season, "bob@x.org")


def test_a_scheduled_match_tells_both_captains_and_the_referee_after_the_commit(
    teams, django_capture_on_commit_callbacks
):
    competition, a, b = teams
    referee = pool_referee(competition.season, email="rita@x.org")
    UserFactory(roles=[Role.JURY], email="jury@x.org")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        match_create(
            competition=competition,
            team_a=a,
            team_b=b,
            date=dt.date(2026, 3, 1),
            referee=referee,
        )
    assert addresses("match_scheduled") == ["ann@x.org", "bob@x.org", "rita@x.org"]
    assert mail.outbox == []
    assert callbacks
    # A public match after the annual meeting needs no approval (R15).
    assert addresses("approval_needed") == []
    for callback in callbacks:
        callback()
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ann@x.org",
        "bob@x.org",
        "rita@x.org",
    ]
    assert set(Notice.objects.values_list("status", flat=True)) == {"sent"}


def test_R15_a_match_not_in_public_asks_the_jury(teams):
    competition, a, b = teams
    UserFactory(roles=[Role.JURY], email="jury@x.org")
    UserFactory(roles=[Role.OFFICIAL], email="olga@x.org")
    match_create(
        competition=competition,
        team_a=a,
        team_b=b,
        date=dt.date(2026, 3, 1),
        public=False,
    )
    assert addresses("approval_needed") == ["jury@x.org"]
    body = Notice.objects.get(kind="approval_needed").body
    assert "R15" in body


def test_completion_correction_void_and_dispute_tell_whom_they_concern(teams):
    competition, a, b = teams
    referee = pool_referee(competition.season, email="rita@x.org")
    official = UserFactory(roles=[Role.OFFICIAL], email="olga@x.org")
    match = ready_match(competition=competition, team_a=a, team_b=b, referee=referee)
    for number in range(1, match.hands_expected + 1):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    match_complete(match=match, user=referee)
    assert addresses("result_completed") == ["ann@x.org", "bob@x.org"]
    hand = match.hands.get(number=1)
    hand_save(
        match=match,
        number=1,
        record=sheet(99),
        user=official,
        version=hand.version,
        reason="wrong card",
    )
    assert addresses("result_corrected") == ["ann@x.org", "bob@x.org"]
    assert "wrong card" in Notice.objects.filter(kind="result_corrected")[0].body
    captain = a.season_captains.get().user
    result_answer(match=match, team=a, user=captain, confirm=False, note="hand 3")
    assert addresses("result_disputed") == ["olga@x.org"]
    assert f"{a.name}: hand 3" in Notice.objects.get(kind="result_disputed").body
    notice_match(NoticeKind.DISPUTE_RESOLVED, match=match, note="settled")
    assert addresses("dispute_resolved") == ["ann@x.org", "bob@x.org"]
    match_void(match=match, user=official, reason="forfeit")
    assert addresses("match_voided") == ["ann@x.org", "bob@x.org", "rita@x.org"]


def test_a_person_turns_a_kind_off_and_chooses_the_language(teams):
    competition, a, b = teams
    ann = a.season_captains.get().user
    bob = b.season_captains.get().user
    account_settings_update(user=ann, notices_off=["match_scheduled"])
    account_settings_update(user=bob, notices_off=[], language="en")
    match = match_create(
        competition=competition, team_a=a, team_b=b, date=dt.date(2026, 3, 1)
    )
    (notice,) = Notice.objects.filter(match=match)
    assert notice.email == "bob@x.org"
    assert notice.language == "en"
    assert notice.subject.startswith("Match scheduled")
    match_void(match=match, user=UserFactory(), reason="x")
    hungarian = Notice.objects.get(kind="match_voided", email="ann@x.org")
    assert hungarian.language == "hu"
    assert hungarian.subject.startswith("Érvénytelenített mérkőzés: ")


def test_account_settings_refuse_what_does_not_exist():
    user = UserFactory()
    with pytest.raises(ServiceError, match="no notice"):
        account_settings_update(user=user, notices_off=["spam"])
    with pytest.raises(ServiceError, match="no language"):
        account_settings_update(user=user, notices_off=[], language="xx")
    assert not AccountSettings.objects.exists()
    # A kind that is not a match notice comes from the code, not from a user.
    with pytest.raises(ServiceBug):
        notice_match("cup_calendar", match=None)


def test_a_failing_mail_server_is_retried_and_each_notice_sent_once(teams, settings):
    competition, a, b = teams
    settings.EMAIL_BACKEND = f"{__name__}.FailingBackend"
    match_create(competition=competition, team_a=a, team_b=b, date=dt.date(2026, 3, 1))
    ids = list(Notice.objects.values_list("pk", flat=True))
    assert [notice_send(notice_id=pk) for pk in ids] == [False, False]
    failed = Notice.objects.get(pk=ids[0])
    assert (failed.status, failed.attempts) == ("failed", 1)
    assert "mail server down" in failed.last_error
    # Not due yet: the retry waits for its backoff.
    assert notices_send_due() == 0
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    later = failed.due_at + GRACE + dt.timedelta(seconds=1)
    assert notices_send_due(now=later) == 2
    assert notices_send_due(now=later) == 0
    assert [notice_send(notice_id=pk) for pk in ids] == [False, False]
    assert sorted(m.to[0] for m in mail.outbox) == ["ann@x.org", "bob@x.org"]
    sent = Notice.objects.get(pk=ids[0])
    assert (sent.status, sent.attempts, sent.last_error) == ("sent", 2, "")
    assert sent.sent_at is not None


def test_a_notice_out_of_attempts_is_left_alone(teams, settings):
    competition, a, b = teams
    match_create(competition=competition, team_a=a, team_b=b, date=dt.date(2026, 3, 1))
    Notice.objects.update(status="failed", attempts=MAX_ATTEMPTS)
    far = Notice.objects.first().due_at + dt.timedelta(days=1)
    assert notices_send_due(now=far) == 0
    assert mail.outbox == []


def test_a_notice_being_sent_is_not_sent_again_until_its_claim_is_stale(teams):
    """Two processes sending one notice (the commit's delivery and the periodic
    retry): the first claims it, the second finds it taken; only a claim left by a
    process that died mid-send is taken again, after STALE_CLAIM."""
    competition, a, b = teams
    match_create(competition=competition, team_a=a, team_b=b, date=dt.date(2026, 3, 1))
    notice = Notice.objects.order_by("pk").first()
    now = notice.created_at
    Notice.objects.filter(pk=notice.pk).update(status="sending", claimed_at=now)
    assert notice_send(notice_id=notice.pk) is False
    assert notices_send_due(now=now + GRACE + dt.timedelta(minutes=1)) == 1  # other
    assert [m.to[0] for m in mail.outbox] == ["bob@x.org"]
    assert notices_send_due(now=now + STALE_CLAIM + dt.timedelta(seconds=1)) == 1
    assert Notice.objects.get(pk=notice.pk).status == "sent"


def test_a_new_referee_of_a_scheduled_match_is_told(teams):
    competition, a, b = teams
    match = match_create(
        competition=competition, team_a=a, team_b=b, date=dt.date(2026, 3, 1)
    )
    referee = pool_referee(competition.season, email="rita@x.org")
    match_referee_set(match=match, referee=referee)
    match_referee_set(match=match, referee=referee)  # unchanged: told once
    assert addresses("match_scheduled") == ["ann@x.org", "bob@x.org", "rita@x.org"]
