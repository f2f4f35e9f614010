"""The demo Grand Prix and free games of ``seed_demo`` (R15): 3 paired rounds in which
every team plays 3, totals that are the raw hand sums, a free-games winner, and a
second run that creates nothing."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from django.contrib.auth import get_user_model

from competitions.models import (
    Competition,
    GrandPrixEntry,
    Match,
    PlayerClaim,
    SittingResult,
    Variant,
    VariantSitting,
)
from competitions.selectors.free_games import free_games_tables
from competitions.selectors.matches import match_as_record
from competitions.selectors.standings import championship_table, grand_prix_table
from scoring.engine import score_match_record
from scoring.models import Hand
from tarokk_admin.demo.accounts import demo_accounts_seed
from tarokk_admin.demo.championship import demo_federation_seed
from tarokk_admin.demo.data import DEMO_TEAMS
from tarokk_admin.demo.free_games import demo_free_games_seed
from tarokk_admin.demo.grand_prix import (
    GRAND_PRIX_NAME,
    GRAND_PRIX_TEAMS,
    demo_grand_prix_seed,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The standings cache outlives a test's rolled-back rows (Redis in CI)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def seeded():
    demo_accounts_seed()
    demo_federation_seed()
    lines = demo_grand_prix_seed() + demo_free_games_seed()
    assert lines[0].startswith("Demo Grand Prix")
    assert lines[-1].startswith("Demo free games")
    return Competition.objects.select_related("season").get(
        kind=Competition.Kind.GRAND_PRIX, name=GRAND_PRIX_NAME
    )


def raw_sums(event: Competition) -> dict[str, list[int]]:
    """Each team's raw 8-hand sums in the event, from the stored hands (R15)."""
    sums: dict[tuple[int, str], int] = defaultdict(int)
    for hand in Hand.objects.filter(match__competition=event).select_related(
        "match__team_a", "match__team_b"
    ):
        match = hand.match
        attack, defence = match.team_a, match.team_b
        if hand.attack_team_id != attack.pk:
            attack, defence = defence, attack
        sums[(match.pk, attack.name)] += hand.attack_score
        sums[(match.pk, defence.name)] += hand.defence_score
    per_team: dict[str, list[int]] = defaultdict(list)
    for (_match, team), total in sums.items():
        per_team[team].append(total)
    return per_team


def test_r15_demo_grand_prix_pairs_3_rounds_and_every_team_plays_3(seeded):
    entered = set(GrandPrixEntry.objects.filter(competition=seeded).values_list(
        "team__name", flat=True
    ))  # fmt: skip
    assert entered == {DEMO_TEAMS[i][0] for i in GRAND_PRIX_TEAMS}
    matches = list(seeded.matches.select_related("team_a", "team_b"))
    assert Counter(m.round for m in matches) == {1: 4, 2: 4, 3: 4}
    assert {m.status for m in matches} == {Match.Status.COMPLETED}
    assert all(m.hands.count() == 8 for m in matches)
    played = Counter(team.name for m in matches for team in m.teams)
    assert played == dict.fromkeys(entered, 3)
    pairs = [frozenset((m.team_a_id, m.team_b_id)) for m in matches]
    assert len(set(pairs)) == len(pairs)  # nobody meets twice
    for number in (1, 2, 3):  # everyone plays once a round
        teams = [t.pk for m in matches if m.round == number for t in m.teams]
        assert len(teams) == len(set(teams)) == 8


def test_r15_demo_grand_prix_totals_are_the_sum_of_raw_hand_scores(seeded, client):
    sums = raw_sums(seeded)
    rows = grand_prix_table(competition=seeded, fresh=True)
    assert {r.team: (r.matches, r.score, r.best_match) for r in rows} == {
        team: (3, sum(totals), max(totals)) for team, totals in sums.items()
    }
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    api = client.get(f"/api/grand-prix/{seeded.pk}/").json()
    assert [(r["team"], r["total"]) for r in api["rows"]] == [
        (r.team, r.score) for r in rows
    ]


def test_r15_the_demo_grand_prix_counts_for_the_championship(seeded):
    assert seeded.counts_for_championship
    assert set(seeded.matches.values_list("counts_for_championship", flat=True)) == {
        True
    }
    # Only the Grand Prix has been played here: its 8 teams have 3 counted matches.
    rows = championship_table(season=seeded.season, fresh=True)
    assert {r.team: r.matches for r in rows} == {
        DEMO_TEAMS[i][0]: 3 for i in GRAND_PRIX_TEAMS
    }


def test_r15_demo_free_games_have_sittings_of_every_variant_and_royal_games(
    seeded, client
):
    season = seeded.season
    royal = Match.objects.filter(
        competition__season=season, competition__kind=Competition.Kind.FREE
    ).prefetch_related("results__team")
    assert royal.count() == 2
    for match in royal:
        assert match.status == Match.Status.COMPLETED
        judged = score_match_record(match_as_record(match))
        assert {r.team.name: (r.total, r.points) for r in match.results.all()} == {
            name: (t["total"], t["points"]) for name, t in judged["teams"].items()
        }
    sittings = VariantSitting.objects.filter(season=season)
    confirmed = sittings.filter(status=VariantSitting.Status.CONFIRMED)
    assert set(confirmed.values_list("variant", flat=True)) == set(Variant.values)
    assert sittings.filter(status=VariantSitting.Status.PENDING).count() == 2
    for sitting in sittings:
        players = sitting.results.filter(player__isnull=False).count()
        assert 3 <= players <= 5
        assert sitting.recorded_by.player.pk in set(
            sitting.results.values_list("player_id", flat=True)
        )
    assert PlayerClaim.objects.filter(status=PlayerClaim.Status.PENDING).count() == 1
    accounts = get_user_model().objects.filter(
        username__in=["player", "tablemate", "newcomer"]
    )
    assert sorted(accounts.values_list("email", flat=True)) == [
        "newcomer@example.org",
        "player@example.org",
        "tablemate@example.org",
    ]
    tables = free_games_tables(season=season)
    assert [t.key for t in tables][:4] == ["royal", "emperor", "illustrated", "high"]
    assert len(tables) == 7  # royal + 6 variant tables (3 of them named)
    page = client.get(f"/free-games/{season.year}/")
    assert page.status_code == 200
    for table in tables:
        assert table.title in page.content.decode()


def test_a_second_run_of_the_demo_grand_prix_and_free_games_creates_nothing(seeded):
    def counts():
        return [
            model.objects.count()
            for model in (
                Competition,
                GrandPrixEntry,
                Match,
                Hand,
                VariantSitting,
                SittingResult,
                PlayerClaim,
            )
        ]

    before = counts()
    assert demo_grand_prix_seed() == []
    assert demo_free_games_seed() == []
    assert counts() == before
