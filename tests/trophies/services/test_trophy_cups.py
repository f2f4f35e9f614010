"""Trophy cups (R14): at 100, 250, 500 and 1000 points, once each, dated by the award
that crossed the threshold; recomputed idempotently; officials e-mailed new cups."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.services.matches import match_void
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import PlayerFactory, UserFactory
from tests.scoring.kit import ann, hand
from tests.trophies.kit import (
    VariantAwardFactory,
    awards_for,
    completed_match,
    official,
)
from trophies.models import TrophyCup, TrophyTally
from trophies.rules import trophy_cup_crossings
from trophies.services.awards import trophy_variant_enter
from trophies.services.trophy_cups import trophy_cups_recompute
from trophies.tasks import trophy_cups_refresh

THRESHOLDS = (100, 250, 500, 1000)
D = dt.date(2026, 1, 1)


def day(n: int) -> dt.date:
    return D + dt.timedelta(days=n)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        pytest.param([99], {}, id="R14-99-points-no-cup"),
        pytest.param([100], {100: 0}, id="R14-exactly-100-reaches-the-first-cup"),
        pytest.param([60, 50], {100: 1}, id="R14-100-crossed-by-the-second-award"),
        pytest.param([120, 130], {100: 0, 250: 1}, id="R14-250-reached-exactly"),
        pytest.param(
            [200, 200, 150], {100: 0, 250: 1, 500: 2}, id="R14-500-by-the-third"
        ),
        pytest.param(
            [200] * 5, {100: 0, 250: 1, 500: 2, 1000: 4}, id="R14-1000-by-five-royals"
        ),
        pytest.param(
            [90, 200], {100: 1, 250: 1}, id="R14-one-award-crosses-two-thresholds"
        ),
    ],
)
def test_r14_cup_crossings(values, expected):
    awards = [(index + 1, day(index), v) for index, v in enumerate(values)]
    total, crossings = trophy_cup_crossings(awards, THRESHOLDS)
    assert total == sum(values)
    assert {c.threshold: c.award_id - 1 for c in crossings} == expected
    assert all(c.date == day(c.award_id - 1) for c in crossings)


def test_r14_cups_follow_date_order_then_id_not_entry_order():
    # Entered late but dated first: it comes first in the walk.
    awards = [(1, day(5), 120), (2, day(1), 30)]
    _total, crossings = trophy_cup_crossings(awards, THRESHOLDS)
    assert [(c.threshold, c.award_id) for c in crossings] == [(100, 1)]
    awards = [(2, day(1), 80), (1, day(1), 30)]  # same day: lower id first
    _total, crossings = trophy_cup_crossings(awards, THRESHOLDS)
    assert crossings[0].award_id == 2


@pytest.mark.django_db
def test_r14_one_award_crossing_two_thresholds_gives_two_cups_dated_by_it():
    player = PlayerFactory()
    VariantAwardFactory(player=player, feast="marriage", date=day(1))  # 60
    VariantAwardFactory(player=player, feast="spadille", date=day(2))  # 90
    royal = VariantAwardFactory(player=player, feast="royal", date=day(3))  # 290
    new = trophy_cups_recompute(player_ids=[player.pk])
    assert sorted(c.threshold for c in new) == [100, 250]
    assert {(c.award_id, c.date) for c in new} == {(royal.pk, day(3))}
    assert TrophyTally.objects.get(player=player).points == 290


@pytest.mark.django_db
def test_r14_recompute_is_idempotent():
    player = PlayerFactory()
    awards_for(player, "royal", "royal", "golgotha")
    cups = list(TrophyCup.objects.values_list("pk", "threshold", "award_id", "date"))
    history = TrophyCup.history.count()
    assert trophy_cups_recompute(player_ids=[player.pk]) == []
    assert trophy_cups_refresh([player.pk]) == 0
    assert (
        list(TrophyCup.objects.values_list("pk", "threshold", "award_id", "date"))
        == cups
    )
    assert TrophyCup.history.count() == history
    assert [c[1] for c in cups] == [100, 250, 500]


@pytest.mark.django_db
def test_r14_an_earlier_trophy_entered_later_re_dates_the_cup(mailoutbox):
    player = PlayerFactory()
    officer = official()
    awards_for(player, "mond_capture", date=day(10))  # 120
    cup = TrophyCup.objects.get()
    assert cup.date == day(10)
    earlier = VariantAwardFactory(player=player, feast="habicht", date=day(2))  # 240
    assert trophy_cups_refresh([player.pk]) == 0  # not a new cup: no mail
    cup.refresh_from_db()
    assert (cup.award_id, cup.date) == (earlier.pk, day(2))
    assert mailoutbox == []
    assert officer  # an official with an e-mail exists, yet nothing was sent


@pytest.mark.django_db
def test_r14_new_cups_are_e_mailed_to_officials_once(
    mailoutbox, django_capture_on_commit_callbacks
):
    first, second = official(), official()
    UserFactory(roles=[])  # not an official
    no_mail = official()
    no_mail.email = ""
    no_mail.save()
    player = linked_player("Kovács Éva")
    sitting = sitting_of(
        [(player, 10), (linked_player(), 20), (linked_player(), 30)],
        date=day(3),
        confirm_by=first,
    )
    with django_capture_on_commit_callbacks(execute=True):
        trophy_variant_enter(
            sitting=sitting,
            feast="royal",
            jury_note="Seen by the jury",
            player=player,
            user=first,
        )
    assert len(mailoutbox) == 1  # one award crossing 100 only (200 < 250)
    mail = mailoutbox[0]
    assert sorted(mail.to) == sorted([first.email, second.email])
    assert "Kovács Éva" in mail.subject
    assert "100" in mail.subject
    assert f"/players/{player.pk}/" in mail.body
    trophy_cups_refresh([player.pk])
    assert len(mailoutbox) == 1


@pytest.mark.django_db
def test_r14_voided_match_withdraws_a_cup_no_longer_reached_with_history(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("royal"))})
    cup = TrophyCup.objects.get()
    assert cup.threshold == 100
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=match, user=official(), reason="wrong teams")
    assert not TrophyCup.objects.exists()
    assert list(
        TrophyCup.history.filter(id=cup.pk).values_list("history_type", flat=True)
    ) == ["-", "+"]
    assert TrophyTally.objects.get(player_id=cup.player_id).points == 0


@pytest.mark.django_db
def test_r14_a_removed_award_re_dates_a_cup_still_reached(
    django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=True):
        match = completed_match({1: hand(ann("royal"))}, date=dt.date(2026, 3, 1))
    cup = TrophyCup.objects.get()
    player = cup.player
    later = VariantAwardFactory(player=player, feast="golgotha", date=day(100))
    trophy_cups_refresh([player.pk])
    sent = len(mailoutbox)
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=match, user=official(), reason="wrong teams")
    cup.refresh_from_db()
    assert (cup.threshold, cup.award_id, cup.date) == (100, later.pk, later.date)
    # Re-dated, not new: the only new e-mails are the void's notices.
    new = mailoutbox[sent:]
    assert new
    assert all(message.subject.startswith("Érvénytelenített") for message in new)


@pytest.mark.django_db
def test_r14_thresholds_come_from_the_settings(settings):
    settings.TROPHY_CUP_THRESHOLDS = (50, 150)
    player = PlayerFactory()
    awards_for(player, "golgotha")
    assert list(TrophyCup.objects.values_list("threshold", flat=True)) == [50]
