"""``seed_demo`` gives a live day and statistics to look at: the demo's
"Téli Grand Prix" is played today, round 1 completed and round 2 in play for the
demo referee, and its completed matches are counted by the follow-up task."""

from __future__ import annotations

import pytest

from competitions.models import Competition, Match
from stats.models import Scope, SeasonStatistics
from stats.services.refresh import statistics_rebuild
from tarokk_admin.demo.accounts import demo_accounts_seed
from tarokk_admin.demo.championship import demo_federation_seed
from tarokk_admin.demo.live import LIVE_HANDS, LIVE_NAME, demo_live_day, demo_live_seed

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture
def seeded(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        demo_accounts_seed()
        demo_federation_seed()
        lines = demo_live_seed()
    assert len(lines) == 1
    return Competition.objects.get(name=LIVE_NAME)


def test_the_demo_plays_a_grand_prix_today_with_matches_in_play(seeded, client):
    day = demo_live_day()
    matches = Match.objects.filter(competition=seeded, date=day)
    assert matches.filter(status=Match.Status.COMPLETED).count() == 4
    in_play = matches.filter(status=Match.Status.IN_PLAY)
    assert sorted(m.hands.count() for m in in_play) == sorted(LIVE_HANDS)
    assert {m.referee.username for m in in_play} == {"referee"}
    html = client.get(f"/live/{day.isoformat()}/").content.decode()
    assert LIVE_NAME in html
    assert html.count('class="card live-match') == 8
    assert "Grand Prix totals so far" in html


def test_the_demo_has_statistics_that_a_rebuild_confirms(seeded, client):
    federation = SeasonStatistics.objects.get(scope=Scope.FEDERATION)
    assert (federation.matches, federation.hands) == (4, 32)
    before = federation.counts
    statistics_rebuild(season=seeded.season)
    assert SeasonStatistics.objects.get(scope=Scope.FEDERATION).counts == before
    assert client.get(f"/statistics/{seeded.season.year}/").status_code == 200


def test_a_second_run_creates_nothing(seeded):
    assert demo_live_seed() == []
