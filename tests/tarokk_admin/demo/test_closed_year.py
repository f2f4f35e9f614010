"""The demo's previous year is closed (R15): its championship, cup and Grand Prix
closed through the services, the free games closed and the annual meeting recorded;
the honours roll's selector reads it; a second run changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from competitions.models import AnnualMeeting, Closing, Competition
from competitions.selectors.closings import closed_years, year_placings
from tarokk_admin.demo.common import demo_season_year

pytestmark = pytest.mark.django_db


def test_the_demo_leaves_a_closed_previous_year_with_its_meeting():
    call_command("seed_demo", stdout=StringIO())
    year = demo_season_year(timezone.localdate()) - 1
    kinds = set(
        Closing.objects.filter(competition__season__year=year).values_list(
            "competition__kind", flat=True
        )
    )
    assert kinds == {
        Competition.Kind.CHAMPIONSHIP,
        Competition.Kind.CUP,
        Competition.Kind.GRAND_PRIX,
    }
    meeting = AnnualMeeting.objects.get(year=year)
    assert meeting.closings.count() == 3
    assert meeting.free_games is not None
    assert year in closed_years()
    placings = year_placings(year)
    cup = [p.place for p in placings if p.competition == "cup"]
    assert cup == [1, 2, 3, 3]
    assert any(p.competition == "championship" and p.place == 1 for p in placings)
    call_command("seed_demo", stdout=StringIO())
    assert Closing.objects.filter(competition__season__year=year).count() == 3
