"""The season statistics follow the stored hands: every number of the
hand-built season computed by hand, and kept right through completion, correction
and void by the one refresh the follow-up task calls."""

from __future__ import annotations

import pytest

from competitions.services.matches import match_void
from scoring.services.hands import hand_save
from stats.models import MatchTally, Scope, SeasonStatistics
from stats.selectors.season import (
    federation_season,
    player_rows,
    player_season,
    team_rows,
    team_season,
)
from stats.services.refresh import statistics_rebuild, statistics_refresh
from tests.scoring.kit import ann, hand
from tests.stats.checks import assert_federation, assert_player, assert_team
from tests.stats.expected import PLAYERS

pytestmark = pytest.mark.django_db

approx = pytest.approx


def test_every_statistic_of_the_hand_built_season(kit):
    assert_federation(federation_season(kit.season))
    for team in kit.teams.values():
        assert_team(team_season(kit.season, team), team.name)
    for name in PLAYERS:
        assert_player(player_season(kit.season, kit.players[name]), name)


def test_lists_are_in_hungarian_order_with_the_headline_numbers(kit):
    rows = team_rows(kit.season)
    assert [row["team"] for row in rows] == ["Dunakeszi", "Gödöllő", "Kisfaludy"]
    kisfaludy = rows[2]
    assert (kisfaludy["matches"], kisfaludy["match_points"]) == (2, 178)
    assert (kisfaludy["announced"], kisfaludy["made"]) == (5, 4)
    assert (kisfaludy["contras"], kisfaludy["contras_won"]) == (3, 3)
    assert kisfaludy["made_share"] == approx(80.0)
    players = player_rows(kit.season)
    # Cili never played: no line. Á sorts with A, before B (Hungarian order).
    assert [row["player"] for row in players] == [
        "Ákos",
        "Anna",
        "Béla",
        "Bori",
        "Csaba",
        "Dénes",
    ]
    akos = players[0]
    assert (akos["matches"], akos["announced"], akos["made"]) == (2, 3, 2)
    assert (akos["trophies"], akos["trophy_points"]) == (1, 120)


def test_a_match_in_play_does_not_count(kit):
    tallies = set(MatchTally.objects.values_list("match_id", flat=True))
    assert tallies == {kit.matches[0].pk, kit.matches[1].pk}


def test_a_rebuild_from_the_hands_gives_the_same_rows(kit):
    def snapshot():
        return {
            (row.scope, row.team_id, row.player_id): row.counts
            for row in SeasonStatistics.objects.filter(season=kit.season)
        }

    before = snapshot()
    assert statistics_rebuild(season=kit.season) == 2
    assert snapshot() == before
    assert_federation(federation_season(kit.season))


def test_refreshing_again_changes_nothing(kit, django_assert_max_num_queries):
    stamps = set(SeasonStatistics.objects.values_list("updated_at", flat=True))
    with django_assert_max_num_queries(12):
        assert statistics_refresh(match=kit.matches[0]) is False
    assert set(SeasonStatistics.objects.values_list("updated_at", flat=True)) == stamps


def test_a_corrected_hand_changes_the_statistics(
    kit, django_capture_on_commit_callbacks
):
    """Match 1 hand 5: the mond capture failed after all (R10: limit 0 → 0)."""
    match = kit.matches[0]
    stored = match.hands.get(number=5)
    with django_capture_on_commit_callbacks(execute=True):
        hand_save(
            match=match,
            number=5,
            record=hand(ann("mond_capture", "attack", "catcher", made=False)),
            user=kit.official,
            version=stored.version,
            reason="the referee misread the last trick",
        )
    data = federation_season(kit.season)
    mond = next(r for r in data["announcements"] if r["feast"] == "mond_capture")
    assert (mond["announced"], mond["made"]) == (1, 0)
    assert data["trophies"] == {"count": 0, "points": 0, "by_trophy": []}
    team = team_season(kit.season, kit.teams["K"])
    # Kisfaludy's attack loses the 120 of hand 5: (706 - 120) / 8
    assert team["average_hand_score"]["attack"] == approx((706 - 120) / 8)
    # 755 - 120 = 635 → 79 points (R11) instead of 94
    assert team["match_points"] == 79 + 84
    akos = player_season(kit.season, kit.players["Ákos"])
    assert akos["trophies"]["count"] == 0


def test_a_void_match_is_taken_out(kit, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=kit.matches[1], user=kit.official, reason="wrong teams")
    data = federation_season(kit.season)
    assert (data["matches"], data["hands"]) == (1, 8)
    assert not SeasonStatistics.objects.filter(
        scope=Scope.TEAM, team=kit.teams["G"]
    ).exists()
    assert not MatchTally.objects.filter(match=kit.matches[1]).exists()
    assert team_season(kit.season, kit.teams["K"])["matches"] == 1


def test_the_rebuild_command_fills_an_empty_archive_once(kit):
    from io import StringIO

    from django.core.management import CommandError, call_command

    SeasonStatistics.objects.all().delete()
    MatchTally.objects.all().delete()
    out = StringIO()
    call_command("statistics_rebuild", "--if-empty", stdout=out)
    assert "Statistics 2026: 2 matches counted" in out.getvalue()
    assert_federation(federation_season(kit.season))
    again = StringIO()
    call_command("statistics_rebuild", "--if-empty", stdout=again)
    assert again.getvalue() == ""  # statistics exist: nothing done
    with pytest.raises(CommandError, match="There is no 1999 season"):
        call_command("statistics_rebuild", "--year", "1999")
