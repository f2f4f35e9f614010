"""Sittings from paper (R15): an official keys in a variant sitting for players who
have no account; the same rules as a player's sitting, confirmed by the official
who keys it in, with the paper sheet's note kept."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import VariantSitting
from competitions.services.sittings import sitting_record_from_paper
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 5, 2)
NOTE = "signed by all four; kept at the Kecskemét club"


@pytest.fixture
def official():
    SeasonFactory(year=2026)
    return UserFactory(roles=[Role.OFFICIAL])


def paper(official, results, **kwargs):
    values = {"user": official, "date": DAY, "variant": "emperor", "note": NOTE}
    return sitting_record_from_paper(**{**values, "results": results, **kwargs})


def test_R15_an_official_keys_in_a_paper_sheet_confirmed_at_once(official):
    players = [PlayerFactory() for _ in range(4)]  # nobody has an account
    sitting = paper(official, [(p, 10 * n) for n, p in enumerate(players)])
    assert sitting.status == VariantSitting.Status.CONFIRMED
    assert (sitting.recorded_by, sitting.confirmed_by) == (official, official)
    assert (sitting.from_paper, sitting.paper_note) == (True, NOTE)
    assert sitting.results.count() == 4
    assert shown(sitting.history.first().history_change_reason) == (
        "keyed in from a paper sheet and confirmed"
    )


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"note": " "}, "note", "paper sheet's note"),
        ({"date": dt.date(2099, 1, 1)}, "date", "in the future"),
        ({"variant": "poker"}, "variant", "Unknown variant"),
        ({"variant": "training"}, "name", "Name the game"),
        ({"players": 2}, "results", "3 to 5 players"),
    ],
)
def test_R15_the_same_checks_as_a_players_sitting(official, change, field, message):
    players = [PlayerFactory() for _ in range(change.pop("players", 3))]
    with pytest.raises(ServiceError, match=message) as error:
        paper(official, [(p, 5) for p in players], **change)
    assert error.value.field == field
    assert not VariantSitting.objects.exists()


def test_only_officials_key_in_paper_sheets(official):
    players = [PlayerFactory() for _ in range(3)]
    referee = UserFactory(roles=[Role.REFEREE])
    with pytest.raises(ServiceError, match="Only officials"):
        paper(referee, [(p, 1) for p in players])
    paper(official, [(p, 1) for p in players])
    with pytest.raises(ServiceError, match="already recorded") as error:
        paper(official, [(p, 1) for p in players])
    assert error.value.code == "duplicate"
