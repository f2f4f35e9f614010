"""The cup's calendar (R15): beat opens the cup on its registration date, tells
officials when it closes, and reminds them of undecided ties a week before a round's
deadline — each notice once per address, in the recipient's language (Hungarian
unless they chose another), sent after the commit."""

import datetime as dt

import pytest
from django.conf import settings
from django.core.cache import cache

from competitions.models import AccountSettings, Competition, Notice
from competitions.services.cup.notices import (
    cup_deadline_reminders_send,
    cup_registration_update,
)
from competitions.tasks import cup_deadline_reminders_task as reminders_task
from tarokk_admin.core.roles import Role
from tests.competitions.kit import cup_season, drawn_cup, registered_cup
from tests.factories import (
    SeasonFactory,
    UserFactory,
    captain_of,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def _sent_at_commit(django_capture_on_commit_callbacks, monkeypatch):
    """The notices go out when the task's writes commit (the test's transaction
    never does): each call runs its commit callbacks."""
    import competitions.services.cup.notices as notices

    def committed(function):
        def call(**kwargs):
            with django_capture_on_commit_callbacks(execute=True):
                return function(**kwargs)

        return call

    for name in ("cup_registration_update", "cup_deadline_reminders_send"):
        monkeypatch.setitem(globals(), name, committed(getattr(notices, name)))


def in_english(user):
    AccountSettings.objects.create(user=user, language="en")
    return user


def test_beat_schedule_runs_the_cup_tasks():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "competitions.tasks.cup_registration_update" in tasks
    assert "competitions.tasks.cup_deadline_reminders" in tasks


def test_R15_registration_opens_the_cup_on_its_date_and_tells_captains(mailoutbox):
    season = cup_season()
    kata = UserFactory(roles=[Role.TEAM_CAPTAIN], email="kata@example.org")
    captain_of(team_with_roster(season), season, kata)
    # A captain of another season only is not told of this one.
    other = SeasonFactory(year=2025)
    captain_of(
        team_with_roster(other),
        other,
        UserFactory(roles=[Role.TEAM_CAPTAIN], email="old@example.org"),
    )
    assert cup_registration_update(today=dt.date(2026, 8, 24)) == []
    assert not Competition.objects.filter(season=season, kind="cup").exists()
    assert cup_registration_update(today=dt.date(2026, 8, 25)) == ["opened 2026"]
    cup = Competition.objects.get(season=season, kind="cup")
    assert cup.cup_rounds.count() == 4
    assert cup_registration_update(today=dt.date(2026, 8, 26)) == []  # once
    assert [m.to for m in mailoutbox] == [["kata@example.org"]]
    assert "2026" in mailoutbox[0].subject
    # Nobody chose a language: Hungarian; the notice is kept as sent.
    assert "nevezés" in mailoutbox[0].subject.lower()
    notice = Notice.objects.get()
    assert (notice.status, notice.attempts, notice.kind) == ("sent", 1, "cup_calendar")


def test_R15_officials_hear_when_registration_closes(mailoutbox):
    registered_cup(12)
    in_english(UserFactory(roles=[Role.OFFICIAL], email="olga@example.org"))
    assert cup_registration_update(today=dt.date(2026, 9, 11)) == ["closed 2026"]
    assert "12 teams" in mailoutbox[0].subject


def test_R15_officials_reminded_of_undecided_ties_a_week_before_the_deadline(
    mailoutbox,
):
    drawn_cup()
    in_english(UserFactory(roles=[Role.OFFICIAL], email="olga@example.org"))
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 22)) == []
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 23)) == [
        "reminded 2026 round 1"
    ]
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 23)) == []  # once
    # One e-mail per official (the one who made the draw too), each once.
    assert len(mailoutbox) == 2
    (message,) = [m for m in mailoutbox if m.to == ["olga@example.org"]]
    assert "8 undecided ties" in message.subject
    assert message.body.count("Tie ") == 8


def test_reminder_task_runs_on_todays_date(mailoutbox):
    assert reminders_task.delay().get() == []
