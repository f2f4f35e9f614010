"""The cup's calendar (R15): beat opens the cup on its registration date, tells
officials when it closes, and reminds them of undecided ties a week before a round's
deadline — each notice once."""

import datetime as dt

import pytest
from django.conf import settings
from django.core.cache import cache

from competitions.models import Competition
from competitions.services.cup.notices import (
    cup_deadline_reminders_send,
    cup_registration_update,
)
from competitions.tasks import cup_deadline_reminders_task as reminders_task
from tarokk_admin.core.roles import Role
from tests.competitions.kit import cup_season, drawn_cup, registered_cup
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def test_beat_schedule_runs_the_cup_tasks():
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "competitions.tasks.cup_registration_update" in tasks
    assert "competitions.tasks.cup_deadline_reminders" in tasks


def test_R15_registration_opens_the_cup_on_its_date_and_tells_captains(mailoutbox):
    season = cup_season()
    UserFactory(roles=[Role.TEAM_CAPTAIN], email="kata@example.org")
    assert cup_registration_update(today=dt.date(2026, 8, 24)) == []
    assert not Competition.objects.filter(season=season, kind="cup").exists()
    assert cup_registration_update(today=dt.date(2026, 8, 25)) == ["opened 2026"]
    cup = Competition.objects.get(season=season, kind="cup")
    assert cup.cup_rounds.count() == 4
    assert cup_registration_update(today=dt.date(2026, 8, 26)) == []  # once
    assert [m.to for m in mailoutbox] == [["kata@example.org"]]
    assert "2026" in mailoutbox[0].subject


def test_R15_officials_hear_when_registration_closes(mailoutbox):
    registered_cup(12)
    UserFactory(roles=[Role.OFFICIAL], email="olga@example.org")
    assert cup_registration_update(today=dt.date(2026, 9, 11)) == ["closed 2026"]
    assert "12 teams" in mailoutbox[0].subject


def test_R15_officials_reminded_of_undecided_ties_a_week_before_the_deadline(
    mailoutbox,
):
    drawn_cup()
    UserFactory(roles=[Role.OFFICIAL], email="olga@example.org")
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 22)) == []
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 23)) == [
        "reminded 2026 round 1"
    ]
    assert cup_deadline_reminders_send(today=dt.date(2026, 9, 23)) == []  # once
    assert len(mailoutbox) == 1
    message = mailoutbox[0]
    assert "olga@example.org" in message.to
    assert "8 undecided ties" in message.subject
    assert message.body.count("Tie ") == 8


def test_reminder_task_runs_on_todays_date(mailoutbox):
    assert reminders_task.delay().get() == []
