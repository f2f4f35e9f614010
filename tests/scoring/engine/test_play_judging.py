"""R13 and R7 judged from constructed deals and plays: every announcement made and
failed, the silent premiums, the messages and the subtleties of the conditions."""

from __future__ import annotations

import pytest

from scoring.engine.catalogue import ANNOUNCEABLE, FEASTS, SILENT
from scoring.engine.judge import EVALUATORS, MESSAGE_CHECKS
from scoring.engine.sheet import TeamFacts
from tests.scoring.engine import kit as k
from tests.scoring.engine.kit import ann

A, D = "attack", "defence"
KINGS_LATE = k.KINGS_LATE
CKQ, CQK, KQC = k.spades_late("CKQ"), k.spades_late("CQK"), k.spades_late("KQC")

# code -> (hand where it is made, its announcement), (hand where it fails, announcement)
CASES: dict[str, tuple[tuple[k.Tricks, dict[str, object]], ...]] = {
    "visi": ((k.FULL, {}), (k.FULL, {"team": D})),
    "lamour": ((k.FULL, {}), (k.FULL, {"team": D})),
    "angel": ((k.FULL, {}), (k.FULL, {"team": D})),
    "honour": ((k.FULL, {}), (k.FULL, {"team": D})),
    "heads": ((k.FULL, {}), (k.FULL, {"team": D})),
    "full_honours": ((k.FULL, {}), (k.FULL, {"team": D})),
    "play": ((k.FULL, {}), (k.FULL, {"team": D})),
    "cash": ((k.FULL, {}), (k.FULL, {"team": D})),
    "bridge": ((k.FULL, {}), (k.FULL, {"team": D})),
    "octave": ((k.FULL, {}), (k.FULL, {"team": D})),
    "misere": ((k.FULL, {}), (k.FULL, {"team": D})),
    "slam": ((k.FULL, {}), (k.FULL, {"team": D})),
    "piccolo": ((k.FULL, {}), (k.FULL, {"team": D})),
    "town_centre": ((k.FULL, {}), (k.FULL, {"team": D})),
    "centre": ((k.FULL, {}), (k.FULL, {"team": D})),
    "small_bird": ((k.FULL, {}), (k.FULL, {"team": D})),
    "large_bird": ((k.FULL, {}), (k.FULL, {"team": D})),
    "last_day_of_month": (
        (k.FULL, {"cards": ("III",)}),
        (k.FULL, {"cards": ("III",), "team": D}),
    ),
    "before_end_of_month": (
        (k.FULL, {"cards": ("II",)}),
        (k.FULL, {"cards": ("II",), "team": D}),
    ),
    "kite": ((k.FULL, {"cards": ("I",)}), (k.FULL, {"cards": ("I",), "team": D})),
    "seize": (
        (k.PYRAMID, {"cards": ("I",)}),
        (k.PYRAMID, {"cards": ("I",), "team": D}),
    ),
    # R13 "win trick 6 with it": AC's IIII is played to trick 6 but XXI wins it.
    "turul": (
        (k.kings_at(C=6), {"cards": ("C-K",)}),
        (k.FULL, {"cards": ("IIII",), "by": "catcher"}),
    ),
    "pheasant": (
        (k.kings_at(H=1), {"cards": ("H-K",)}),
        (k.kings_at(H=1), {"cards": ("H-K",), "team": D}),
    ),
    "falcon": (
        (k.kings_at(D=2), {"cards": ("D-K",)}),
        (k.kings_at(D=2), {"cards": ("D-K",), "team": D}),
    ),
    "second_pheasant": (
        (k.kings_at(H=1, D=2), {"cards": ("H-K", "D-K")}),
        (k.kings_at(H=1, D=2), {"cards": ("H-K", "D-K"), "team": D}),
    ),
    "third_pheasant": (
        (k.kings_at(H=1, S=3), {"cards": ("H-K", "S-K")}),
        (k.kings_at(H=1, S=3), {"cards": ("H-K", "S-K"), "team": D}),
    ),
    "fourth_pheasant": (
        (k.kings_at(D=2, C=4), {"cards": ("D-K", "C-K")}),
        (k.kings_at(D=2, C=4), {"cards": ("D-K", "C-K"), "team": D}),
    ),
    "gang": ((k.FULL, {"suits": ("H",)}), (k.FULL, {"suits": ("H",), "team": D})),
    "quick_one": ((k.FULL, {}), (k.FULL, {"team": D})),
    "red_and_black": (
        (k.FULL, {"suits": ("D", "C")}),
        (k.FULL, {"suits": ("D", "C"), "team": D}),
    ),
    "army": ((k.FULL, {}), (k.FULL, {"team": D})),
    "legion": ((k.FULL, {}), (k.FULL, {"team": D})),
    "amazon": ((k.RED_THEN_BLACK, {}), (k.FULL, {})),
    # R13 "the opponents' I": the attack's own Pagat in FULL does not count.
    "pagat_capture": ((KINGS_LATE, {}), (k.FULL, {})),
    "schleicher": ((k.FULL, {}), (KINGS_LATE, {})),
    "pho_nothing": ((KINGS_LATE, {}), (k.FULL, {})),
    "spadille": ((k.RED_THEN_BLACK, {}), (k.FULL, {})),
    "manille": ((k.RED_THEN_BLACK, {}), (k.FULL, {})),
    "dschinn": (
        (k.RED_THEN_BLACK, {"suits": ("C",)}),
        (k.RED_THEN_BLACK, {"suits": ("S",)}),
    ),
    "marriage": ((CKQ, {"suits": ("S",)}), (KQC, {"suits": ("S",)})),
    "mond_capture": ((k.ROYAL, {}), (k.FULL, {})),
    "habicht": (
        (k.kings_at(H=1, D=2, S=3), {"cards": ("H-K", "D-K", "S-K")}),
        (k.kings_at(H=1, D=2, S=3), {"cards": ("H-K", "D-K", "S-K"), "team": D}),
    ),
    "couleur": ((KINGS_LATE, {}), (k.FULL, {})),
    "scale": ((KINGS_LATE, {}), (k.FULL, {"team": D})),
    "golgotha": ((k.ROYAL, {}), (KINGS_LATE, {})),
    "centaur": ((k.MOND_SPADES_LATE, {}), (k.ROYAL, {})),
    "trojka": ((k.FULL, {}), (KINGS_LATE, {})),
    "famille": ((CKQ, {"suits": ("S",)}), (KINGS_LATE, {"suits": ("S",)})),
    "bethlehem": ((KINGS_LATE, {}), (k.FULL, {})),
    "sphinx": ((k.RED_THEN_BLACK, {}), (k.BLACK_THEN_RED, {})),
    "quart": ((k.kings_at(H=7, D=8, S=9, C=10), {}), (KINGS_LATE, {})),
    "pyramid": ((k.PYRAMID, {}), (k.FULL, {})),
    "spectrum": ((KINGS_LATE, {}), (k.FULL, {})),
    "stella": (
        (k.STELLA, {"cards": ("H-K", "D-K", "S-K")}),
        (k.STELLA, {"cards": ("H-K", "D-K", "S-K"), "team": D}),
    ),
    "full": ((k.FULL, {}), (KINGS_LATE, {})),
    "court": ((CKQ, {"suits": ("S",)}), (KINGS_LATE, {"suits": ("S",)})),
    "grand": ((KINGS_LATE, {}), (k.FULL, {})),
    "harpy": ((k.MOND_SPADES_LATE, {}), (k.MOND_KINGS_LATE, {})),
    "gloria": ((k.MOND_KINGS_LATE, {}), (k.ROYAL, {})),
    "triumph": ((k.ROYAL, {}), (k.MOND_KINGS_LATE, {})),
    "royal": ((k.ROYAL, {}), (k.ROYAL_ONE_PARTNER, {})),
}


def _params() -> list[object]:
    params = []
    for code, (made, failed) in CASES.items():
        for (play, kwargs), expected in ((made, True), (failed, False)):
            outcome = "made" if expected else "fails"
            params.append(
                pytest.param(code, play, kwargs, expected, id=f"{code}-{outcome}")
            )
    return params


def test_every_announced_feast_has_a_made_and_a_failed_case() -> None:
    announced = {code for code in ANNOUNCEABLE if not FEASTS[code].is_message}
    assert set(CASES) == announced
    assert set(EVALUATORS) | set(MESSAGE_CHECKS) == set(FEASTS)


@pytest.mark.parametrize(("code", "play", "kwargs", "expected"), _params())
def test_r13_announcement_judged_from_the_tricks(
    code: str, play: k.Tricks, kwargs: dict[str, object], expected: bool
) -> None:
    facts = k.judge(play, ann(code, **kwargs))  # type: ignore[arg-type]
    assert facts.made == (expected,)


# --- R7 silent premiums ----------------------------------------------------------------

SILENT_CASES = {
    "obscure": ((k.FULL, A), (k.FULL, D)),
    # R7: the opponents' Pagat; FULL's I is the attack's own.
    "lie_in_wait": ((KINGS_LATE, A), (k.FULL, A)),
    "four_kings": ((k.FULL, A), (k.FULL, D)),
    "silent_mond_capture": ((k.ROYAL, A), (k.FULL, A)),
}


@pytest.mark.parametrize(
    ("code", "play", "side", "expected"),
    [
        pytest.param(code, play, side, expected, id=f"{code}-{tag}")
        for code, (made, failed) in SILENT_CASES.items()
        for (play, side), expected, tag in (
            (made, True, "achieved"),
            (failed, False, "not-achieved"),
        )
    ],
)
def test_r7_silent_premium_achieved(
    code: str, play: k.Tricks, side: str, expected: bool
) -> None:
    assert set(SILENT_CASES) == set(SILENT)
    facts = k.judge(play)
    assert (code in facts.silent[side]) is expected  # type: ignore[index]


def test_r7_silent_premiums_listed_in_catalogue_order_before_suppression() -> None:
    # The attack announced mond_capture: the premium is still reported as achieved.
    facts = k.judge(k.ROYAL, ann("mond_capture"))
    assert facts.silent["attack"] == (
        "obscure",
        "lie_in_wait",
        "four_kings",
        "silent_mond_capture",
    )
    assert facts.silent["defence"] == ()


# --- R6/R13 messages -------------------------------------------------------------------

MESSAGES = [
    ("suit_count", k.FULL, {"team": D, "by": "catcher", "suits": ("S",), "count": 3}),
    ("trumps_count", k.FULL, {"count": 10}),
    ("birds", k.FULL, {}),
    ("flush", KINGS_LATE, {"team": D, "by": "catcher"}),
    ("four_of_a_kind", k.FULL, {"by": "catcher"}),
]
UNTRUE = [
    ("suit_count", k.FULL, {"team": D, "by": "catcher", "suits": ("S",), "count": 4}),
    ("suit_count", k.FULL, {"team": D, "by": "catcher", "suits": ("H",), "count": 0}),
    ("trumps_count", k.FULL, {"count": 9}),
    ("trumps_count", k.FULL, {"by": "catcher", "count": 6}),  # fewer than 8
    ("birds", k.FULL, {"team": D}),
    ("flush", k.FULL, {"team": D, "by": "catcher"}),
    ("four_of_a_kind", k.FULL, {}),
]


@pytest.mark.parametrize(
    ("code", "play", "kwargs"), [pytest.param(*m, id=m[0]) for m in MESSAGES]
)
def test_r13_true_message_is_made(
    code: str, play: k.Tricks, kwargs: dict[str, object]
) -> None:
    assert k.judge(play, ann(code, **kwargs)).made == (True,)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("code", "play", "kwargs"),
    [pytest.param(*m, id=f"{m[0]}-{i}") for i, m in enumerate(UNTRUE)],
)
def test_r6_untrue_message_is_an_error(
    code: str, play: k.Tricks, kwargs: dict[str, object]
) -> None:
    visi = ann("visi")
    facts, errors = k.analyse(play, visi, ann(code, **kwargs))  # type: ignore[arg-type]
    assert k.codes(errors) == [("message_untrue", "/announcements/1")]
    assert facts is not None
    assert facts.made == (True, False)


# --- subtleties ------------------------------------------------------------------------


def test_r13_bound_trick_made_when_partner_wins_with_a_higher_card() -> None:
    facts = k.judge(k.PARTNER_BEATS_BOUND_CARD, ann("piccolo"))
    assert facts.made == (True,)


def test_r13_magnified_card_must_win_not_just_be_played() -> None:
    # FULL: AC's IIII goes to trick 6 (bound there by turul) but AD's XXI wins it.
    facts = k.judge(k.FULL, ann("turul", by="catcher", cards=("IIII",)))
    assert facts.made == (False,)


@pytest.mark.parametrize("order", ["CKQ", "CQK"])
def test_r13_marriage_king_and_queen_in_either_order(order: str) -> None:
    assert k.judge(k.spades_late(order), ann("marriage", suits=("S",))).made == (True,)


def test_r13_marriage_needs_tricks_9_and_10() -> None:
    assert k.judge(KQC, ann("marriage", suits=("S",))).made == (False,)


def test_r13_sphinx_red_before_black() -> None:
    sphinx = ann("sphinx")
    assert k.judge(k.RED_THEN_BLACK, sphinx).made == (True,)
    assert k.judge(k.BLACK_THEN_RED, sphinx).made == (False,)
    # Both court cards still win their tricks: spadille and manille are made.
    both = k.judge(k.BLACK_THEN_RED, ann("spadille"), ann("manille", team=D))
    assert both.made == (True, False)


def test_r13_royal_needs_both_partners_in_tricks_8_to_10() -> None:
    assert k.judge(k.ROYAL, ann("royal")).made == (True,)
    one = k.judge(k.ROYAL_ONE_PARTNER, ann("royal"), ann("triumph", index=1))
    assert one.made == (False, True)


def test_r13_opponents_pagat_not_ones_own() -> None:
    assert k.judge(k.KINGS_LATE, ann("pagat_capture")).made == (True,)
    assert k.judge(k.FULL, ann("pagat_capture")).made == (False,)
    assert "lie_in_wait" in k.judge(k.KINGS_LATE).silent["attack"]
    assert "lie_in_wait" not in k.judge(k.FULL).silent["attack"]


def test_r13_declared_card_held_by_opponents_binds_nothing_and_fails() -> None:
    # The defence declares AD's King: AD leads it to trick 1 anyway, no binding error.
    facts = k.judge(k.kings_at(H=1), ann("falcon", team=D, cards=("H-K",)))
    assert facts.made == (False,)


# --- R5 facts and R2 trick count -------------------------------------------------------


def test_r5_consolation_facts_from_the_deal() -> None:
    facts = k.judge(k.FULL)
    assert facts.facts["attack"] == TeamFacts(16, 2, ("XVI", "XVII", "XVIII"))
    assert facts.facts["defence"] == TeamFacts(6, 0, ())
    royal = k.judge(k.ROYAL)
    assert royal.facts["attack"] == TeamFacts(16, 1, ("XVI", "XVII", "XVIII"))
    assert royal.facts["defence"] == TeamFacts(6, 1, ())


def test_r2_tricks_counted_for_the_attack() -> None:
    assert k.judge(k.FULL).tricks_attack == 10
