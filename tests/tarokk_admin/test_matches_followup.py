"""One follow-up for many matches (``matches_completed``, issue 24): its end state
is that of their ``match_completed`` follow-ups delivered one by one (trophies,
R14; trophy cups; statistics; the standings; the cup's decisions, R15), whatever
the matches (made trophies, a void match, a corrected hand), and delivering it
again changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction
from django.utils import timezone

from competitions.models import Match
from competitions.services.matches import match_complete, match_void
from scoring.services.hands import hand_save
from stats.models import MatchTally, SeasonStatistics
from tarokk_admin import tasks
from tarokk_admin.core.background import followup_deliver
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match, sheet
from tests.tarokk_admin.kit import PLAIN_SEEDS, TROPHY_SEEDS, followups_deliver_all
from trophies.models import TrophyAward, TrophyCup

pytestmark = pytest.mark.django_db


def _completed(seeds) -> Match:
    match = ready_match()
    for number, seed in enumerate(seeds, start=1):
        hand_save(match=match, number=number, record=sheet(seed), user=match.referee)
    return match_complete(match=match, user=UserFactory(roles=[Role.OFFICIAL]))


@pytest.fixture
def matches() -> list[int]:
    """Three completed matches, two with made trophies; their follow-ups wait."""
    played = [_completed(TROPHY_SEEDS), _completed(PLAIN_SEEDS)]
    played.append(_completed(TROPHY_SEEDS))
    return [match.pk for match in played]


def derived() -> dict[str, Any]:
    """What the follow-ups write, without the ids of the rows they create."""
    return {
        "awards": sorted(
            TrophyAward.objects.values_list(
                "match_id", "hand_id", "team_id", "player_id", "feast", "value", "date"
            )
        ),
        "award history": sorted(
            TrophyAward.history.values_list(
                "match_id", "hand_id", "history_type", "history_change_reason"
            )
        ),
        "cups": sorted(TrophyCup.objects.values_list("player_id", "threshold", "date")),
        "statistics": sorted(
            (row.season_id, row.scope, row.team_id, row.player_id, row.counts)
            for row in SeasonStatistics.objects.all()
        ),
        "tallies": sorted(MatchTally.objects.values_list("match_id", "counts")),
        "standings": [
            (row.team_id, row.score, row.matches)
            for match in Match.objects.select_related("competition__season")
            for row in _table(match)
        ],
    }


def _table(match: Match) -> list[Any]:
    from competitions.selectors.standings import championship_table

    return championship_table(season=match.competition.season)


def _one_by_one() -> dict[str, Any]:
    """State after the per-match follow-ups (and what they queue), rolled back."""
    with transaction.atomic():
        followups_deliver_all()
        state = derived()
        transaction.set_rollback(True)
    return state


def _at_once(ids: list[int]) -> dict[str, Any]:
    """State after one ``matches_completed`` for ``ids`` instead, rolled back."""
    with transaction.atomic():
        Followup.objects.update(delivered_at=timezone.now())
        tasks.matches_completed(ids)
        followups_deliver_all()  # the trophy cups it queued
        state = derived()
        transaction.set_rollback(True)
    return state


def test_one_follow_up_for_the_matches_ends_as_their_follow_ups_one_by_one(
    matches,
):
    reference = _one_by_one()
    assert reference["awards"]  # trophies made (R14)
    assert reference["statistics"]
    assert _at_once(matches) == reference


def test_a_void_match_and_a_corrected_hand_end_the_same_way_too(matches):
    """After a void (its awards and statistics taken out) and a corrected hand
    (its award changed or removed): the one follow-up takes the per-match path for
    the awards that change, and the statistics follow."""
    followups_deliver_all()
    official = UserFactory(roles=[Role.OFFICIAL])
    first, _plain, last = (Match.objects.get(pk=pk) for pk in matches)
    match_void(match=first, user=official, reason="Rossz csapat játszott.")
    hand_save(
        match=last,
        number=1,
        record=sheet(PLAIN_SEEDS[0]),
        user=official,
        version=1,
        reason="Elírás javítva.",
    )
    reference = _one_by_one()
    assert _at_once(matches) == reference
    assert not [award for award in reference["awards"] if award[0] == first.pk]


def test_delivered_again_it_changes_nothing(matches):
    Followup.objects.update(delivered_at=timezone.now())
    row = Followup.objects.create(kind="matches_completed", args=[matches])
    assert followup_deliver(row.pk) is True
    followups_deliver_all()
    state = derived()
    queued = Followup.objects.count()
    assert followup_deliver(row.pk) is False  # delivered: the row lock says so
    tasks.matches_completed(matches)  # and run again by hand
    assert derived() == state
    assert Followup.objects.count() == queued  # no cup recompute queued again
