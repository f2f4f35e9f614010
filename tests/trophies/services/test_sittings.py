"""A variant sitting's trophies when the sitting is corrected or voided (R14, R15):
the official says what becomes of them; they follow the sitting, are withdrawn or
move to another sitting, each change in their history, the cups recomputed."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import VariantSitting
from tarokk_admin.core.errors import ServiceError
from tests.competitions.kit import linked_player, sitting_of
from tests.trophies.kit import official
from trophies.models import TrophyAward, TrophyCup
from trophies.services.awards import trophy_variant_enter
from trophies.services.sittings import (
    KEEP,
    MOVE,
    WITHDRAW,
    sitting_correct_settling,
    sitting_void_settling,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_capture_on_commit_callbacks):
    officer = official()
    players = [
        linked_player(n) for n in ("Kovács Éva", "Nagy Béla", "Ács Cili", "Őz Dani")
    ]
    sitting = sitting_of(
        [(p, 10 * n) for n, p in enumerate(players[:3])],
        confirm_by=players[1].user,
        event="Tábor",
    )
    with django_capture_on_commit_callbacks(execute=True):
        award = trophy_variant_enter(
            sitting=sitting,
            feast="golgotha",
            jury_note="seen",
            player=players[0],
            partner=players[1],
            user=officer,
        )
    return officer, players, sitting, award


def _correct(sitting, user, trophies="", **changes):
    data = {
        "sitting": sitting,
        "user": user,
        "reason": "wrong day",
        "date": sitting.date,
        "variant": sitting.variant,
        "results": [(r.player, r.points) for r in sitting.results.all()],
        "trophies": trophies,
    }
    data.update(changes)
    return sitting_correct_settling(**data)


def test_r14_the_correction_asks_what_becomes_of_the_trophies(world):
    officer, _players, sitting, _award = world
    with pytest.raises(ServiceError) as refused:
        _correct(sitting, officer, date=dt.date(2026, 6, 1))
    assert refused.value.field == "trophies"
    sitting.refresh_from_db()
    assert sitting.date == dt.date(2026, 5, 2)  # nothing changed


def test_r14_kept_trophies_follow_the_corrected_sitting(
    world, django_capture_on_commit_callbacks
):
    officer, _players, sitting, award = world
    with django_capture_on_commit_callbacks(execute=True):
        _correct(sitting, officer, KEEP, date=dt.date(2026, 6, 1), variant="high")
    award.refresh_from_db()
    assert (award.date, award.variant, award.sitting_id) == (
        dt.date(2026, 6, 1),
        "high",
        sitting.pk,
    )
    assert award.history.first().history_change_reason == "wrong day"
    assert TrophyCup.objects.get(player=award.player).date == dt.date(2026, 6, 1)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        pytest.param({"variant": "training", "name": "Edzés"}, "recognised", id="r14"),
        pytest.param("holder-left", "Choose a player of the sitting", id="holder-left"),
    ],
)
def test_r14_trophies_cannot_be_kept_when_they_no_longer_fit(world, changes, words):
    officer, players, sitting, _award = world
    if changes == "holder-left":
        changes = {"results": [(players[1], 1), (players[2], 2), (players[3], 3)]}
    with pytest.raises(ServiceError) as refused:
        _correct(sitting, officer, KEEP, **changes)
    assert refused.value.field == "trophies"
    assert words in refused.value.message
    assert "Golgotha" in refused.value.message  # the trophy by name, not its code
    assert "golgotha" not in refused.value.message
    sitting.refresh_from_db()
    assert sitting.variant == "emperor"
    assert TrophyAward.objects.filter(sitting=sitting).count() == 1


def test_r14_withdrawn_trophies_leave_the_list_and_the_cups(
    world, django_capture_on_commit_callbacks
):
    officer, _players, sitting, award = world
    with django_capture_on_commit_callbacks(execute=True):
        _correct(sitting, officer, WITHDRAW, variant="training", name="Edzés")
    assert not TrophyAward.objects.exists()
    assert not TrophyCup.objects.exists()
    assert TrophyAward.history.filter(id=award.pk).first().history_type == "-"


def test_r14_voiding_withdraws_or_moves_the_trophies(
    world, django_capture_on_commit_callbacks
):
    officer, players, sitting, award = world
    with pytest.raises(ServiceError) as refused:
        sitting_void_settling(sitting=sitting, user=officer, reason="twice")
    assert refused.value.field == "trophies"
    with pytest.raises(ServiceError) as refused:
        sitting_void_settling(
            sitting=sitting, user=officer, reason="twice", trophies=MOVE
        )
    assert refused.value.field == "move_to"
    elsewhere = sitting_of(
        [(players[1], 1), (players[2], 2), (players[3], 3)], confirm_by=officer
    )
    with pytest.raises(ServiceError) as refused:  # Éva did not sit there
        sitting_void_settling(
            sitting=sitting,
            user=officer,
            reason="twice",
            trophies=MOVE,
            move_to=elsewhere,
        )
    assert refused.value.field == "move_to"
    right = sitting_of(
        [(players[0], 1), (players[1], 2), (players[3], 3)],
        confirm_by=officer,
        date=dt.date(2026, 5, 3),
    )
    with django_capture_on_commit_callbacks(execute=True):
        sitting_void_settling(
            sitting=sitting, user=officer, reason="twice", trophies=MOVE, move_to=right
        )
    sitting.refresh_from_db()
    award.refresh_from_db()
    assert sitting.status == VariantSitting.Status.VOID
    assert (award.sitting, award.date) == (right, dt.date(2026, 5, 3))


def test_a_sitting_without_trophies_is_corrected_without_the_question(world):
    officer, players, _sitting, _award = world
    other = sitting_of([(p, 1) for p in players[1:]], confirm_by=officer)
    sitting_void_settling(sitting=other, user=officer, reason="never played")
    other.refresh_from_db()
    assert other.status == VariantSitting.Status.VOID
