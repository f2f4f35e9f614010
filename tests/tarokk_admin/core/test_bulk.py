"""Many rows updated, each with its own values, and many rows' history recorded,
in a few statements (``core/bulk.py``), on whichever database the tests run."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import Player
from tarokk_admin.core.bulk import (
    history_copy,
    history_steps,
    rows_insert,
    rows_update,
)
from tests.factories import PlayerFactory
from tests.trophies.kit import VariantAwardFactory
from trophies.models import TrophyAward, TrophyCup

pytestmark = pytest.mark.django_db


def test_rows_update_sets_each_rows_own_values_and_nothing_else(monkeypatch):
    monkeypatch.setattr("tarokk_admin.core.bulk.BATCH", 2)  # several statements
    awards = [VariantAwardFactory(player=PlayerFactory()) for _ in range(5)]
    player = PlayerFactory()
    cups = [
        TrophyCup.objects.create(
            player=player, threshold=t, award=awards[0], date=dt.date(2026, 1, 1)
        )
        for t in (100, 250, 500)
    ]
    rows = [
        (cups[0].pk, awards[1].pk, dt.date(2012, 3, 4)),
        (cups[2].pk, awards[3].pk, dt.date(2015, 12, 31)),
    ]
    assert rows_update(TrophyCup, ["award", "date"], rows) == 2
    stored = {
        c.threshold: (c.award_id, c.date) for c in TrophyCup.objects.order_by("pk")
    }
    assert stored == {
        100: (awards[1].pk, dt.date(2012, 3, 4)),
        250: (awards[0].pk, dt.date(2026, 1, 1)),
        500: (awards[3].pk, dt.date(2015, 12, 31)),
    }
    assert rows_update(TrophyCup, ["date"], []) == 0


def test_history_copy_records_the_rows_as_they_are_with_a_reason(django_user_model):
    user = django_user_model.objects.create(username="official")
    awards = [VariantAwardFactory(player=PlayerFactory()) for _ in range(3)]
    TrophyAward.objects.filter(pk=awards[0].pk).update(event="Őszi kupa")
    before = TrophyAward.history.count()
    copied = history_copy(
        TrophyAward,
        [awards[0].pk, awards[2].pk],
        history_type="~",
        reason="from the archive file a.csv",
        user=user,
    )
    assert copied == 2
    rows = TrophyAward.history.order_by("-history_id")[:2]
    assert TrophyAward.history.count() == before + 2
    assert {(r.id, r.history_type, r.history_user_id) for r in rows} == {
        (awards[0].pk, "~", user.pk),
        (awards[2].pk, "~", user.pk),
    }
    assert {r.history_change_reason for r in rows} == {"from the archive file a.csv"}
    assert TrophyAward.history.filter(id=awards[0].pk).latest().event == "Őszi kupa"


def test_history_steps_records_each_save_of_each_row_in_order(monkeypatch):
    """As the saves one after another record them: per row, one history row per
    step, the fields given taking the value they had then (issue 24)."""
    monkeypatch.setattr("tarokk_admin.core.bulk.BATCH", 1)  # several statements
    players = [PlayerFactory(name=f"Játékos {i}", club="Pécs") for i in range(2)]
    before = Player.history.count()
    recorded = history_steps(
        Player,
        [p.pk for p in reversed(players)],
        [
            ("+", None, {"club": ""}),
            ("~", "club set", {}),
        ],
    )
    assert recorded == 4
    rows = list(Player.history.order_by("history_id"))[before:]
    assert [(r.id, r.history_type, r.club, r.history_change_reason) for r in rows] == [
        (players[0].pk, "+", "", None),
        (players[0].pk, "~", "Pécs", "club set"),
        (players[1].pk, "+", "", None),
        (players[1].pk, "~", "Pécs", "club set"),
    ]


def test_rows_insert_stores_new_rows_with_their_ids():
    """``bulk_create`` on SQLite, ``COPY`` with ids from the sequence on
    PostgreSQL: either way the rows get their ids, in order."""
    players = [Player(name=f"Új {i}", federation_number=f"N-{i}") for i in range(3)]
    rows_insert(Player, players)
    assert [p.pk for p in players] == sorted(p.pk for p in players)
    stored = dict(
        Player.objects.filter(name__startswith="Új").values_list("pk", "name")
    )
    assert stored == {p.pk: p.name for p in players}
    assert (
        Player.objects.create(name="Utána", federation_number="N-9").pk > players[-1].pk
    )


def test_rows_insert_keeps_a_primary_key_that_is_no_sequence():
    """A one-to-one primary key (a match's statistics tally) is the row's own:
    nothing is taken from a sequence it does not have (PostgreSQL's ``COPY``)."""
    from stats.models import MatchTally
    from tests.factories import MatchFactory

    matches = [MatchFactory(), MatchFactory()]
    tallies = [
        MatchTally(
            match_id=match.pk,
            season_id=match.competition.season_id,
            counts={"federation": {"matches": 1}},
        )
        for match in matches
    ]
    rows_insert(MatchTally, tallies)
    assert [t.pk for t in tallies] == [m.pk for m in matches]
    assert dict(MatchTally.objects.values_list("match_id", "counts")) == {
        match.pk: {"federation": {"matches": 1}} for match in matches
    }
