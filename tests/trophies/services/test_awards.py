"""Awards from the hands of completed matches (R9, R14): made, failed, raised, both
teams, play records and score sheets; corrections, void, idempotency."""

from __future__ import annotations

import random

import pytest

from competitions.models import Lineup
from competitions.services.matches import match_void
from scoring.engine import score_hand_record
from scoring.engine.generate import random_play_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tests.scoring.kit import ann, hand
from tests.trophies.kit import completed_match, official
from trophies.models import TrophyAward
from trophies.services.awards import trophies_award_match

pytestmark = pytest.mark.django_db


def lineup(match, team):
    return Lineup.objects.get(match=match, team=team)


def test_r14_made_trophy_credits_the_announcer_with_partner_team_and_match(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({3: hand(ann("golgotha", by="catcher"))})
    award = TrophyAward.objects.get()
    team_a = lineup(match, match.team_a)  # hand 3: team_a attacks (R3)
    assert award.player_id == team_a.catcher_id
    assert award.partner_id == team_a.driver_id
    assert award.team_id == match.team_a_id
    assert (award.feast, award.value) == ("golgotha", 130)
    assert award.date == match.date
    assert award.match_id == match.pk
    assert award.hand == Hand.objects.get(match=match, number=3)
    assert award.variant == ""


def test_r14_defence_trophy_is_credited_to_the_defending_team(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({2: hand(ann("royal", team="defence"))})
    award = TrophyAward.objects.get()
    # Hand 2: team_b attacks, so the defence is team_a.
    assert award.team_id == match.team_a_id
    assert award.player_id == lineup(match, match.team_a).driver_id


def test_r14_failed_trophy_gives_nothing(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        completed_match({1: hand(ann("golgotha", made=False))})
    assert not TrophyAward.objects.exists()


def test_r9_raised_trophy_credits_the_final_level_to_its_announcer(
    django_capture_on_commit_callbacks,
):
    """R9/R12: only the final level (habicht, raised over a pheasant by the partner)
    is in the record; it is credited to who announced it, at its own value."""
    record = hand(ann("habicht", by="catcher", cards=["I", "S-K", "H-K"]))
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: record})
    award = TrophyAward.objects.get()
    assert award.player_id == lineup(match, match.team_a).catcher_id
    assert award.partner_id == lineup(match, match.team_a).driver_id
    assert (award.feast, award.value) == ("habicht", 120)


def test_r9_both_teams_can_make_a_trophy_in_one_hand(
    django_capture_on_commit_callbacks,
):
    record = hand(ann("spadille"), ann("manille", team="defence", by="catcher"))
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: record})
    awards = {a.team_id: a for a in TrophyAward.objects.all()}
    assert awards[match.team_a_id].player_id == lineup(match, match.team_a).driver_id
    assert awards[match.team_a_id].feast == "spadille"
    assert awards[match.team_b_id].player_id == lineup(match, match.team_b).catcher_id
    assert awards[match.team_b_id].feast == "manille"


def test_r14_play_record_uses_the_engines_derived_made(
    django_capture_on_commit_callbacks,
):
    """A play record's outcome is what the engine derived, not a typed flag."""
    record = random_play_record(random.Random(0), n_announcements=6)
    for announcement in record["announcements"]:
        announcement.pop("made")  # derived from the deal and the play
    result = score_hand_record(record)
    assert result["valid"]
    made = [
        (a["feast"], flag)
        for a, flag in zip(
            record["announcements"], result["derived"]["made"], strict=True
        )
    ]
    assert ("manille", True) in made
    assert ("golgotha", False) in made
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: record})
    award = TrophyAward.objects.get()
    assert award.feast == "manille"
    assert award.player_id == lineup(match, match.team_a).catcher_id


def test_r14_no_awards_before_the_match_is_completed(
    django_capture_on_commit_callbacks,
):
    from tests.factories import ready_match

    match = ready_match()
    hand_save(match=match, number=1, record=hand(ann("royal")), user=match.referee)
    assert trophies_award_match(match) == {"created": 0, "updated": 0, "deleted": 0}
    assert not TrophyAward.objects.exists()


def _correct(match, number, record, reason="wrong entry"):
    current = Hand.objects.get(match=match, number=number)
    return hand_save(
        match=match,
        number=number,
        record=record,
        user=official(),
        version=current.version,
        reason=reason,
    )


def test_r14_corrected_hand_updates_its_award_with_history(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("golgotha"))})
    award = TrophyAward.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        _correct(match, 1, hand(ann("royal", by="catcher")))
    award.refresh_from_db()
    assert (award.feast, award.value) == ("royal", 200)
    assert award.player_id == lineup(match, match.team_a).catcher_id
    assert award.history.count() == 2  # created, then corrected


def test_r14_corrected_hand_removes_a_trophy_no_longer_made(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("golgotha"))})
    award_id = TrophyAward.objects.get().pk
    with django_capture_on_commit_callbacks(execute=True):
        _correct(match, 1, hand(ann("golgotha", made=False)))
    assert not TrophyAward.objects.exists()
    history = TrophyAward.history.filter(id=award_id).order_by("history_date")
    assert [h.history_type for h in history] == ["+", "-"]


def test_r14_voided_match_removes_its_awards(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("golgotha")), 4: hand(ann("royal"))})
    assert TrophyAward.objects.count() == 2
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=match, user=official(), reason="played with a short deck")
    assert not TrophyAward.objects.exists()
    assert TrophyAward.history.filter(history_type="-").count() == 2


def test_r14_awarding_twice_never_duplicates_nor_writes_history(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("golgotha")), 2: hand(ann("spadille"))})
    before = list(TrophyAward.objects.values_list("pk", "feast", "player_id"))
    history = TrophyAward.history.count()
    assert trophies_award_match(match) == {"created": 0, "updated": 0, "deleted": 0}
    from tarokk_admin.tasks import match_completed

    match_completed(match.pk)
    assert list(TrophyAward.objects.values_list("pk", "feast", "player_id")) == before
    assert TrophyAward.history.count() == history
