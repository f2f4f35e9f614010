"""Cards and notation (R1) and the trick-taking rules that depend only on cards (R2).

Cards are plain strings as written in a hand record: trumps ``I`` … ``XXI`` and ``SKIZ``,
suit cards ``<SUIT>-<RANK>`` (``H-K``, ``C-10``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .i18n import gettext_noop

# R1: trumps from the lowest to the highest; note IIII as printed on the cards.
TRUMPS: Final[tuple[str, ...]] = (
    "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "SKIZ",
)  # fmt: skip
TRUMP_SET: Final[frozenset[str]] = frozenset(TRUMPS)
TRUMP_STRENGTH: Final[dict[str, int]] = {card: i for i, card in enumerate(TRUMPS)}

RED_SUITS: Final[tuple[str, ...]] = ("H", "D")
BLACK_SUITS: Final[tuple[str, ...]] = ("S", "C")
SUITS: Final[tuple[str, ...]] = RED_SUITS + BLACK_SUITS
# English names, marked for translation; a message shows them as ``_(SUIT_NAMES[s])``.
SUIT_NAMES: Final[dict[str, str]] = {
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "S": gettext_noop("spades"),
    "C": gettext_noop("clubs"),
}
# R1: suit order K > Q > C > V > 10; the 10 exists only in the black suits.
RANKS: Final[tuple[str, ...]] = ("K", "Q", "C", "V", "10")
RANK_STRENGTH: Final[dict[str, int]] = {"K": 4, "Q": 3, "C": 2, "V": 1, "10": 0}
# The ranks every suit has (four_of_a_kind: the four cards of one of them, R13).
COMMON_RANKS: Final[tuple[str, ...]] = RANKS[:4]


def suit_ranks(suit: str) -> tuple[str, ...]:
    """The ranks a suit has (R1): four in a red suit, five in a black one."""
    return RANKS if suit in BLACK_SUITS else COMMON_RANKS


SUIT_CARDS: Final[dict[str, tuple[str, ...]]] = {
    suit: tuple(f"{suit}-{rank}" for rank in suit_ranks(suit)) for suit in SUITS
}
ALL_SUIT_CARDS: Final[tuple[str, ...]] = tuple(
    card for suit in SUITS for card in SUIT_CARDS[suit]
)
ALL_CARDS: Final[tuple[str, ...]] = TRUMPS + ALL_SUIT_CARDS
CARD_SET: Final[frozenset[str]] = frozenset(ALL_CARDS)
RED_CARDS: Final[frozenset[str]] = frozenset(
    card for suit in RED_SUITS for card in SUIT_CARDS[suit]
)
BLACK_CARDS: Final[frozenset[str]] = frozenset(
    card for suit in BLACK_SUITS for card in SUIT_CARDS[suit]
)

# R1 groups.
SKIZ: Final = "SKIZ"
MOND: Final = "XXI"
PAGAT: Final = "I"
HONOURS: Final[tuple[str, ...]] = (SKIZ, MOND)
BIRDS: Final[tuple[str, ...]] = ("I", "II", "III", "IIII")
KINGS: Final[tuple[str, ...]] = tuple(f"{suit}-K" for suit in SUITS)
MAGNIFIERS: Final[frozenset[str]] = frozenset(KINGS + BIRDS)
MIDDLE: Final[tuple[str, ...]] = ("XVI", "XVII", "XVIII")
# "Below King": Queen, Cavalier, Valet and the black 10 (amazon, centaur, harpy).
BELOW_KING: Final[frozenset[str]] = frozenset(
    card for card in ALL_SUIT_CARDS if not card.endswith("-K")
)
# Court cards below King, without the 10 (spadille, manille, sphinx).
RED_QCV: Final[frozenset[str]] = frozenset(
    f"{suit}-{rank}" for suit in RED_SUITS for rank in ("Q", "C", "V")
)
BLACK_QCV: Final[frozenset[str]] = frozenset(
    f"{suit}-{rank}" for suit in BLACK_SUITS for rank in ("Q", "C", "V")
)
# The five bound-trick cards (R12/R13): card -> trick it is bound to.
BOUND_TRICK_CARDS: Final[tuple[tuple[str, int], ...]] = (
    ("XVIII", 3),
    ("XIX", 4),
    ("XX", 5),
    ("XXI", 6),
    ("SKIZ", 7),
)


# R4: the deal. Ten cards to each of the four players, so ten tricks (R2); every player
# holds at least 3 trumps (else the hand is dealt again, R3); two upper trumps always go
# to the attack: card -> seat, XIX to the attack catcher, XX to the attack driver.
HAND_SIZE: Final = 10
TRICKS: Final = HAND_SIZE
MIN_TRUMPS: Final = 3
DEALT_TO: Final[dict[str, str]] = {"XIX": "AC", "XX": "AD"}


def trumps_in(cards: Iterable[str]) -> int:
    """How many of ``cards`` are trumps."""
    return sum(1 for card in cards if card in TRUMP_SET)


def suit_of(card: str) -> str | None:
    """The suit of a suit card, ``None`` for a trump."""
    return None if card in TRUMP_SET else card.split("-", 1)[0]


def is_red_suit(suit: str) -> bool:
    return suit in RED_SUITS


def trick_winner(cards: Sequence[str]) -> int:
    """Index of the card that wins a trick whose first card was led (R2).

    The highest trump wins; with no trump, the highest card of the suit led.
    """
    best = 0
    led_suit = suit_of(cards[0])
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card in TRUMP_SET:
            if top not in TRUMP_SET or TRUMP_STRENGTH[card] > TRUMP_STRENGTH[top]:
                best = i
        elif (
            top not in TRUMP_SET
            and suit_of(card) == led_suit
            and RANK_STRENGTH[card[2:]] > RANK_STRENGTH[top[2:]]
        ):
            best = i
    return best


def legal_cards(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may be played to a trick led with ``led`` (R2).

    Follow suit; if void, play a trump; if no trump either, any card.
    ``led`` is ``None`` for the leader, who may play anything.
    """
    if led is None:
        return list(hand)
    led_suit = suit_of(led)
    if led_suit is None:
        trumps = [card for card in hand if card in TRUMP_SET]
        return trumps or list(hand)
    followers = [card for card in hand if suit_of(card) == led_suit]
    if followers:
        return followers
    trumps = [card for card in hand if card in TRUMP_SET]
    return trumps or list(hand)
