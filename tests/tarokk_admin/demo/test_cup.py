"""The demo cup of ``seed_demo``: every match in its round's month (R15), played
when its day is past; late in the year one tie decided by tie-breakers (the first
of them level), one by walkover (a team withdrew), a semi-final waiting for its
third match; early in the year the ties are scheduled for their month."""

import datetime as dt

import pytest
from django.utils import timezone

from competitions.models import CupTie, Match
from competitions.rules import bracket
from competitions.selectors.cup import cup_api_data, cup_view
from tarokk_admin.demo.accounts import demo_accounts_seed
from tarokk_admin.demo.championship import demo_federation_seed
from tarokk_admin.demo.common import demo_season_year
from tarokk_admin.demo.cup import LEVEL_TIE, WALKOVER_TIE, demo_cup_seed

pytestmark = pytest.mark.django_db


def _seeded(month: int, day: int) -> int:
    demo_accounts_seed()
    demo_federation_seed()
    year = demo_season_year(timezone.localdate())
    lines = demo_cup_seed(today=dt.date(year, month, day))
    assert lines
    assert "seed" in lines[0]
    assert demo_cup_seed() == []  # idempotent
    return year


def _in_their_months(year: int) -> None:
    for match in Match.objects.filter(tie__isnull=False).select_related("tie"):
        assert bracket.in_round_month(year, match.tie.round, match.date), match


@pytest.mark.slow
def test_R15_demo_cup_in_december_with_tiebreakers_and_a_walkover():
    year = _seeded(12, 4)
    _in_their_months(year)
    api = cup_api_data(year)
    row = next(t for t in api["ties"] if (t["round"], t["slot"]) == LEVEL_TIE)
    assert row["points"][0] == row["points"][1]
    assert len(row["tiebreaks"]) >= 2
    assert row["tiebreaks"][0][0] == row["tiebreaks"][0][1]
    assert row["winner"] is not None
    walkover = next(t for t in api["ties"] if (t["round"], t["slot"]) == WALKOVER_TIE)
    assert walkover["walkover"] is True
    assert walkover["winner"] == walkover["teams"][0]
    decided = CupTie.objects.filter(winner__isnull=False).count()
    assert decided == 8 + 4 + 1
    assert api["winner"] is None
    assert len(api["bronze"]) == 1
    waiting = Match.objects.get(
        tie__round=3, tie__slot=2, status=Match.Status.SCHEDULED
    )
    assert waiting.referee.username == "referee"  # the season's referee pool
    assert len(cup_view(waiting.tie.competition).reserves) == 1


def test_R15_demo_cup_in_june_is_drawn_and_waits_for_september():
    year = _seeded(6, 1)
    _in_their_months(year)
    assert not Match.objects.filter(status=Match.Status.COMPLETED, tie__isnull=False)
    scheduled = Match.objects.filter(tie__round=1, status=Match.Status.SCHEDULED)
    assert scheduled.count() == 7 * 3  # the walkover tie has none
    assert CupTie.objects.filter(winner__isnull=False).count() == 1
