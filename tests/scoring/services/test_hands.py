"""Saving hands: judged by the engine, nothing partial stored, no lost update."""

import pytest

from competitions.models import Match
from scoring.engine import score_hand_record
from scoring.models import Hand
from scoring.services.hands import HandConflict, HandRejected, hand_save
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match, sheet
from tests.scoring.kit import ann, hand

pytestmark = pytest.mark.django_db


def test_saved_hand_carries_the_engines_result_and_the_attacking_team():
    match = ready_match()
    record = sheet(7)
    saved = hand_save(match=match, number=2, record=record, user=match.referee)
    result = score_hand_record(record)
    assert (saved.attack_score, saved.defence_score) == (
        result["attack"]["score"],
        result["defence"]["score"],
    )
    assert saved.attack_team == match.team_b  # R3: hand 2 alternates from the cut
    assert saved.result["attack"] == result["attack"]
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY


def test_invalid_hand_is_refused_with_every_error_and_nothing_stored():
    match = ready_match()
    record = hand(ann("kasino"), ann("cash", team="nobody"))
    with pytest.raises(HandRejected) as refused:
        hand_save(match=match, number=1, record=record, user=match.referee)
    assert [e["path"] for e in refused.value.errors] == [
        "/announcements/0/feast",
        "/announcements/1/team",
    ]
    assert not Hand.objects.exists()
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_second_save_of_a_stale_version_is_a_conflict_and_loses_nothing():
    match = ready_match()
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    colleague = UserFactory(roles=[Role.OFFICIAL])
    first = hand_save(match=match, number=1, record=sheet(2), user=colleague, version=1)
    with pytest.raises(HandConflict) as conflict:
        hand_save(match=match, number=1, record=sheet(3), user=match.referee, version=1)
    assert conflict.value.current.version == 2
    assert conflict.value.current.record == sheet(2)
    assert str(colleague) in conflict.value.message
    assert Hand.objects.get(pk=first.pk).record == sheet(2)


def test_deliberate_overwrite_with_the_new_version_succeeds():
    match = ready_match()
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    saved = hand_save(
        match=match, number=1, record=sheet(3), user=match.referee, version=1
    )
    assert (saved.version, saved.record) == (2, sheet(3))


@pytest.mark.parametrize(
    "role",
    [Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN, None],
    ids=["other-referee", "jury", "captain", "no-role"],
)
def test_only_the_assigned_referee_or_an_official_enters_hands(role):
    match = ready_match()
    user = UserFactory(roles=[role] if role else [])
    with pytest.raises(ServiceError, match="may not enter hands"):
        hand_save(match=match, number=1, record=sheet(1), user=user)
    official = UserFactory(roles=[Role.OFFICIAL])
    assert hand_save(match=match, number=1, record=sheet(1), user=official).pk


@pytest.mark.parametrize("number", [0, 9])
def test_R3_hand_number_within_the_match(number):
    match = ready_match()
    with pytest.raises(ServiceError, match="hands 1 to 8"):
        hand_save(match=match, number=number, record=sheet(1), user=match.referee)


def test_history_keeps_who_changed_a_hand():
    match = ready_match()
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    saved = hand_save(
        match=match, number=1, record=sheet(2), user=match.referee, version=1
    )
    versions = list(saved.history.order_by("history_date"))
    assert [v.version for v in versions] == [1, 2]
    assert versions[0].record == sheet(1)


def test_void_match_takes_no_hands():
    match = ready_match()
    match.status = Match.Status.VOID
    match.save()
    with pytest.raises(ServiceError):
        hand_save(
            match=match,
            number=1,
            record=sheet(1),
            user=UserFactory(roles=[Role.OFFICIAL]),
        )


def test_the_same_save_sent_twice_is_stored_once():
    """A save replayed from the referee's device after its answer was lost carries
    the version it was made on; the same content already stored is a no-op."""
    match = ready_match()
    first = hand_save(match=match, number=1, record=sheet(4), user=match.referee)
    again = hand_save(match=match, number=1, record=sheet(4), user=match.referee)
    assert again.pk == first.pk
    assert Hand.objects.get(pk=first.pk).version == 1
    assert Hand.objects.filter(match=match).count() == 1
    assert Hand.history.filter(id=first.pk).count() == 1
    # A different hand on the same stale version is still a conflict.
    with pytest.raises(HandConflict):
        hand_save(match=match, number=1, record=sheet(5), user=match.referee)


def test_the_history_names_who_the_service_acted_for_outside_a_request():
    """An import in the worker or the command line has no request to name its
    user: the hands, the match's start and its completion are still the referee's
    or official's in the history, not "the system" (seen in the captain's dispute
    journey: every hand of the match "created by the system")."""
    from competitions.services.matches import match_complete

    referee = UserFactory(roles=[Role.REFEREE])
    match = ready_match(referee=referee)
    for number in range(1, match.hands_expected + 1):
        hand_save(match=match, number=number, record=sheet(number), user=referee)
    match_complete(match=match, user=referee)
    hands = Hand.history.filter(match_id=match.pk)
    assert {row.history_user for row in hands} == {referee}
    statuses = match.history.filter(status__in=["in_play", "completed"])
    assert [row.history_user for row in statuses.order_by("history_date")] == [
        referee,
        referee,
    ]
