"""The demo cup of ``seed_demo``: in progress, one tie decided by
tie-breakers (the first of them level), everything through the services."""

import pytest

from competitions.models import CupTie, Match
from competitions.selectors.cup import cup_api_data
from tarokk_admin.demo.accounts import demo_accounts_seed
from tarokk_admin.demo.championship import demo_federation_seed
from tarokk_admin.demo.cup import LEVEL_TIE, demo_cup_seed

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_R15_demo_cup_in_progress_with_a_tie_decided_by_tiebreakers():
    demo_accounts_seed()
    demo_federation_seed()
    lines = demo_cup_seed()
    assert lines
    assert "seed" in lines[0]
    assert demo_cup_seed() == []  # idempotent
    year = Match.objects.filter(tie__isnull=False).first().competition.season.year
    api = cup_api_data(year)
    row = next(t for t in api["ties"] if (t["round"], t["slot"]) == LEVEL_TIE)
    assert row["points"][0] == row["points"][1]
    assert len(row["tiebreaks"]) >= 2
    assert row["tiebreaks"][0][0] == row["tiebreaks"][0][1]
    assert row["winner"] is not None
    decided = CupTie.objects.filter(winner__isnull=False).count()
    assert decided == 8 + 4 + 1
    assert api["winner"] is None
    assert len(api["bronze"]) == 1
    assert Match.objects.filter(
        tie__round=3, tie__slot=2, status=Match.Status.SCHEDULED
    ).exists()
