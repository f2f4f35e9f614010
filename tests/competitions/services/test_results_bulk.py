"""The results service's bulk path (the seeds') stores what the one-match path
stores: the same totals, points (R11) and best trophy (R15) from the same rules."""

from __future__ import annotations

import pytest

from competitions.models import MatchResult
from competitions.services.matches import match_complete
from competitions.services.results import HandPlayed, match_results_bulk_store
from scoring.engine import score_hand_record, trophies_made
from scoring.services.hands import hand_save
from tests.factories import ready_match, sheet

pytestmark = pytest.mark.django_db


def _rows(match):
    return {
        row.team_id: (row.opponent_id, row.total, row.points, row.best_trophy)
        for row in MatchResult.objects.filter(match=match)
    }


@pytest.mark.parametrize("first", ["team_a", "team_b"])
def test_the_bulk_results_are_the_one_match_results_R11_R15(first):
    match = ready_match()
    match.first_attack = getattr(match, first)
    match.save()
    # Seeds whose hands make trophies, and plain ones.
    seeds = [31, 134, 207, 1, 210, 2, 3, 4]
    for number, seed in enumerate(seeds, start=1):
        hand_save(match=match, number=number, record=sheet(seed, 6), user=match.referee)
    match_complete(match=match, user=match.referee)
    one_by_one = _rows(match)
    played = []
    for hand in match.hands.order_by("number"):
        result = score_hand_record(hand.record)
        made = tuple(
            (announcement["team"], announcement["feast"])
            for _index, announcement in trophies_made(hand.record, result)
        )
        played.append(HandPlayed(hand.attack_score, hand.defence_score, made))
    MatchResult.objects.filter(match=match).delete()
    match_results_bulk_store([(match, played)])
    assert _rows(match) == one_by_one
    assert any(row[3] for row in one_by_one.values())  # a trophy was compared
