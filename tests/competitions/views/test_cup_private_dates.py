"""R15: a match not played in public is shown to anonymous visitors only once the
jury approved it; the public cup bracket does not give away its date either."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import JuryApproval
from competitions.services.cup.ties import cup_match_schedule
from tarokk_admin.core.roles import Role
from tests.competitions.kit import drawn_cup, tie_at
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_the_bracket_shows_no_date_of_a_private_match_without_approval(client):
    cup = drawn_cup()
    secret = cup_match_schedule(tie=tie_at(cup, 1, 1), date=dt.date(2026, 9, 17))
    secret.public = False
    secret.save()
    shown = cup_match_schedule(tie=tie_at(cup, 1, 2), date=dt.date(2026, 9, 18))
    html = client.get("/cup/2026/").text
    assert shown.date.isoformat() in html
    assert "2026-09-17" not in html
    JuryApproval.objects.create(
        match=secret,
        approved_by=UserFactory(roles=[Role.JURY]),
        approved_at=dt.datetime(2026, 9, 1, tzinfo=dt.UTC),
    )
    assert "2026-09-17" in client.get("/cup/2026/").text
