"""Matches brought in with the matches file award their trophies like any completed
match (R14)."""

from __future__ import annotations

import pytest

from scoring.services.imports.store import matches_import
from tests.factories import SeasonFactory
from tests.scoring.kit import ann, hand, match
from tests.trophies.kit import official
from trophies.models import TrophyAward, TrophyCup

pytestmark = pytest.mark.django_db


def test_r14_an_imported_match_awards_its_trophies(django_capture_on_commit_callbacks):
    SeasonFactory(year=2026)
    hands = [hand() for _ in range(8)]
    hands[0] = hand(ann("royal", by="catcher"))  # Kisfaludy attacks in hand 1
    hands[1] = hand(ann("golgotha", team="defence"))  # Kisfaludy defends in hand 2
    data = {
        "format": "royal-tarokk-matches/1",
        "matches": [
            {
                "competition": {"season": 2026, "kind": "championship"},
                "date": "2026-03-14",
                "venue": "Budapest",
                "public": True,
                "lineups": {
                    "Kisfaludy": {"driver": "Kiss Anna", "catcher": "Nagy Béla"},
                    "Dunakeszi": {"driver": "Tóth Csaba", "catcher": "Szabó Dóra"},
                },
                "record": match(*hands),
            }
        ],
    }
    with django_capture_on_commit_callbacks(execute=True):
        outcome = matches_import(data=data, user=official())
    assert outcome.ok, outcome.errors
    awards = {
        a.feast: (a.player.name, a.partner.name, a.team.name)
        for a in TrophyAward.objects.select_related("player", "partner", "team")
    }
    assert awards == {
        "royal": ("Nagy Béla", "Kiss Anna", "Kisfaludy"),
        "golgotha": ("Kiss Anna", "Nagy Béla", "Kisfaludy"),
    }
    assert list(
        TrophyCup.objects.filter(player__name="Nagy Béla").values_list(
            "threshold", flat=True
        )
    ) == [100]
