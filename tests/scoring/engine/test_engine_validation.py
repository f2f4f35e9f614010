"""Validation of score-sheet records: each rule broken once, with its error code and path
(HAND_RECORD.md "What makes a record invalid"; R5, R6, R7, R8, R9, R12, R13)."""

import pytest

from scoring.engine import score_hand_record, score_match_record
from tests.scoring.kit import ann, codes, facts, hand, match


def _without(record, key):
    return {k: v for k, v in record.items() if k != key}


def _with(record, **changes):
    return {**record, **changes}


INVALID = [
    # Format
    pytest.param([], "wrong_type", "", id="format-not-an-object"),
    pytest.param(
        _with(hand(), colour="red"), "unknown_key", "/colour", id="format-unknown-key"
    ),
    pytest.param(
        _with(hand(), announcements=[{}] * 307),
        "too_many_announcements",
        "/announcements",
        id="R13-more-announcements-than-the-catalogue-allows",
    ),
    pytest.param(
        _without(hand(), "format"), "missing_key", "/format", id="format-missing"
    ),
    pytest.param(
        _with(hand(), format="royal-tarokk-hand/2"),
        "unknown_format",
        "/format",
        id="format-unknown-version",
    ),
    pytest.param(
        _without(hand(), "defence"),
        "missing_key",
        "/defence",
        id="format-missing-team-facts",
    ),
    pytest.param(
        _without(hand(), "announcements"),
        "missing_key",
        "/announcements",
        id="format-missing-announcements",
    ),
    pytest.param(
        hand(attack=facts(17, 1, "XVI")),
        "out_of_range",
        "/attack/trumps",
        id="R5-trumps-over-16",
    ),
    pytest.param(
        hand(attack={"trumps": True, "honours": 1, "middle": []}),
        "wrong_type",
        "/attack/trumps",
        id="format-bool-is-not-a-number",
    ),
    pytest.param(
        hand(defence=facts(10, 3, "XVII")),
        "out_of_range",
        "/defence/honours",
        id="format-honours-0-to-2",
    ),
    pytest.param(
        hand(attack={"trumps": 12, "honours": 1}),
        "missing_key",
        "/attack/middle",
        id="format-missing-middle",
    ),
    pytest.param(
        hand(attack=facts(12, 1, "XVI", "XV")),
        "unknown_card",
        "/attack/middle/1",
        id="format-middle-card",
    ),
    pytest.param(
        _with(hand(), tricks={"attack": 11}),
        "out_of_range",
        "/tricks/attack",
        id="format-tricks-0-to-10",
    ),
    pytest.param(
        _with(hand(), tricks={"attack": 5, "defence": 5}),
        "unknown_key",
        "/tricks/defence",
        id="format-tricks-defence-is-derived",
    ),
    pytest.param(
        hand({"feast": "cash", "team": "attack", "by": "driver"}),
        "missing_key",
        "/announcements/0/made",
        id="format-missing-made",
    ),
    pytest.param(
        hand(ann("cash", made="yes")),
        "wrong_type",
        "/announcements/0/made",
        id="format-made-not-bool",
    ),
    pytest.param(
        hand(ann("kasino")),
        "unknown_feast",
        "/announcements/0/feast",
        id="format-unknown-feast",
    ),
    pytest.param(
        hand(ann("cash", colour=1)),
        "unknown_key",
        "/announcements/0/colour",
        id="format-unknown-announcement-key",
    ),
    pytest.param(
        hand(ann("obscure")),
        "silent_announced",
        "/announcements/0/feast",
        id="R7-silent-premium-cannot-be-announced",
    ),
    pytest.param(
        hand(ann("cash", team="attackers")),
        "unknown_team",
        "/announcements/0/team",
        id="format-unknown-team",
    ),
    pytest.param(
        hand(ann("cash", by="captain")),
        "unknown_role",
        "/announcements/0/by",
        id="format-unknown-role",
    ),
    pytest.param(
        hand(ann("pheasant")),
        "missing_cards",
        "/announcements/0/cards",
        id="R12-pheasant-needs-its-card",
    ),
    pytest.param(
        hand(ann("cash", cards=["I"])),
        "superfluous_cards",
        "/announcements/0/cards",
        id="R12-cash-declares-no-card",
    ),
    pytest.param(
        hand(ann("second_pheasant", cards=["I"])),
        "wrong_card_count",
        "/announcements/0/cards",
        id="R12-second-pheasant-two-cards",
    ),
    pytest.param(
        hand(ann("kite", cards=["XXI"])),
        "wrong_card_kind",
        "/announcements/0/cards/0",
        id="R12-magnified-needs-a-magnifier",
    ),
    pytest.param(
        hand(ann("falcon", cards=["H-Q"])),
        "wrong_card_kind",
        "/announcements/0/cards/0",
        id="R12-flight-needs-a-magnifier",
    ),
    pytest.param(
        hand(ann("kite", cards=["H-A"])),
        "unknown_card",
        "/announcements/0/cards/0",
        id="R1-unknown-card",
    ),
    pytest.param(
        hand(ann("habicht", cards=["I", "II", "I"])),
        "duplicate_card",
        "/announcements/0/cards/2",
        id="R12-habicht-three-different-cards",
    ),
    pytest.param(
        hand(ann("gang")),
        "missing_suits",
        "/announcements/0/suits",
        id="R12-gang-needs-a-suit",
    ),
    pytest.param(
        hand(ann("army", suits=["S"])),
        "superfluous_suits",
        "/announcements/0/suits",
        id="R12-army-declares-no-suit",
    ),
    pytest.param(
        hand(ann("dschinn", suits=["H"])),
        "wrong_suit_kind",
        "/announcements/0/suits/0",
        id="R12-dschinn-needs-a-black-suit",
    ),
    pytest.param(
        hand(ann("red_and_black", suits=["H", "D"])),
        "wrong_suit_kind",
        "/announcements/0/suits",
        id="R12-red-and-black-one-of-each",
    ),
    pytest.param(
        hand(ann("marriage", suits=["H", "S"])),
        "wrong_suit_count",
        "/announcements/0/suits",
        id="R12-marriage-one-suit",
    ),
    pytest.param(
        hand(ann("gang", suits=["X"])),
        "unknown_suit",
        "/announcements/0/suits/0",
        id="R1-unknown-suit",
    ),
    pytest.param(
        hand(ann("trumps_count")),
        "missing_count",
        "/announcements/0/count",
        id="R13-trumps-message-states-a-number",
    ),
    pytest.param(
        hand(ann("flush", count=4)),
        "superfluous_count",
        "/announcements/0/count",
        id="R13-flush-states-no-number",
    ),
    pytest.param(
        hand(ann("suit_count", suits=["H"], count=4)),
        "count_impossible",
        "/announcements/0/count",
        id="R13-suit-count-not-all-cards",
    ),
    pytest.param(
        hand(ann("trumps_count", count=7)),
        "count_impossible",
        "/announcements/0/count",
        id="R13-trumps-message-needs-8",
    ),
    pytest.param(
        hand(ann("trumps_count", count=10)),
        "count_impossible",
        "/announcements/0/count",
        id="R4-partner-holds-3-trumps",
    ),
    pytest.param(
        hand(ann("cash", contra={"team": "defence"})),
        "missing_key",
        "/announcements/0/contra/by",
        id="format-contra-needs-by",
    ),
    # Consolation facts across the teams (R5)
    pytest.param(
        hand(defence=facts(11, 1, "XVII")),
        "trumps_total",
        "/defence/trumps",
        id="R5-trumps-add-to-22",
    ),
    pytest.param(
        hand(defence=facts(10, 0, "XVII")),
        "honours_total",
        "/defence/honours",
        id="R5-honours-add-to-2",
    ),
    pytest.param(
        hand(defence=facts(10, 1, "XVII", "XVIII")),
        "middle_split",
        "/defence/middle",
        id="R5-middle-held-by-both",
    ),
    pytest.param(
        hand(defence=facts(10, 1)),
        "middle_split",
        "/defence/middle",
        id="R5-middle-held-by-neither",
    ),
    # Combinations (R9, R12)
    pytest.param(
        hand(ann("play"), ann("cash", by="catcher")),
        "two_chain_levels",
        "/announcements/1/feast",
        id="R12-free-pass-chain-two-levels",
    ),
    pytest.param(
        hand(ann("honour"), ann("heads")),
        "two_chain_levels",
        "/announcements/1/feast",
        id="R12-honour-chain-two-levels",
    ),
    pytest.param(
        hand(ann("pheasant", cards=["I"]), ann("falcon", cards=["II"])),
        "two_flight_feasts",
        "/announcements/1/feast",
        id="R12-pheasant-with-falcon",
    ),
    pytest.param(
        hand(ann("pheasant", cards=["I"]), ann("second_pheasant", cards=["II", "III"])),
        "two_flight_feasts",
        "/announcements/1/feast",
        id="R12-two-flight-feasts",
    ),
    pytest.param(
        hand(ann("gang", suits=["H"]), ann("army", by="catcher")),
        "two_intercept_feasts",
        "/announcements/1/feast",
        id="R12-two-intercept-feasts",
    ),
    pytest.param(
        hand(ann("gang", suits=["H"]), ann("gang", suits=["S"])),
        "two_intercept_feasts",
        "/announcements/1/feast",
        id="R12-two-gangs-one-intercept-per-team",
    ),
    pytest.param(
        hand(ann("spadille"), ann("mond_capture", by="catcher")),
        "two_trophies",
        "/announcements/1/feast",
        id="R9-one-trophy-per-team",
    ),
    pytest.param(
        hand(ann("pheasant", cards=["I"]), ann("turul", cards=["I"])),
        "card_bound_twice",
        "/announcements/1",
        id="R12-card-bound-to-two-tricks",
    ),
    pytest.param(
        hand(
            ann("small_bird"),
            ann("stella", cards=["I", "II", "III"]),
            attack=facts(12, 2, "XVI", "XVIII"),
            defence=facts(10, 0, "XVII"),
        ),
        None,
        None,
        id="R12-same-card-same-trick-is-allowed",
    ),
    pytest.param(
        hand(ann("kite", cards=["H-K"]), ann("turul", cards=["H-K"])),
        "magnified_same_card",
        "/announcements/1/cards/0",
        id="R12-two-magnified-feasts-on-one-card",
    ),
    pytest.param(
        hand(ann("kite", cards=["H-K"]), ann("turul", cards=["S-K"])),
        None,
        None,
        id="R12-magnified-on-different-cards-combine",
    ),
    pytest.param(
        hand(ann("piccolo"), ann("piccolo", by="catcher")),
        "repeated_announcement",
        "/announcements/1",
        id="R12-repeated-announcement",
    ),
    pytest.param(
        hand(
            ann("red_and_black", suits=["H", "C"]),
            ann("red_and_black", suits=["C", "H"]),
        ),
        "repeated_announcement",
        "/announcements/1",
        id="R12-repeated-suits-in-any-order",
    ),
    # Contras (R8) and messages (R6)
    pytest.param(
        hand(ann("flush", contra=("defence", "driver"))),
        "contra_on_message",
        "/announcements/0/contra",
        id="R8-no-contra-on-a-message",
    ),
    pytest.param(
        hand(ann("cash", contra=("attack", "driver"))),
        "contra_by_announcer",
        "/announcements/0/contra",
        id="R8-announcer-cannot-contra",
    ),
    pytest.param(
        hand(ann("flush", made=False)),
        "message_failed",
        "/announcements/0/made",
        id="R6-message-always-made",
    ),
    # Silent premiums (R7)
    pytest.param(
        hand(silent_attack=("visi",)),
        "unknown_silent",
        "/silent/attack/0",
        id="R7-not-a-silent-premium",
    ),
    pytest.param(
        hand(silent_attack=("obscure", "obscure")),
        "repeated_silent",
        "/silent/attack/1",
        id="R7-silent-listed-twice",
    ),
    pytest.param(
        hand(ann("golgotha"), silent_attack=("silent_mond_capture",)),
        "silent_suppressed",
        "/silent/attack/0",
        id="R7-suppressed-premium-listed",
    ),
    # Outcomes against the tricks (R13)
    pytest.param(
        hand(ann("cash"), tricks=5),
        "too_few_tricks",
        "/announcements/0/made",
        id="R13-cash-needs-6-tricks",
    ),
    pytest.param(
        hand(ann("cash", made=False), tricks=7),
        "free_pass_outcome",
        "/announcements/0/made",
        id="R13-free-pass-made-when-count-reached",
    ),
    pytest.param(
        hand(ann("scale"), tricks=9),
        "too_few_tricks",
        "/announcements/0/made",
        id="R13-all-tricks-feast-needs-10",
    ),
    pytest.param(
        hand(ann("visi", team="defence"), tricks=10),
        "too_few_tricks",
        "/announcements/0/made",
        id="R13-made-feast-needs-a-won-trick",
    ),
    pytest.param(
        hand(silent_defence=("obscure",), tricks=6),
        "too_few_tricks",
        "/silent/defence/0",
        id="R7-obscure-needs-5-tricks",
    ),
    pytest.param(
        hand(ann("army"), tricks=2),
        "too_few_tricks",
        "/announcements/0/made",
        id="R13-army-ten-cards-need-3-tricks",
    ),
    pytest.param(
        hand(ann("gang", suits=["S"]), tricks=1),
        "too_few_tricks",
        "/announcements/0/made",
        id="R13-black-gang-needs-2-tricks",
    ),
    # Outcomes across the teams
    pytest.param(
        hand(
            ann("pheasant", cards=["I"]), ann("pheasant", team="defence", cards=["H-K"])
        ),
        "conflicting_outcomes",
        "/announcements/1/made",
        id="R13-both-made-pheasant",
    ),
    pytest.param(
        hand(ann("visi"), ann("visi", team="defence")),
        "conflicting_outcomes",
        "/announcements/1/made",
        id="R13-both-made-visi",
    ),
    pytest.param(
        hand(ann("mond_capture"), silent_defence=("silent_mond_capture",)),
        "conflicting_outcomes",
        "/silent/defence/0",
        id="R13-both-captured-the-xxi",
    ),
    pytest.param(
        hand(silent_attack=("obscure",), silent_defence=("obscure",)),
        "conflicting_outcomes",
        "/silent/defence/0",
        id="R7-obscure-for-both",
    ),
    pytest.param(
        hand(ann("octave"), ann("bridge", team="defence")),
        "conflicting_outcomes",
        "/announcements/1/made",
        id="R13-free-passes-need-15-tricks",
    ),
    pytest.param(
        hand(ann("bethlehem", team="defence"), silent_attack=("four_kings",)),
        "conflicting_outcomes",
        "/announcements/0/made",
        id="R13-kings-in-both-teams-tricks",
    ),
    # Outcomes against the deal facts (R4, R5)
    pytest.param(
        hand(
            ann("mond_capture"),
            attack=facts(12, 2, "XVI", "XVIII"),
            defence=facts(10, 0, "XVII"),
        ),
        "impossible_holding",
        "/announcements/0/made",
        id="R13-mond-capture-needs-opponents-xxi",
    ),
    pytest.param(
        hand(ann("town_centre", team="defence")),
        "impossible_holding",
        "/announcements/0/made",
        id="R4-xix-is-always-the-attacks",
    ),
    pytest.param(
        hand(ann("piccolo", team="defence")),
        "impossible_holding",
        "/announcements/0/made",
        id="R5-piccolo-needs-own-xviii",
    ),
    pytest.param(
        hand(ann("large_bird"), ann("large_bird", team="defence")),
        "impossible_holding",
        "/announcements/0/made",
        id="R13-skiz-held-by-both-teams",
    ),
]


@pytest.mark.parametrize(("record", "code", "path"), INVALID)
def test_validation_rule(record, code, path):
    result = score_hand_record(record)
    if code is None:
        assert result["valid"], result["errors"]
        return
    assert result["valid"] is False
    assert (code, path) in codes(result), result["errors"]
    assert set(result) == {"valid", "errors"}


def test_every_error_is_reported_not_just_the_first():
    record = hand(
        ann("cash", team="nobody"),
        ann("kite", cards=["XXI"]),
        defence=facts(11, 1, "XVII"),
    )
    found = {code for code, _ in codes(score_hand_record(record))}
    assert {"unknown_team", "wrong_card_kind", "trumps_total"} <= found


def test_error_messages_quote_the_offending_value():
    result = score_hand_record(hand(ann("kasino")))
    assert '"kasino"' in result["errors"][0]["message"]


def test_partner_may_contra_his_own_sides_feast():
    """R8: the announcer's partner may contra (it doubles what the side gets)."""
    assert score_hand_record(hand(ann("cash", contra=("attack", "catcher"))))["valid"]


def test_red_and_black_suit_order_is_free():
    assert score_hand_record(hand(ann("red_and_black", suits=["C", "D"])))["valid"]


def test_failed_feasts_claim_nothing_across_the_teams():
    """Both teams may fail a pheasant: failing needs no trick (R13)."""
    record = hand(
        ann("pheasant", cards=["I"], made=False),
        ann("pheasant", team="defence", cards=["H-K"], made=False),
    )
    assert score_hand_record(record)["valid"]


def test_honour_for_each_team_is_possible():
    """One Honour in each team's tricks: no conflict (R13 honour needs one of two)."""
    assert score_hand_record(hand(ann("honour"), ann("honour", team="defence")))[
        "valid"
    ]


@pytest.mark.parametrize(
    ("record", "code", "path"),
    [
        pytest.param(
            match(*[hand()] * 7), "wrong_hand_count", "/hands", id="R3-eight-hands"
        ),
        pytest.param(
            match(hand(), tiebreak=True),
            "wrong_hand_count",
            "/hands",
            id="R15-tiebreak-two-hands",
        ),
        pytest.param(
            match(
                *[hand()] * 3, hand(attack=facts(17, 1, "XVI", "XVIII")), *[hand()] * 4
            ),
            "out_of_range",
            "/hands/3/attack/trumps",
            id="match-hand-error-path",
        ),
        pytest.param(
            match(*[hand()] * 8, first="Tata"),
            "unknown_team_name",
            "/first_attack",
            id="R3-first-attack-is-one-of-the-teams",
        ),
        pytest.param(
            {**match(*[hand()] * 8), "teams": ["A", "A"]},
            "same_team",
            "/teams/1",
            id="match-two-different-teams",
        ),
        pytest.param(
            {**match(*[hand()] * 8), "venue": "Pécs"},
            "unknown_key",
            "/venue",
            id="match-unknown-key",
        ),
        pytest.param("not a match", "wrong_type", "", id="match-not-an-object"),
    ],
)
def test_match_validation(record, code, path):
    result = score_match_record(record)
    assert result["valid"] is False
    assert (code, path) in codes(result), result["errors"]
