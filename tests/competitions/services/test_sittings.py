"""Variant sittings (R15): a player of the table records, another player of the table
or an official confirms, the recorder corrects or voids before confirmation and
officials after, every change with its reason and history; refusals name the field
and store nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import Group
from django.utils import translation

from competitions.models import SittingResult, VariantSitting
from competitions.selectors.sittings import sitting_history
from competitions.services.free_games import free_games_close
from competitions.services.sittings import (
    sitting_confirm,
    sitting_correct,
    sitting_record,
    sitting_void,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.roles import Role
from tarokk_admin.core.words import shown
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import PlayerFactory, SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 5, 2)


@pytest.fixture
def table():
    SeasonFactory(year=2026)
    return [linked_player(f"Player {n}") for n in range(5)]


def results_of(sitting):
    return {
        r.player.name: r.points
        for r in SittingResult.objects.filter(sitting=sitting).select_related("player")
    }


def test_r15_a_player_of_the_table_records_a_pending_sitting(table):
    eva, bela, cili = table[:3]
    sitting = sitting_record(
        user=eva.user,
        date=DAY,
        variant="emperor",
        event="  Nyári   tábor ",
        results=[(eva, 120), (bela, -40), (cili, -80)],
    )
    assert sitting.status == VariantSitting.Status.PENDING
    assert (sitting.recorded_by, sitting.event, sitting.name) == (
        eva.user,
        "Nyári tábor",
        "",
    )
    assert results_of(sitting) == {"Player 0": 120, "Player 1": -40, "Player 2": -80}
    assert [h.history_type for h in sitting.history.all()] == ["+"]


def _record(table, **changes):
    data = {
        "user": table[0].user,
        "date": DAY,
        "variant": "emperor",
        "results": [(table[0], 10), (table[1], 20), (table[2], 30)],
    }
    data.update(changes)
    return sitting_record(**data)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        pytest.param(
            lambda t: {"results": [(t[0], 1), (t[1], 2)]},
            "results",
            "3 to 5 players",
            id="r15-two-players",
        ),
        pytest.param(
            lambda t: {"results": [(p, 1) for p in t] + [(PlayerFactory(), 1)]},
            "results",
            "3 to 5 players",
            id="r15-six-players",
        ),
        pytest.param(
            lambda t: {"results": [(t[0], 1), (t[1], 2), (t[1], 3)]},
            "results",
            "entered twice",
            id="same-player-twice",
        ),
        pytest.param(
            lambda t: {"results": [(t[1], 1), (t[2], 2), (t[3], 3)]},
            "results",
            "add yourself",
            id="recorder-not-at-the-table",
        ),
        pytest.param(
            lambda t: {"results": [(t[0], 10**6), (t[1], 2), (t[2], 3)]},
            "results",
            "not a plausible score",
            id="implausible-points",
        ),
        pytest.param(
            lambda t: {"variant": "tarot"}, "variant", "Unknown variant", id="variant"
        ),
        pytest.param(
            lambda t: {"variant": "training"},
            "name",
            "under their name",
            id="r15-training-needs-a-name",
        ),
        pytest.param(
            lambda t: {"variant": "emperor", "name": "Kaiser"},
            "name",
            "no name of its own",
            id="emperor-has-no-name",
        ),
        pytest.param(
            lambda t: {"date": dt.date(2025, 5, 2)},
            "date",
            "no 2025 season",
            id="no-season",
        ),
        pytest.param(
            lambda t: {"date": dt.date.today() + dt.timedelta(days=2)},
            "date",
            "future",
            id="future",
        ),
    ],
)
def test_refusals_name_the_field_and_store_nothing(table, changes, field, words):
    with pytest.raises(ServiceError) as refused:
        _record(table, **changes(table))
    assert refused.value.field == field
    assert words in refused.value.message
    assert not VariantSitting.objects.exists()
    assert not SittingResult.objects.exists()


def test_an_account_without_a_player_cannot_record(table):
    with pytest.raises(ServiceError) as refused:
        _record(table, user=UserFactory())
    assert refused.value.code == "not_a_player"
    assert not VariantSitting.objects.exists()


def test_r15_named_games_keep_one_spelling_per_season(table):
    first = _record(table, variant="training", name="Kezdők  edzése")
    second = _record(
        table,
        variant="training",
        name="KEZDOK EDZESE",
        results=[(table[0], 1), (table[1], 2), (table[2], 3)],
    )
    assert first.name == second.name == "Kezdők edzése"


@pytest.mark.parametrize(
    ("who", "allowed"),
    [
        pytest.param("recorder", False, id="not-the-recorder"),
        pytest.param("table-mate", True, id="r15-a-table-mate"),
        pytest.param("official", True, id="r15-an-official"),
        pytest.param("stranger", False, id="not-a-stranger"),
        pytest.param("official-recorder", False, id="not-an-official-recorder"),
    ],
)
def test_r15_who_confirms(table, who, allowed):
    recorder = table[0].user
    if who == "official-recorder":
        recorder.groups.add(Group.objects.get(name=Role.OFFICIAL.value))
    sitting = _record(table, user=recorder)
    user = {
        "recorder": recorder,
        "official-recorder": recorder,
        "table-mate": table[1].user,
        "official": UserFactory(roles=[Role.OFFICIAL]),
        "stranger": table[4].user,
    }[who]
    if allowed:
        confirmed = sitting_confirm(sitting=sitting, user=user)
        assert (confirmed.status, confirmed.confirmed_by) == ("confirmed", user)
        assert confirmed.confirmed_at is not None
    else:
        with pytest.raises(ServiceError):
            sitting_confirm(sitting=sitting, user=user)
        sitting.refresh_from_db()
        assert sitting.status == VariantSitting.Status.PENDING


def test_a_confirmed_sitting_is_not_confirmed_again(table):
    sitting = sitting_of(
        [(table[0], 1), (table[1], 2), (table[2], 3)], confirm_by=table[1].user
    )
    with pytest.raises(ServiceError, match="nothing to confirm"):
        sitting_confirm(sitting=sitting, user=table[2].user)


def _correct(sitting, user, **changes):
    data = {
        "sitting": sitting,
        "user": user,
        "reason": "points swapped",
        "date": sitting.date,
        "variant": sitting.variant,
        "results": [(r.player, r.points) for r in sitting.results.all()],
    }
    data.update(changes)
    return sitting_correct(**data)


def test_r15_the_recorder_corrects_before_confirmation_with_history(table):
    eva, bela, cili, dora = table[:4]
    sitting = _record(table, results=[(eva, 10), (bela, 20), (cili, 30)])
    _correct(
        sitting,
        eva.user,
        results=[(eva, 10), (bela, 25), (dora, 30)],
        event="Klubnap",
    )
    sitting.refresh_from_db()
    assert sitting.status == VariantSitting.Status.PENDING
    assert (sitting.event, sitting.reason) == ("Klubnap", "points swapped")
    assert results_of(sitting) == {"Player 0": 10, "Player 1": 25, "Player 3": 30}
    history = SittingResult.history.filter(sitting_id=sitting.pk)
    assert sorted(history.values_list("history_type", flat=True)) == sorted(
        ["+", "+", "+", "~", "-", "+"]
    )
    assert sitting.history.first().history_change_reason == "points swapped"


@pytest.mark.parametrize(
    ("who", "status", "allowed"),
    [
        pytest.param("recorder", "pending", True, id="r15-recorder-before"),
        pytest.param("recorder", "confirmed", False, id="r15-recorder-after"),
        pytest.param("table-mate", "pending", False, id="table-mate"),
        pytest.param("official", "pending", True, id="r15-official-before"),
        pytest.param("official", "confirmed", True, id="r15-official-after"),
        pytest.param("official", "void", False, id="void-stays-void"),
    ],
)
def test_r15_who_corrects_and_voids(table, who, status, allowed):
    sitting = _record(table)
    official = UserFactory(roles=[Role.OFFICIAL])
    if status == "confirmed":
        sitting = sitting_confirm(sitting=sitting, user=table[1].user)
    if status == "void":
        sitting = sitting_void(sitting=sitting, user=official, reason="twice")
    user = {"recorder": table[0].user, "table-mate": table[1].user}.get(who, official)
    for action in (
        lambda: _correct(sitting, user, results=[(table[0], 99), *_rest(table)]),
        lambda: sitting_void(sitting=sitting, user=user, reason="entered twice"),
    ):
        if allowed:
            action()
        else:
            with pytest.raises(ServiceError):
                action()
    sitting.refresh_from_db()
    if allowed:
        assert sitting.status == VariantSitting.Status.VOID
        assert sitting.reason == "entered twice"
        assert results_of(sitting)["Player 0"] == 99
    else:
        assert sitting.status == status
        assert results_of(sitting)["Player 0"] == 10


def _rest(table):
    return [(table[1], 20), (table[2], 30)]


def test_an_officials_correction_keeps_a_confirmed_sitting_confirmed(table):
    sitting = sitting_of(
        [(table[0], 1), (table[1], 2), (table[2], 3)], confirm_by=table[1].user
    )
    _correct(sitting, UserFactory(roles=[Role.OFFICIAL]), date=dt.date(2026, 6, 1))
    sitting.refresh_from_db()
    assert (sitting.status, sitting.date) == ("confirmed", dt.date(2026, 6, 1))


def test_a_correction_or_a_void_needs_a_reason(table):
    sitting = _record(table)
    with pytest.raises(ServiceError) as refused:
        _correct(sitting, table[0].user, reason=" ")
    assert refused.value.field == "reason"
    with pytest.raises(ServiceError) as refused:
        sitting_void(sitting=sitting, user=table[0].user, reason=" ")
    assert refused.value.field == "reason"
    sitting.refresh_from_db()
    assert (sitting.status, sitting.reason) == ("pending", "")


def test_the_recorder_stays_at_the_table_when_correcting(table):
    sitting = _record(table)
    with pytest.raises(ServiceError, match="keep yourself"):
        _correct(sitting, table[0].user, results=[(p, 1) for p in table[1:4]])


def test_r15_a_closed_year_refuses_every_change(table):
    pending = _record(table)
    confirmed = sitting_of(
        [(table[0], 1), (table[1], 2), (table[2], 3)], confirm_by=table[1].user
    )
    official = UserFactory(roles=[Role.OFFICIAL])
    sitting_void(sitting=pending, user=official, reason="never played")
    free_games_close(season=confirmed.season, user=official, today=dt.date(2027, 1, 5))
    with pytest.raises(ServiceError, match="closed"):
        _record(table)
    with pytest.raises(ServiceError, match="closed"):
        _correct(confirmed, official)
    with pytest.raises(ServiceError, match="closed"):
        sitting_void(sitting=confirmed, user=official, reason="late")


def test_the_same_sitting_is_not_recorded_twice(table):
    first = _record(table)
    with pytest.raises(ServiceError) as refused:
        _record(table, user=table[1].user)  # a table-mate records it too
    assert refused.value.code == "duplicate"
    assert "already recorded" in refused.value.message
    assert VariantSitting.objects.count() == 1
    _record(table, event="Second round")  # another sitting of the day
    sitting_void(sitting=first, user=table[0].user, reason="typo")
    _record(table)  # the void one does not count
    assert VariantSitting.objects.count() == 3


def test_the_apps_reasons_are_stored_as_words_and_read_in_the_readers_language(
    table,
):
    """ "recorded" and "confirmed" are written while a Hungarian page is open and
    read in English by an English reader (``core/words.py``)."""
    eva, bela, cili = table[:3]
    with translation.override("hu"):
        sitting = sitting_record(
            user=eva.user,
            date=DAY,
            variant="emperor",
            results=[(eva, 120), (bela, -40), (cili, -80)],
        )
        sitting_confirm(sitting=sitting, user=bela.user)
    reasons = [
        row.history_change_reason
        for row in sitting.history.order_by("history_date", "history_id")
    ]
    result_reasons = {
        row.history_change_reason
        for row in SittingResult.history.filter(sitting_id=sitting.pk)
    }
    with translation.override("en"):
        assert [shown(reason) for reason in reasons] == ["recorded", "confirmed"]
        assert {shown(reason) for reason in result_reasons} == {"recorded"}
        # The history says what happened once, without "Reason: recorded".
        entries = sitting_history(sitting)
        assert [(e.what, e.reason) for e in entries] == [
            ("confirmed", ""),
            ("recorded", ""),
        ]
    with translation.override("hu"):
        assert shown(reasons[1]) == translation.gettext("confirmed")
        assert shown(reasons[1]) != "confirmed"
