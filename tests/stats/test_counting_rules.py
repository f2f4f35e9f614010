"""The statistics' counting (``stats.rules.counting``) is pure Python: tested here
without a database, the way the engine is. What one completed match adds (R6, R8,
R10, R11, R14, R15), and the headline columns computed from the counters."""

from __future__ import annotations

from stats.rules.counting import (
    FEDERATION,
    HEADLINES,
    AwardFacts,
    HandFacts,
    MatchFacts,
    contra_won,
    counts_added,
    counts_difference,
    headline,
    match_counts,
    player_key,
    team_key,
)

A, B = 1, 2  # team ids; players 11, 12 (A) and 21, 22 (B)


def _facts(*, tiebreak: bool = False) -> MatchFacts:
    hand = HandFacts(
        number=1,
        attack_team_id=A,
        record={
            "announcements": [
                {"feast": "trumps_count", "team": "attack", "by": "driver", "made": 1},
                {
                    "feast": "birds",
                    "team": "attack",
                    "by": "catcher",
                    "made": 0,
                    "contra": {"team": "defence", "by": "driver"},
                },
            ]
        },
        result={"attack": {"contras": 0}, "defence": {"contras": 2}},
        attack_score=14,
        defence_score=4,
    )
    return MatchFacts(
        month=4,
        team_a_id=A,
        team_b_id=B,
        tiebreak=tiebreak,
        hands=[hand],
        lineups={A: (11, 12), B: (21, 22)},
        points={A: 3, B: 0},
        awards=[AwardFacts(team_id=A, player_id=11, feast="birds", value=5)],
    )


def test_one_match_counted_for_the_federation_its_teams_and_players_r11_r14():
    counts = match_counts(_facts())
    federation = counts[FEDERATION]
    assert federation["matches"] == 1
    assert federation["match_points"] == 3  # both teams' (R11)
    assert federation["hands"] == 1
    assert federation["score:attack"] == 14
    assert federation["score:defence"] == 4
    assert federation["month:04:hands"] == 1
    assert federation["month:04:score"] == 18
    assert federation["trophies"] == 1
    assert federation["trophy_points"] == 5
    team_a = counts[team_key(A)]
    assert team_a["announced:trumps_count"] == 1
    assert team_a["made:trumps_count"] == 1
    assert team_a["announced:birds"] == 1
    assert team_a["made:birds"] == 0
    assert counts[team_key(B)]["contra_points"] == 2
    # R8: the opponents' contra wins when the feast fails; counted for the caller.
    assert counts[team_key(B)]["contra_won:birds"] == 1
    assert counts[player_key(21)]["driver:contra_won:birds"] == 1
    assert counts[player_key(11)]["driver:announced:trumps_count"] == 1
    assert counts[player_key(12)]["catcher:announced:birds"] == 1
    assert counts[player_key(11)]["trophies"] == 1  # the award's player (R14)


def test_a_cup_tiebreaker_counts_its_hands_but_not_as_a_match_r15():
    counts = match_counts(_facts(tiebreak=True))
    assert counts[FEDERATION]["hands"] == 1
    assert counts[FEDERATION]["matches"] == 0
    assert counts[team_key(A)]["match_points"] == 0


def test_contra_won_r8():
    opponents = {"team": "attack", "contra": {"team": "defence"}}
    partner = {"team": "attack", "contra": {"team": "attack"}}
    assert contra_won(opponents, made=False)
    assert not contra_won(opponents, made=True)
    assert contra_won(partner, made=True)
    assert not contra_won(partner, made=False)


def test_a_correction_takes_exactly_its_contribution_out():
    before = match_counts(_facts())
    after = match_counts(_facts(tiebreak=True))
    delta = counts_difference(after, before)
    assert delta[FEDERATION] == {"matches": -1, "match_points": -3}
    team = counts_added(before[team_key(A)], delta[team_key(A)])
    assert team == dict(sorted(after[team_key(A)].items()))


def test_the_headline_columns_are_the_declared_ones_in_order():
    counts = match_counts(_facts())
    row = headline("team", counts[team_key(A)])
    assert tuple(row) == HEADLINES
    assert row["matches"] == 1
    assert row["match_points"] == 3
    assert row["announced"] == 2
    assert row["made"] == 1
    player = headline("player", counts[player_key(11)])
    assert tuple(player) == HEADLINES
    assert player["announced"] == 1
    assert player["trophies"] == 1
