"""Every select of names sorts the Hungarian way (``core.collation``): Gödöllő before
Győr, Székesfehérvár before Szombathely, on SQLite and on PostgreSQL alike."""

from __future__ import annotations

import pytest

from competitions.forms.cup import TieMatchForm
from competitions.forms.schedule import (
    MatchScheduleForm,
    RefereeForm,
    ScheduleFilterForm,
)
from tarokk_admin.core.roles import Role
from tests.factories import SeasonFactory, TeamFactory, UserFactory, pool_referee

pytestmark = pytest.mark.django_db

TEAMS = ["Szombathelyi", "Győri", "Székesfehérvári", "Gödöllői", "Cegléd", "Csongrádi"]
HUNGARIAN = [
    "Cegléd",
    "Csongrádi",
    "Gödöllői",
    "Győri",
    "Székesfehérvári",
    "Szombathelyi",
]


def _labels(field) -> list[str]:
    return [str(label) for value, label in field.choices if value]


def test_the_schedules_team_selects_sort_the_hungarian_way():
    for name in TEAMS:
        TeamFactory(name=name)
    assert _labels(ScheduleFilterForm().fields["team"]) == HUNGARIAN
    form = MatchScheduleForm()
    assert _labels(form.fields["team_a"]) == HUNGARIAN
    assert _labels(form.fields["team_b"]) == HUNGARIAN


def test_referees_are_offered_in_the_hungarian_order():
    season = SeasonFactory()
    for name in ("győző", "gödör", "szabó", "székely"):
        pool_referee(season, UserFactory(username=name, roles=[Role.REFEREE]))
    expected = ["gödör", "győző", "szabó", "székely"]
    assert _labels(RefereeForm(season=season).fields["referee"]) == expected
    assert _labels(TieMatchForm(season=season).fields["referee"]) == expected
