"""The bench seed writes its match results through the results service (issue 21):
every stored result is the engine's judgement of the match's stored hands (R3, R11)
and its best trophy the one ``match_results_store`` would store (R15)."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from competitions.models import Match, MatchResult
from competitions.services.results import match_results_store

pytestmark = pytest.mark.django_db


def test_the_bench_results_are_those_of_the_results_service_R11():
    call_command("seed_bench", teams=4, matches=3, players=8, year=2026)
    matches = list(Match.objects.select_related("team_a", "team_b"))
    assert len(matches) == 6
    stored = {
        (row.match_id, row.team_id): (row.total, row.points, row.best_trophy)
        for row in MatchResult.objects.all()
    }
    assert len(stored) == 12
    for match in matches:
        again = {
            (row.match_id, row.team_id): (row.total, row.points, row.best_trophy)
            for row in match_results_store(match)
        }
        assert again == {key: stored[key] for key in again}
