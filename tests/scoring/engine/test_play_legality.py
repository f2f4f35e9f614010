"""R4 deal checks and R2/R12 play checks: every illegal situation has its code and path."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from scoring.engine.errors import Errors
from scoring.engine.play import analyse_play
from scoring.engine.sheet import Announcement
from tests.scoring.engine import kit as k
from tests.scoring.engine.kit import ann


def _run(
    deal: Any, play: Any, *anns: Announcement
) -> tuple[object, list[tuple[str, str]], Errors]:
    errors = Errors()
    facts = analyse_play(deal, play, list(anns), errors)
    return facts, k.codes(errors), errors


def _full() -> tuple[dict[str, list[str]], list[list[str]]]:
    return k.deal_from_play(k.FULL), k.tricks(k.FULL)


def _swap(deal: dict[str, list[str]], a: str, b: str) -> None:
    """Exchange two dealt cards between hands."""
    sa = next(s for s, h in deal.items() if a in h)
    sb = next(s for s, h in deal.items() if b in h)
    deal[sa][deal[sa].index(a)] = b
    deal[sb][deal[sb].index(b)] = a


# --- R4: the deal ----------------------------------------------------------------------


def _deal_case(change: str) -> tuple[Any, str, str]:
    deal: Any = copy.deepcopy(k.deal_from_play(k.FULL))
    if change == "not_object":
        return ["AD"], "deal_keys", "/deal"
    if change == "missing_seat":
        del deal["DC"]
        return deal, "deal_keys", "/deal"
    if change == "extra_seat":
        deal["XX"] = []
        return deal, "deal_keys", "/deal/XX"
    if change == "nine_cards":
        deal["DD"].pop()
        return deal, "deal_size", "/deal/DD"
    if change == "unknown":
        deal["DD"][2] = "H-10"
        return deal, "unknown_card", "/deal/DD/2"
    if change == "duplicate":
        deal["DC"][9] = deal["AD"][0]
        return deal, "duplicate_card", "/deal/DC/9"
    if change == "missing":
        deal["DC"][9] = deal["AD"][0]
        return deal, "missing_card", "/deal"
    if change == "few_trumps":  # DD's V, VI -> AC's H-K, D-K
        _swap(deal, "V", "H-K")
        _swap(deal, "VI", "D-K")
        return deal, "too_few_trumps", "/deal/DD"
    if change == "xix":
        _swap(deal, "XIX", "XV")
        return deal, "xix_not_attack_catcher", "/deal/AD/0"
    if change == "xx":
        _swap(deal, "XX", "XVII")
        return deal, "xx_not_attack_driver", "/deal/AC/4"
    raise AssertionError(change)


DEAL_CHANGES = [
    "not_object",
    "missing_seat",
    "extra_seat",
    "nine_cards",
    "unknown",
    "duplicate",
    "missing",
    "few_trumps",
    "xix",
    "xx",
]


@pytest.mark.parametrize("change", DEAL_CHANGES)
def test_r4_bad_deal_rejected_with_code_and_path(change: str) -> None:
    deal, code, path = _deal_case(change)
    facts, found, _ = _run(deal, k.tricks(k.FULL))
    assert (code, path) in found
    assert facts is None


def test_r4_xix_and_xx_errors_point_at_the_card() -> None:
    _, _, errors = _run(_deal_case("xix")[0], k.tricks(k.FULL))
    assert any("XIX is dealt to AD" in e.message for e in errors.items)


def test_r4_valid_deal_and_play_accepted() -> None:
    facts, found, _ = _run(*_full())
    assert found == []
    assert facts is not None


# --- R2: the play ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("play", "path"),
    [
        pytest.param("tricks", "/play", id="not-a-list"),
        pytest.param([["XV", "VIII", "V", "XI"]], "/play", id="one-trick"),
        pytest.param("short_trick", "/play/4", id="three-cards"),
    ],
)
def test_r2_play_shape(play: Any, path: str) -> None:
    deal, tricks = _full()
    if play == "short_trick":
        play = copy.deepcopy(tricks)
        play[4].pop()
    facts, found, _ = _run(deal, play)
    assert ("play_shape", path) in found
    assert facts is None


def test_r1_unknown_card_in_play() -> None:
    deal, play = _full()
    play[2][1] = "XXII"
    _, found, _ = _run(deal, play)
    assert found == [("unknown_card", "/play/2/1")]


def test_r2_card_not_in_players_hand() -> None:
    deal, play = _full()
    play[0][1], play[0][2] = play[0][2], play[0][1]  # DC and DD swapped in trick 1
    facts, found, errors = _run(deal, play)
    assert found == [
        ("card_not_in_hand", "/play/0/1"),
        ("card_not_in_hand", "/play/0/2"),
    ]
    assert "trick 1, DC: V" in errors.items[0].message
    assert facts is None


def test_r2_trick_led_by_the_wrong_player() -> None:
    deal, play = _full()
    # Trick 5 is led by AC (winner of trick 4); written as if AD led it.
    play[4] = ["XX", "S-V", "H-C", "XVII"]
    _, found, errors = _run(deal, play)
    assert found[0] == ("card_not_in_hand", "/play/4/0")
    assert "AC leads trick 5" in errors.items[0].message


def test_r2_card_played_twice() -> None:
    deal, play = _full()
    play[1][0] = "XV"  # AD's XV again in trick 2
    _, found, _ = _run(deal, play)
    assert found == [("card_played_twice", "/play/1/0")]


def test_r2_revoke_must_follow_suit() -> None:
    # Hearts led in trick 7; DC plays D-Q (kept for trick 10) while holding H-Q.
    play = k.kings_at(H=7)
    deal, tricks = k.deal_from_play(play), k.tricks(play)
    assert tricks[6][1] == "H-Q"
    assert tricks[9][1] == "D-Q"
    tricks[6][1], tricks[9][1] = "D-Q", "H-Q"
    _, found, errors = _run(deal, tricks)
    assert found == [("revoke", "/play/6/1")]
    assert "trick 7, DC: D-Q" in errors.items[0].message


def test_r2_revoke_when_trumps_led() -> None:
    deal, play = _full()
    # Trick 1: DD (holds V, VI, VII) discards H-Q on a trump lead; H-Q goes to trick 4.
    play[0][2], play[3][2] = play[3][2], play[0][2]
    _, found, _ = _run(deal, play)
    assert found[0] == ("revoke", "/play/0/2")


def test_r2_must_trump_when_void() -> None:
    # AC's H-V and DC's S-10 exchanged: AC, void in hearts, discards S-10 in trick 1.
    play = k.kings_at(H=1)
    deal, tricks = k.deal_from_play(play), k.tricks(play)
    _swap(deal, "H-V", "S-10")
    tricks[0][3] = "S-10"
    last_trump = next(t for t in tricks if t[1] == "S-10")
    last_trump[1] = "H-V"
    _, found, _ = _run(deal, tricks)
    assert found == [("must_trump", "/play/0/3")]


# --- R12: bound cards ------------------------------------------------------------------


def test_r12_bound_card_played_early() -> None:
    # Falcon binds H-K to trick 2, but AD leads it to trick 1 holding other cards.
    play = k.kings_at(H=1)
    facts, found, errors = _run(
        k.deal_from_play(play), k.tricks(play), ann("falcon", cards=("H-K",))
    )
    assert found == [("bound_card_early", "/play/0/0")]
    assert "trick 1, AD: H-K" in errors.items[0].message
    assert facts is None


def test_r12_bound_card_withheld_from_its_trick() -> None:
    # Pheasant binds H-K to trick 1, but AD leads a trump to it.
    play = k.kings_at(H=2)
    _, found, _ = _run(
        k.deal_from_play(play), k.tricks(play), ann("pheasant", cards=("H-K",))
    )
    assert found[0] == ("bound_card_withheld", "/play/0/0")


def test_r12_only_legal_card_may_be_played_early() -> None:
    # FULL trick 6: AC's IIII (bound to trick 10) is his only trump on a trump lead.
    facts = k.judge(k.FULL, ann("last_day_of_month", by="catcher", cards=("IIII",)))
    assert facts.made == (False,)


def test_r12_bound_card_not_legal_at_its_trick_is_free_afterwards() -> None:
    # ROYAL_ONE_PARTNER: AC's H-K bound to trick 6 (turul), where AC must play a trump;
    # he discards it in trick 8.
    facts = k.judge(k.ROYAL_ONE_PARTNER, ann("turul", by="catcher", cards=("H-K",)))
    assert facts.made == (False,)


def test_r12_opponents_card_is_not_bound() -> None:
    # The defence's piccolo names XVIII, held by the attack: AD may play it anywhere.
    play = [
        "XVIII VIII V XI",
        "XIV IX VI XII",
        "XV X VII XIII",
        *k.FULL[3:],
    ]
    k.judge(play, ann("piccolo", team="defence"))
    _, errors = k.analyse(play, ann("piccolo"))
    assert k.codes(errors) == [("bound_card_early", "/play/0/0")]


def test_r12_card_stays_bound_after_the_feast_failed() -> None:
    deal, play, path = k.find_failed_then_withheld()
    _, found, _ = _run(deal, play, ann("piccolo"))
    assert found[0][1] == path
    assert found[0][0] in ("bound_card_withheld", "bound_card_early")
