"""Scoring of valid hands and matches: R5 consolation, R6 feasts, R7 silent premiums,
R8 contras, R10 limits, R11 match points - the rules' worked examples and every branch."""

import pytest

from scoring.engine import score_hand_record, score_match_record
from scoring.engine.scoring import consolation, match_points
from scoring.engine.sheet import TeamFacts
from tests.scoring.kit import ann, hand, match

SPEC_EXAMPLE = hand(
    ann("cash", "attack", "driver", True, contra=("defence", "catcher")),
    ann("pheasant", "defence", "catcher", False, cards=["I"]),
    ann("red_and_black", "attack", "catcher", False, suits=["H", "C"]),
    ann("flush", "defence", "driver", True),
    tricks=6,
    silent_attack=("four_kings",),
)


def test_spec_example_scores_90_and_60():
    """HAND_RECORD.md's example record and its printed result, exactly."""
    assert score_hand_record(SPEC_EXAMPLE) == {
        "valid": True,
        "attack": {
            "consolation": 75,
            "feasts": -5,
            "silent": 20,
            "contras": 0,
            "raw": 90,
            "limit": 100,
            "score": 90,
        },
        "defence": {
            "consolation": 90,
            "feasts": -10,
            "silent": 0,
            "contras": -20,
            "raw": 60,
            "limit": 100,
            "score": 60,
        },
        "errors": [],
    }


@pytest.mark.parametrize(
    ("side", "trumps", "honours", "middle", "expected"),
    [
        pytest.param(
            "attack", 12, 1, ("XVI", "XVIII"), 75, id="R5-rules-example-attack-75"
        ),
        pytest.param("defence", 10, 1, (), 90, id="R5-rules-example-defence-capped-90"),
        pytest.param(
            "attack", 13, 2, ("XVI", "XVII", "XVIII"), 40, id="R5-13-trumps-40"
        ),
        pytest.param(
            "attack", 16, 2, ("XVI", "XVII", "XVIII"), 40, id="R5-16-trumps-40"
        ),
        pytest.param(
            "attack", 11, 2, ("XVI", "XVII", "XVIII"), 50, id="R5-11-trumps-50"
        ),
        pytest.param(
            "attack", 10, 2, ("XVI", "XVII", "XVIII"), 60, id="R5-10-trumps-60"
        ),
        pytest.param(
            "attack", 13, 0, ("XVI", "XVII", "XVIII"), 70, id="R5-no-honour-30"
        ),
        pytest.param("attack", 13, 2, ("XVII",), 50, id="R5-missing-middle-5-each"),
        pytest.param(
            "defence", 13, 2, ("XVI", "XVII", "XVIII"), 60, id="R5-defending-20"
        ),
        pytest.param("attack", 8, 0, (), 100, id="R5-attack-capped-100"),
        pytest.param("attack", 12, 0, (), 95, id="R5-attack-under-cap-95"),
        pytest.param("defence", 13, 1, ("XVI",), 90, id="R5-defence-exactly-90"),
    ],
)
def test_consolation(side, trumps, honours, middle, expected):
    assert consolation(TeamFacts(trumps, honours, middle), side) == expected


def _team(record, side="attack"):
    result = score_hand_record(record)
    assert result["valid"], result["errors"]
    return result[side]


@pytest.mark.parametrize(
    ("announcement", "limit", "score"),
    [
        # attack consolation 75; a trophy's own points count in feasts (R6).
        pytest.param(
            ann("spadille", made=True), 110, 105, id="R10-little-trophy-made-110"
        ),
        pytest.param(ann("spadille", made=False), 70, 45, id="R10-spadille-failed-70"),
        pytest.param(ann("manille", made=False), 70, 45, id="R10-manille-failed-70"),
        pytest.param(
            ann("dschinn", made=False, suits=["C"]), 50, 25, id="R10-dschinn-failed-50"
        ),
        pytest.param(
            ann("marriage", made=False, suits=["H"]),
            40,
            15,
            id="R10-marriage-failed-40",
        ),
        pytest.param(
            ann("marriage", made=True, suits=["H"]),
            110,
            110,
            id="R10-marriage-made-clamped-at-110",
        ),
        pytest.param(
            ann("mond_capture", made=True),
            120,
            120,
            id="R10-trophy-over-100-made-limit-is-its-value",
        ),
        pytest.param(ann("golgotha", made=True), 130, 130, id="R10-golgotha-made-130"),
        pytest.param(
            ann("mond_capture", made=False),
            0,
            0,
            id="R10-trophy-over-100-failed-scores-0",
        ),
    ],
)
def test_limit_branches(announcement, limit, score):
    team = _team(hand(announcement))
    assert (team["limit"], team["score"]) == (limit, score)


def test_failed_big_trophy_scores_zero_whatever_else_was_made():
    """R10: a failed trophy over 100 sets the limit to 0 for the team."""
    team = _team(
        hand(ann("mond_capture", made=False), ann("slam"), ann("gang", suits=["H"]))
    )
    assert team["raw"] > 0
    assert (team["limit"], team["score"]) == (0, 0)


def test_score_clamped_at_zero():
    """R10: a team never scores below 0 (75 - 60 - 50 = -35 -> 0)."""
    team = _team(hand(ann("slam", made=False), ann("turul", made=False, cards=["I"])))
    assert (team["raw"], team["score"]) == (-35, 0)


def test_score_clamped_at_the_limit_of_100():
    team = _team(hand(ann("slam"), ann("legion"), tricks=10))
    assert (team["raw"], team["limit"], team["score"]) == (185, 100, 100)


@pytest.mark.parametrize(
    ("announcements", "attack", "defence"),
    [
        pytest.param(
            [ann("cash", contra=("defence", "driver"))],
            0,
            -20,
            id="R8-opponents-contra-on-made-feast-costs-them",
        ),
        pytest.param(
            [ann("cash", made=False, contra=("defence", "driver"))],
            0,
            20,
            id="R8-opponents-contra-on-failed-feast-wins",
        ),
        pytest.param(
            [ann("cash", contra=("attack", "catcher"))],
            20,
            0,
            id="R8-partner-contra-on-made-feast-wins",
        ),
        pytest.param(
            [ann("cash", made=False, contra=("attack", "catcher"))],
            -20,
            0,
            id="R8-partner-contra-on-failed-feast-loses",
        ),
        pytest.param(
            [ann("bridge", made=False, contra=("defence", "driver"))],
            0,
            20,
            id="R8-contra-capped-at-plus-20",
        ),
        pytest.param(
            [
                ann("bridge", contra=("defence", "driver")),
                ann("visi", contra=("defence", "catcher")),
            ],
            0,
            -20,
            id="R8-contras-summed-then-capped-at-minus-20",
        ),
        pytest.param(
            [
                ann("play", made=False, contra=("defence", "driver")),
                ann("gang", suits=["H"], contra=("defence", "catcher")),
            ],
            0,
            5,
            id="R8-contras-summed-before-the-cap",
        ),
        pytest.param(
            [
                ann("play", team="defence", made=False, contra=("attack", "driver")),
                ann("piccolo", contra=("attack", "catcher")),
            ],
            15,
            0,
            id="R8-opponents-and-partner-contras-together",
        ),
    ],
)
def test_contras(announcements, attack, defence):
    result = score_hand_record(hand(*announcements))
    assert result["valid"], result["errors"]
    assert (result["attack"]["contras"], result["defence"]["contras"]) == (
        attack,
        defence,
    )


def test_contra_does_not_change_the_announcers_feast_points():
    """R6/R8: a contra'd feast still counts single for the announcing team."""
    plain = _team(hand(ann("bridge")))
    contrad = _team(hand(ann("bridge", contra=("defence", "driver"))))
    assert plain["feasts"] == contrad["feasts"] == 30


def test_messages_score_their_value_and_may_repeat():
    """R6: flush +10, four of a kind +20, counts 0; R12: messages may repeat."""
    team = _team(
        hand(
            ann("flush"),
            ann("flush", by="catcher"),
            ann("four_of_a_kind"),
            ann("suit_count", suits=["S"], count=3),
            ann("suit_count", suits=["H"], count=2),
            ann("trumps_count", count=8),
            ann("birds"),
        )
    )
    assert team["feasts"] == 40


@pytest.mark.parametrize(
    ("silent", "value"),
    [
        pytest.param(("obscure",), 5, id="R7-obscure-5"),
        pytest.param(("lie_in_wait",), 15, id="R7-lie-in-wait-15"),
        pytest.param(("four_kings",), 20, id="R7-four-kings-20"),
        pytest.param(("silent_mond_capture",), 50, id="R7-silent-mond-capture-50"),
    ],
)
def test_silent_premiums_score_without_announcement(silent, value):
    assert _team(hand(silent_attack=silent))["silent"] == value


@pytest.mark.parametrize(
    ("silent", "announcement"),
    [
        pytest.param("obscure", ann("play"), id="R7-obscure-by-free-pass"),
        pytest.param(
            "obscure", ann("slam", made=False), id="R7-obscure-by-failed-slam"
        ),
        pytest.param("lie_in_wait", ann("pagat_capture"), id="R7-lie-in-wait-by-pagat"),
        pytest.param(
            "lie_in_wait", ann("golgotha", made=False), id="R7-lie-in-wait-by-golgotha"
        ),
        pytest.param(
            "silent_mond_capture",
            ann("mond_capture", made=False),
            id="R7-silent-mond-by-mond-capture",
        ),
        pytest.param(
            "silent_mond_capture",
            ann("triumph", made=False),
            id="R7-silent-mond-by-triumph",
        ),
    ],
)
def test_silent_premium_suppressed_by_own_announcement(silent, announcement):
    """R7: listing a suppressed premium is an error (it would be counted twice)."""
    result = score_hand_record(hand(announcement, silent_attack=(silent,)))
    assert result["valid"] is False
    assert ("silent_suppressed", "/silent/attack/0") in [
        (e["code"], e["path"]) for e in result["errors"]
    ]


def test_silent_premium_not_suppressed_by_the_opponents_announcement():
    """R7: only the same team's announcement suppresses."""
    team = _team(
        hand(ann("play", team="defence", made=False), silent_attack=("obscure",))
    )
    assert team["silent"] == 5


def test_four_kings_is_never_suppressed():
    team = _team(hand(ann("slam"), ann("pho_nothing"), silent_attack=("four_kings",)))
    assert team["silent"] == 20


def test_match_points_are_floored_760_759_becomes_95_94():
    """R11, German text's example."""
    assert (match_points(760), match_points(759)) == (95, 94)


def test_match_totals_and_floored_points_from_eight_hands():
    """R3: attack alternates from the cut; R11: floor(total / 8)."""
    plain = hand()  # attack 75, defence 90
    bonus = hand(ann("spadille"))  # attack 105 (limit 110)
    result = score_match_record(
        match(bonus, plain, plain, plain, plain, plain, plain, plain)
    )
    assert result["valid"], result["errors"]
    # Kisfaludy attacks hands 1, 3, 5, 7: 105 + 3*75 + 4*90 = 690; Dunakeszi 660.
    assert result["teams"] == {
        "Kisfaludy": {"total": 690, "points": 86},
        "Dunakeszi": {"total": 660, "points": 82},
    }
    assert [h["attack_team"] for h in result["hands"][:3]] == [
        "Kisfaludy",
        "Dunakeszi",
        "Kisfaludy",
    ]
    assert result["hands"][0]["attack"]["score"] == 105


def test_first_attack_decides_who_attacks_hand_one():
    result = score_match_record(
        match(*[hand(ann("spadille"))] + [hand()] * 7, first="Dunakeszi")
    )
    assert result["teams"]["Dunakeszi"]["total"] == 690


def test_tiebreak_points_are_the_raw_sum():
    """R15: a cup tie-breaker's two hands are summed, not averaged."""
    result = score_match_record(match(hand(ann("spadille")), hand(), tiebreak=True))
    assert result["valid"], result["errors"]
    assert result["teams"] == {
        "Kisfaludy": {"total": 195, "points": 195},
        "Dunakeszi": {"total": 165, "points": 165},
    }
