"""Standings (R11, R15): ordering, tie-breaks as named metrics, shared ranks "1, 2, 2,
4", what counts for the championship, and the cache kept fresh by match_completed."""

from __future__ import annotations

import pytest

from competitions.models import Competition, Match, MatchResult
from competitions.rules.standings import StandingRow, best_trophy, rank_rows
from competitions.selectors.standings import championship_table, grand_prix_table
from competitions.services.matches import match_complete, match_void
from scoring.services.hands import hand_save
from tests.competitions.kit import award, completed
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    ready_match,
    sheet,
)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The standings cache outlives a test's rolled-back rows (Redis in CI)."""
    from django.core.cache import cache

    cache.clear()


def row(team, score, best, trophy=None, matches=3):
    return StandingRow(
        team_id=hash(team) % 10_000,
        team=team,
        club="",
        matches=matches,
        score=score,
        best_match=best,
        best_trophy=trophy,
    )


def ranks(rows):
    return [(r.rank, r.team) for r in rows]


# --- Pure ranking ---------------------------------------------------------------------


def test_r15_higher_points_rank_first():
    ordered = rank_rows([row("B", 100, 40), row("A", 120, 45), row("C", 90, 50)])
    assert ranks(ordered) == [(1, "A"), (2, "B"), (3, "C")]
    assert all(not r.shared and not r.decided_by for r in ordered)


def test_r15_equal_points_are_split_by_the_best_single_match_and_say_so():
    ordered = rank_rows([row("A", 100, 40), row("B", 100, 55)])
    assert ranks(ordered) == [(1, "B"), (2, "A")]
    assert ordered[1].decided_by == "below B on the best single match: 55 to 40 (R15)"


def test_r15_then_by_the_best_trophy_higher_value_first():
    ordered = rank_rows(
        [row("A", 100, 40, "mond_capture"), row("B", 100, 40, "golgotha")]
    )
    assert ranks(ordered) == [(1, "B"), (2, "A")]
    assert "best trophy: Golgotha to Mond Capture" in ordered[1].decided_by


def test_r15_equal_trophy_values_rank_by_the_later_catalogue_row():
    # mond_capture, habicht, couleur and scale are all worth 120: scale is last.
    assert best_trophy(["mond_capture", "scale", "couleur"]) == "scale"
    ordered = rank_rows([row("A", 100, 40, "couleur"), row("B", 100, 40, "habicht")])
    assert ranks(ordered) == [(1, "A"), (2, "B")]


def test_r15_a_trophy_beats_none():
    ordered = rank_rows([row("A", 100, 40), row("B", 100, 40, "spadille")])
    assert ranks(ordered) == [(1, "B"), (2, "A")]
    assert "to none" in ordered[1].decided_by


def test_r15_full_ties_share_a_rank_and_the_next_rank_skips_1_2_2_4():
    ordered = rank_rows(
        [
            row("Delta", 80, 30),
            row("Charlie", 100, 40, "royal"),
            row("Alpha", 100, 40, "royal"),
            row("Bravo", 120, 50),
        ]
    )
    assert ranks(ordered) == [(1, "Bravo"), (2, "Alpha"), (2, "Charlie"), (4, "Delta")]
    assert [r.shared for r in ordered] == [False, True, True, False]


# --- Championship table from the database ---------------------------------------------


@pytest.mark.django_db
def test_r15_championship_table_matches_a_hand_computed_table():
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b, c, d, e = (TeamFactory(name=n) for n in "ABCDE")
    completed(champ, a, b, 95, 94)  # A 95, B 94
    completed(champ, c, d, 100, 89)  # C 100, D 89
    completed(champ, a, c, 60, 55)  # A 155 (best 95), C 155 (best 100)
    completed(champ, b, d, 61, 66)  # B 155 (best 94), D 155 (best 89)
    m = completed(champ, e, b, 80, 20)  # E 80
    award(m, b, "royal")  # B's trophy does not beat C's better best match
    rows = championship_table(season=season)
    assert [(r.rank, r.team, r.matches, r.score, r.best_match) for r in rows] == [
        (1, "B", 3, 175, 94),
        (2, "C", 2, 155, 100),
        (3, "A", 2, 155, 95),
        (4, "D", 2, 155, 89),
        (5, "E", 1, 80, 80),
    ]
    assert rows[0].best_trophy == "royal"
    assert rows[2].decided_by == "below C on the best single match: 100 to 95 (R15)"
    assert rows[2].average == 77.5


@pytest.mark.django_db
def test_r15_counts_championship_and_flagged_grand_prix_not_void_cup_or_unflagged():
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    gp = CompetitionFactory(season=season, kind=Competition.Kind.GRAND_PRIX, name="GP")
    cup = CompetitionFactory(season=season, kind=Competition.Kind.CUP)
    a, b = TeamFactory(name="A"), TeamFactory(name="B")
    completed(champ, a, b, 50, 40)
    completed(gp, a, b, 10, 70, counts=True)  # counted
    completed(gp, a, b, 90, 0)  # not flagged
    completed(cup, a, b, 90, 0)  # the cup never counts
    void = completed(champ, a, b, 90, 0)
    void.status = Match.Status.VOID
    void.save()
    rows = {r.team: (r.matches, r.score) for r in championship_table(season=season)}
    assert rows == {"A": (2, 60), "B": (2, 110)}


@pytest.mark.django_db
def test_r15_grand_prix_table_sums_raw_totals_and_breaks_ties_by_best_raw_match():
    season = SeasonFactory(year=2026)
    gp = CompetitionFactory(season=season, kind=Competition.Kind.GRAND_PRIX, name="GP")
    a, b, c = TeamFactory(name="A"), TeamFactory(name="B"), TeamFactory(name="C")
    completed(gp, a, b, 100, 90)  # totals 800 / 720
    completed(gp, c, a, 110, 85)  # C 880, A 680 -> A 1480 (best 800)
    completed(gp, b, c, 95, 75)  # B 1480 (best 760), C 1480 (best 880)
    rows = grand_prix_table(competition=gp)
    assert [(r.rank, r.team, r.score, r.best_match) for r in rows] == [
        (1, "C", 1480, 880),
        (2, "A", 1480, 800),
        (3, "B", 1480, 760),
    ]
    assert "800 to 760 (R15)" in rows[2].decided_by


# --- Through the services and the task ------------------------------------------------


@pytest.mark.django_db
def test_r11_engine_scored_matches_reach_the_table_and_a_correction_refreshes_it(
    django_capture_on_commit_callbacks,
):
    official = UserFactory(roles=["Official"])
    match = ready_match()
    season = match.competition.season
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    match_complete(match=match, user=official)
    results = {r.team.name: r for r in MatchResult.objects.filter(match=match)}
    rows = {r.team: r for r in championship_table(season=season)}
    for name, result in results.items():
        assert rows[name].score == result.points == result.total // 8  # R11
    # A correction changes the result; match_completed refreshes the cached table.
    hand = match.hands.get(number=1)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        hand_save(
            match=match,
            number=1,
            record=sheet(99),
            user=official,
            version=hand.version,
            reason="wrong sheet",
        )
    assert callbacks  # match_completed ran and refreshed the standings
    fresh = {r.team.name: r.points for r in MatchResult.objects.filter(match=match)}
    assert {r.team: r.score for r in championship_table(season=season)} == fresh


@pytest.mark.django_db
def test_r15_a_voided_match_leaves_the_table():
    official = UserFactory(roles=["Official"])
    match = ready_match()
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    match_complete(match=match, user=official)
    season = match.competition.season
    assert len(championship_table(season=season)) == 2
    match_void(match=match, user=official, reason="played without a referee")
    assert championship_table(season=season) == []
