"""Builders for play-record tests: a hand is written as its ten tricks, the deal follows.

Each trick is a string of the four cards in the order played, starting with the leader
(R2: AD leads trick 1, the winner of a trick leads the next, AD -> DC -> DD -> AC).
:func:`deal_from_play` replays the tricks to find who played each card; that is the deal.
:func:`judge` then runs the real checker, so every constructed hand is proved legal.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.engine import cards as c
from scoring.engine.catalogue import FEASTS
from scoring.engine.errors import Errors
from scoring.engine.generate import random_deal, random_play
from scoring.engine.play import analyse_play
from scoring.engine.sheet import PLAY_ORDER, SIDE_OF_SEAT, Announcement, PlayFacts

Tricks = list[str]


def tricks(play: Tricks) -> list[list[str]]:
    return [trick.split() for trick in play]


def deal_from_play(play: Tricks) -> dict[str, list[str]]:
    """The deal that the play implies: each card belongs to the seat that played it."""
    deal: dict[str, list[str]] = {seat: [] for seat in PLAY_ORDER}
    leader = "AD"
    for trick in tricks(play):
        start = PLAY_ORDER.index(leader)
        seats = [PLAY_ORDER[(start + i) % 4] for i in range(4)]
        for seat, card in zip(seats, trick, strict=True):
            deal[seat].append(card)
        leader = seats[c.trick_winner(trick)]
    return deal


def ann(
    code: str,
    team: str = "attack",
    by: str = "driver",
    cards: tuple[str, ...] = (),
    suits: tuple[str, ...] = (),
    count: int | None = None,
    index: int = 0,
) -> Announcement:
    return Announcement(
        index,
        FEASTS[code],
        team,
        by,
        tuple(cards),
        tuple(suits),
        count,  # type: ignore[arg-type]
    )


def analyse(play: Tricks, *anns: Announcement) -> tuple[PlayFacts | None, Errors]:
    errors = Errors()
    numbered = [a if a.index == i else _renumber(a, i) for i, a in enumerate(anns)]
    facts = analyse_play(deal_from_play(play), tricks(play), numbered, errors)
    return facts, errors


def _renumber(a: Announcement, index: int) -> Announcement:
    return Announcement(index, a.feast, a.team, a.by, a.cards, a.suits, a.count)


def judge(play: Tricks, *anns: Announcement) -> PlayFacts:
    """Analyse a legal constructed hand (fails the test if any card is illegal)."""
    facts, errors = analyse(play, *anns)
    assert not errors, errors.as_list()
    assert facts is not None
    return facts


def codes(errors: Errors) -> list[tuple[str, str]]:
    return [(e.code, e.path) for e in errors.items]


def record(play: Tricks, announcements: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "royal-tarokk-hand/1",
        "deal": deal_from_play(play),
        "play": tricks(play),
        "announcements": announcements,
    }


# --- constructed hands (attack = AD + AC) ---------------------------------------------

# A: the attack wins all; XVIII..SKIZ played to tricks 3..7; AD's I, II, III win 8-10.
# AC holds the four Kings, AD ten trumps with three Birds, DC three spades.
FULL = [
    "XV VIII V XI",
    "XIV IX VI XII",
    "XVIII X VII XIII",
    "XVI S-C H-Q XIX",
    "XVII XX S-V H-C",  # AC leads
    "XXI S-10 H-V IIII",
    "SKIZ C-Q D-Q H-K",
    "I C-C D-C D-K",
    "II C-V D-V S-K",
    "III C-10 S-Q C-K",
]

# FULL, but AD's XVIII in trick 3 is beaten by his partner's XIX.
PARTNER_BEATS_BOUND_CARD = [
    "XV VIII V XI",
    "XIV IX VI XII",
    "XVIII X VII XIX",
    "XIII XVI S-C H-Q",  # AC leads
    "XX S-V H-C XVII",
    "XXI S-10 H-V IIII",
    "SKIZ C-Q D-Q H-K",
    "I C-C D-C D-K",
    "II C-V D-V S-K",
    "III C-10 S-Q C-K",
]

# The attack wins all with the five bound-trick cards; Kings win 8-10. The defence held
# I; DC holds all four diamonds (flush).
KINGS_LATE = [
    "XV VIII V IX",
    "XIV VII III X",
    "XVIII VI II XI",
    "XVI IIII I XIX",
    "XVII XX D-K C-Q",  # AC leads
    "XXI D-Q S-10 XII",
    "SKIZ D-C C-10 XIII",
    "H-K H-Q H-C H-V",
    "S-K S-Q S-C S-V",
    "C-K D-V C-C C-V",
]

_TRUMPS_FIRST = [
    "XV VIII V IX",
    "XIV VII III X",
    "XVIII VI II XI",
    "XVI IIII I XIX",
    "XVII XX C-Q D-C",  # AC leads
    "XXI C-C D-V XII",
    "SKIZ C-V C-10 XIII",
]


def spades_late(order: str) -> Tricks:
    """Like KINGS_LATE, but AD's S-C, S-K, S-Q win tricks 8-10 in ``order`` ("CKQ")."""
    follow = [["S-V", "S-10", "H-K"], ["H-Q", "H-C", "H-V"], ["D-K", "D-Q", "C-K"]]
    return _TRUMPS_FIRST + [
        " ".join([f"S-{rank}", *rest]) for rank, rest in zip(order, follow, strict=True)
    ]


def _with_mond_for_defence(play: Tricks) -> Tricks:
    """The defence holds XXI (taken by SKIZ in trick 1); the attack holds V instead."""
    head = ["SKIZ VIII XXI V", "XVIII VII III IX", "XVII VI II X", "XVI IIII I XIX"]
    swap = {"XVII": "XI", "XXI": "XV", "SKIZ": "XIV"}
    tail = []
    for trick in play[4:7]:
        first, *rest = trick.split()
        if first == "XVII":  # trick 5: AC leads XI, AD's XX wins
            tail.append(" ".join(["XI", *rest]))
        else:
            tail.append(" ".join([swap.get(first, first), *rest]))
    return head + tail + play[7:]


# The defence held XXI: Kings win 8-10 (gloria) / S-C, S-K, S-Q win (harpy, centaur).
MOND_KINGS_LATE = _with_mond_for_defence(KINGS_LATE)
MOND_SPADES_LATE = _with_mond_for_defence(spades_late("CKQ"))

# The defence held XXI and I; AC's IIII wins 8, AD's II and III win 9 and 10 (royal).
ROYAL = [
    "SKIZ VI XXI IX",
    "XVIII VII V X",
    "XVII VIII I XI",
    "XVI S-K H-V XIX",
    "C-10 XX C-K C-Q",  # AC leads
    "XV S-Q D-C XII",
    "XIV S-C C-C XIII",
    "H-K H-Q H-C IIII",
    "D-V II D-K D-Q",  # AC leads
    "III S-V C-V S-10",
]

# As ROYAL, but AD alone wins 8-10 with II, III, IIII (AC holds H-K).
ROYAL_ONE_PARTNER = [
    "SKIZ VI XXI IX",
    "XVIII VII V X",
    "XVII VIII I XI",
    "XVI S-K H-V XIX",
    "C-10 XX C-K C-Q",
    "XV S-Q D-C XII",
    "XIV S-C C-C XIII",
    "II H-Q H-C H-K",
    "III D-K D-Q D-V",
    "IIII S-V C-V S-10",
]

# AD's Kings of hearts, diamonds, spades win 1-3; XIX wins 4, XX 5, XXI 6, SKIZ 7.
STELLA = [
    "H-K H-Q H-C H-V",
    "D-K D-Q D-C D-V",
    "S-K S-Q S-C S-V",
    "XVI VIII VII XIX",
    "IX XX VI V",  # AC leads
    "XXI IIII III X",
    "SKIZ II I XI",
    "XVIII C-K C-C XII",
    "XVII C-Q C-V XIII",
    "XV S-10 C-10 XIV",
]


def kings_at(**at: int) -> Tricks:
    """AD leads and wins everything; the King of each suit given (``H=1``) wins that
    trick with its whole suit following; the other Kings win the last free tricks, the
    remaining six tricks are trump tricks."""
    ad = ["XVI", "XVII", "XVIII", "XX", "XXI", "SKIZ"]
    dc = ["X", "IX", "VIII", "VII", "VI", "S-10"]
    dd = ["V", "IIII", "III", "II", "I", "C-10"]
    ac = ["XI", "XII", "XIII", "XIV", "XV", "XIX"]
    suit_at = {trick: suit for suit, trick in at.items()}
    free = [n for n in range(10, 0, -1) if n not in suit_at]
    for suit in (s for s in "HDSC" if s not in at):
        suit_at[free.pop(0)] = suit
    out, j = [], 0
    for n in range(1, 11):
        if n in suit_at:
            s = suit_at[n]
            out.append(f"{s}-K {s}-Q {s}-C {s}-V")
        else:
            out.append(f"{ad[j]} {dc[j]} {dd[j]} {ac[j]}")
            j += 1
    return out


# The attack wins all; AD's Birds I, II, III, IIII win tricks 7-10. AC holds the Kings.
PYRAMID = [
    "XVIII X VII XI",
    "XVII IX VI XII",
    "XVI VIII V XIII",
    "XXI H-Q S-C XIV",
    "XX H-C S-V XV",
    "SKIZ H-V S-10 XIX",
    "I D-Q C-Q H-K",
    "II D-C C-C D-K",
    "III D-V C-V S-K",
    "IIII S-Q C-10 C-K",
]

# The attack wins all; AD's H-Q wins 7, S-Q 8, C-K 9, C-10 10 (sphinx, dschinn).
RED_THEN_BLACK = [
    "XVIII X V XI",
    "XVII IX IIII XII",
    "XVI VIII III XIII",
    "XV VII II XIX",
    "XIV XX VI I",  # AC leads
    "SKIZ H-K S-K XXI",
    "H-Q H-C H-V D-V",
    "S-Q S-C S-V S-10",
    "C-K C-Q C-C C-V",
    "C-10 D-K D-Q D-C",
]
BLACK_THEN_RED = [
    *RED_THEN_BLACK[:6],
    RED_THEN_BLACK[7],
    RED_THEN_BLACK[6],
    *RED_THEN_BLACK[8:],
]


def find_failed_then_withheld() -> tuple[dict[str, list[str]], list[list[str]], str]:
    """A random legal hand (played without binding) where the attack's piccolo has
    failed at trick 1 or 2 and XVIII is then not played to trick 3 though legal
    there: the path of the first binding error that piccolo's binding causes."""
    piccolo = ann("piccolo")
    for seed in range(5000):
        rng = random.Random(seed)
        deal = random_deal(rng)
        holder = next(s for s, h in deal.items() if "XVIII" in h)
        if holder not in ("AD", "AC"):
            continue
        play = random_play(rng, deal)
        errors = Errors()
        analyse_play(deal, play, [piccolo], errors)
        if not errors:
            continue
        first = errors.items[0]
        trick = int(first.path.split("/")[2])
        if trick < 1:
            continue
        # Piccolo has failed: the defence won one of the tricks before the error.
        if any(_winner_side(deal, play, t) == "defence" for t in range(trick)):
            return deal, play, first.path
    raise AssertionError("no such hand in 5000 seeds")


def _winner_side(deal: dict[str, list[str]], play: list[list[str]], t: int) -> str:
    leader = "AD"
    for n in range(t + 1):
        start = PLAY_ORDER.index(leader)
        leader = PLAY_ORDER[(start + c.trick_winner(play[n])) % 4]
    return SIDE_OF_SEAT[leader]
