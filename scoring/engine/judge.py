"""Judging announcements and silent premiums from the ten tricks (R13, R7, R6).

:func:`scoring.engine.play.analyse_play` builds a :class:`PlayedHand` from a legal deal
and play; this module decides, one small named evaluator per R13 condition, whether
each announcement was made. R13's words are read literally:

- "win trick k with card X": X is the card that wins trick k, played by a member of
  the team;
- "the team's tricks hold X": X lies in a trick the team won;
- "opponents' X": X was held by an opponent at the deal;
- "all tricks": the team wins all ten tricks;
- "the five bound-trick cards": XVIII played by the team to trick 3, XIX to 4, XX to 5,
  XXI to 6, SKIZ to 7 (played, not necessarily winning), the team winning tricks 1-7.

Every evaluator first checks the catalogue's necessary conditions (``tricks``,
``all_tricks``, ``min_tricks``, ``cards_won``, ``holds``, ``opponents_hold``) and then
the condition's own shape (which card wins which trick, in which order).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Final

from . import cards as c
from .catalogue import (
    FEASTS,
    SILENT,
    SUIT_COUNT_MIN,
    TRUMPS_COUNT_MIN,
    CardNeed,
    Feast,
    SuitParam,
    suit_cards_for,
)
from .i18n import _
from .sheet import SIDE_OF_SEAT, SIDES, Announcement, Side


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A legal deal and its ten tricks, indexed for judging (tricks are 1-based)."""

    deal: dict[str, list[str]]  # seat -> its ten cards at the deal
    holder: dict[str, str]  # card -> seat holding it at the deal
    held: dict[Side, frozenset[str]]  # cards each team held at the deal
    tricks: tuple[tuple[str, ...], ...]  # the cards of each trick, in the order played
    winner_card: tuple[str, ...]  # [k - 1]: the card that won trick k
    winner_seat: tuple[str, ...]  # [k - 1]: the seat that won trick k
    winner_side: tuple[Side, ...]  # [k - 1]: the team that won trick k
    trick_of: dict[str, int]  # card -> the trick it was played to
    won: dict[Side, frozenset[str]]  # cards in the tricks each team won
    count: dict[Side, int]  # tricks each team won (R2)

    def wins_with(self, team: Side, trick: int, group: Collection[str]) -> bool:
        """R13 "win trick k with X": a card of ``group`` wins trick k for ``team``."""
        return (
            self.winner_side[trick - 1] == team and self.winner_card[trick - 1] in group
        )

    def played_by(self, team: Side, card: str, trick: int) -> bool:
        """``card`` was played to ``trick`` by a member of ``team``."""
        return self.trick_of[card] == trick and SIDE_OF_SEAT[self.holder[card]] == team


Condition = Callable[[PlayedHand, Announcement], bool]
_ALL_TRICKS: Final = range(1, c.TRICKS + 1)

_SUIT_NEEDS: dict[tuple[str, tuple[str, ...]], tuple[CardNeed, ...]] = {}


def _suit_needs(feast: Feast, suits: tuple[str, ...]) -> tuple[CardNeed, ...]:
    key = (feast.code, suits)
    needs = _SUIT_NEEDS.get(key)
    if needs is None:
        needs = _SUIT_NEEDS[key] = suit_cards_for(feast, suits)
    return needs


# --- the catalogue's necessary conditions (R13 columns as data) ---------------------


def catalogue_needs(h: PlayedHand, a: Announcement) -> bool:
    """The catalogue's facts of a made feast: tricks won, cards in the team's tricks,
    cards held at the deal by the team or by its opponents."""
    f, team = a.feast, a.team
    count = h.count[team]
    if (f.all_tricks and count != c.TRICKS) or count < f.min_tricks:
        return False
    for trick in f.tricks:
        if h.winner_side[trick - 1] != team:
            return False
    won = h.won[team]
    for need in f.cards_won:
        if len(need.cards & won) < need.at_least:
            return False
    if f.suits is not SuitParam.NONE:
        for need in _suit_needs(f, a.suits):
            if len(need.cards & won) < need.at_least:
                return False
    held = h.held[team]
    return f.holds <= held and not (f.opponents_hold & held)


# --- R13 conditions -----------------------------------------------------------------


def declared_cards_win(h: PlayedHand, a: Announcement) -> bool:
    """Magnified and flight feasts: each declared magnifier wins its trick, in the
    declared order (R13); a card held by the opponents cannot (R12)."""
    tricks = a.feast.binds_declared
    if len(a.cards) != len(tricks):
        return False
    return all(
        h.wins_with(a.team, trick, (card,))
        for card, trick in zip(a.cards, tricks, strict=True)
    )


def bound_cards_played(h: PlayedHand, a: Announcement) -> bool:
    """Bound tricks and "the five bound-trick cards": each card played BY THE TEAM to
    its trick; it need not win it (the partner's higher card may) (R13)."""
    return all(h.played_by(a.team, card, trick) for card, trick in a.feast.binds)


def bound_cards_win(h: PlayedHand, a: Announcement) -> bool:
    """Stella: XIX wins trick 4, XX 5, XXI 6, SKIZ 7 (R13)."""
    return all(h.wins_with(a.team, trick, (card,)) for card, trick in a.feast.binds)


def wins_a_trick_with(group: Collection[str]) -> Condition:
    """ "Win a trick with" a card of ``group`` (amazon, spadille, manille, harpy…)."""

    def condition(h: PlayedHand, a: Announcement) -> bool:
        return any(h.wins_with(a.team, k, group) for k in _ALL_TRICKS)

    return condition


def wins_tricks_with(tricks: tuple[int, ...], group: Collection[str]) -> Condition:
    """Each of ``tricks`` won with a card of ``group`` (trojka, couleur…)."""

    def condition(h: PlayedHand, a: Announcement) -> bool:
        return all(h.wins_with(a.team, k, group) for k in tricks)

    return condition


def wins_last_three_with_declared_suit(h: PlayedHand, a: Announcement) -> bool:
    """Famille, court: tricks 8, 9, 10 each won by a card of the declared suit."""
    if not a.suits:
        return False
    suit = c.SUIT_CARDS[a.suits[0]]
    return all(h.wins_with(a.team, k, suit) for k in (8, 9, 10))


def wins_four_consecutive_with(group: Collection[str]) -> Condition:
    """Quart, pyramid: four consecutive tricks each won with a card of ``group``."""

    def condition(h: PlayedHand, a: Announcement) -> bool:
        run = 0
        for k in _ALL_TRICKS:
            run = run + 1 if h.wins_with(a.team, k, group) else 0
            if run == 4:
                return True
        return False

    return condition


def wins_a_trick_with_declared_ten(h: PlayedHand, a: Announcement) -> bool:
    """Dschinn: a trick won with the 10 of the declared black suit."""
    return bool(a.suits) and wins_a_trick_with((f"{a.suits[0]}-10",))(h, a)


def marriage_king_and_queen(h: PlayedHand, a: Announcement) -> bool:
    """Marriage: tricks 9 and 10 won with the suit's King and Queen, either order."""
    if not a.suits:
        return False
    pair = {f"{a.suits[0]}-K", f"{a.suits[0]}-Q"}
    return (
        h.winner_side[8] == a.team
        and h.winner_side[9] == a.team
        and {h.winner_card[8], h.winner_card[9]} == pair
    )


def skiz_takes_opponents_mond(h: PlayedHand, a: Announcement) -> bool:
    """Mond capture: the team's SKIZ wins the trick holding the opponents' XXI."""
    return (
        SIDE_OF_SEAT[h.holder[c.SKIZ]] == a.team
        and SIDE_OF_SEAT[h.holder[c.MOND]] != a.team
        and h.trick_of[c.SKIZ] == h.trick_of[c.MOND]
    )


def red_then_black_court_card(h: PlayedHand, a: Announcement) -> bool:
    """Sphinx: a trick won with a red Q/C/V and a LATER trick with a black Q/C/V."""
    red_seen = False
    for k in _ALL_TRICKS:
        if red_seen and h.wins_with(a.team, k, c.BLACK_QCV):
            return True
        red_seen = red_seen or h.wins_with(a.team, k, c.RED_QCV)
    return False


def both_partners_win_late(h: PlayedHand, a: Announcement) -> bool:
    """Royal: each partner wins at least one of tricks 8-10."""
    seats = {h.winner_seat[k - 1] for k in (8, 9, 10) if h.winner_side[k - 1] == a.team}
    return len(seats) == 2


Evaluator = Callable[[PlayedHand, Announcement], bool]


def _rule(*conditions: Condition) -> Evaluator:
    """A feast's evaluator: the catalogue's needs and then its own conditions."""
    checks = (catalogue_needs, *conditions)

    def evaluate(h: PlayedHand, a: Announcement) -> bool:
        return all(check(h, a) for check in checks)

    return evaluate


_SUIT_CARD = frozenset(c.ALL_SUIT_CARDS)
_BIRD = frozenset(c.BIRDS)
_KING = frozenset(c.KINGS)
_LATE = (8, 9, 10)
_LAST_TWO = (9, 10)

_GENERIC: Final[tuple[str, ...]] = (
    # material (R13: the team's tricks hold …), free passes (trick counts), intercepts
    # (every card of the suits), pagat_capture and golgotha (opponents' cards), and the
    # silent premiums (R7) are exactly the catalogue's facts.
    "visi", "lamour", "angel", "honour", "heads", "full_honours",
    "obscure", "lie_in_wait", "four_kings", "silent_mond_capture",
    "play", "cash", "bridge", "octave", "misere", "slam",
    "gang", "quick_one", "red_and_black", "army", "legion",
    "pagat_capture", "golgotha",
)  # fmt: skip
_BOUND_TRICKS = ("piccolo", "town_centre", "centre", "small_bird", "large_bird")
_DECLARED = (  # magnified and flight feasts: the declared magnifiers win their tricks
    "last_day_of_month", "before_end_of_month", "kite", "seize", "turul",
    "pheasant", "falcon", "second_pheasant", "third_pheasant", "fourth_pheasant",
    "habicht",
)  # fmt: skip

EVALUATORS: Final[dict[str, Evaluator]] = {
    **{code: _rule() for code in _GENERIC},
    **{code: _rule(bound_cards_played) for code in _BOUND_TRICKS},
    **{code: _rule(declared_cards_win) for code in _DECLARED},
    "amazon": _rule(wins_a_trick_with(c.BELOW_KING)),
    "schleicher": _rule(wins_tricks_with(_LAST_TWO, _BIRD)),
    "pho_nothing": _rule(wins_tricks_with(_LAST_TWO, _KING)),
    "spadille": _rule(wins_a_trick_with(c.RED_QCV)),
    "manille": _rule(wins_a_trick_with(c.BLACK_QCV)),
    "dschinn": _rule(wins_a_trick_with_declared_ten),
    "marriage": _rule(marriage_king_and_queen),
    "mond_capture": _rule(skiz_takes_opponents_mond),
    "couleur": _rule(wins_tricks_with(_LATE, _SUIT_CARD)),
    "scale": _rule(bound_cards_played),
    "centaur": _rule(skiz_takes_opponents_mond, wins_a_trick_with(c.BELOW_KING)),
    "trojka": _rule(wins_tricks_with(_LATE, _BIRD)),
    "famille": _rule(wins_last_three_with_declared_suit),
    "bethlehem": _rule(wins_tricks_with(_LATE, _KING)),
    "sphinx": _rule(red_then_black_court_card),
    "quart": _rule(wins_four_consecutive_with(_SUIT_CARD)),
    "pyramid": _rule(wins_four_consecutive_with(_BIRD)),
    "spectrum": _rule(bound_cards_played, wins_tricks_with(_LATE, _SUIT_CARD)),
    "stella": _rule(declared_cards_win, bound_cards_win),
    "full": _rule(bound_cards_played, wins_tricks_with(_LATE, _BIRD)),
    "court": _rule(bound_cards_played, wins_last_three_with_declared_suit),
    "grand": _rule(bound_cards_played, wins_tricks_with(_LATE, _KING)),
    "harpy": _rule(wins_a_trick_with(c.BELOW_KING)),
    "gloria": _rule(wins_tricks_with(_LATE, _SUIT_CARD)),
    "triumph": _rule(wins_tricks_with(_LATE, _BIRD)),
    "royal": _rule(wins_tricks_with(_LATE, _BIRD), both_partners_win_late),
}
"""R13 (and R7 for the silent premiums): code -> does the team make it."""


# --- messages (R6, R13): true statements about the announcer's hand -----------------

MessageCheck = Callable[[list[str], Announcement], "str | None"]


def _suit_count(hand: list[str], a: Announcement) -> str | None:
    if not a.suits:
        return _("no suit declared")
    suit = a.suits[0]
    held = sum(1 for card in hand if card in c.SUIT_CARDS[suit])
    size = len(c.SUIT_CARDS[suit])
    if not SUIT_COUNT_MIN <= held < size:
        return _("holds {held} of the {size} {suit}: needs 2 but not all").format(
            held=held, size=size, suit=_(c.SUIT_NAMES[suit])
        )
    if a.count != held:
        return _("holds {held} {suit}, not {count}").format(
            held=held, suit=_(c.SUIT_NAMES[suit]), count=a.count
        )
    return None


def _trumps_count(hand: list[str], a: Announcement) -> str | None:
    held = c.trumps_in(hand)
    if held < TRUMPS_COUNT_MIN:
        return _("holds {held} trumps: needs at least 8").format(held=held)
    if a.count != held:
        return _("holds {held} trumps, not {count}").format(held=held, count=a.count)
    return None


def _birds(hand: list[str], a: Announcement) -> str | None:
    return None if any(card in _BIRD for card in hand) else _("holds no Bird")


def _flush(hand: list[str], a: Announcement) -> str | None:
    cards = set(hand)
    if any(set(c.SUIT_CARDS[suit]) <= cards for suit in c.SUITS):
        return None
    return _("holds no complete suit")


def _four_of_a_kind(hand: list[str], a: Announcement) -> str | None:
    cards = set(hand)
    for rank in c.COMMON_RANKS:
        if all(f"{suit}-{rank}" in cards for suit in c.SUITS):
            return None
    return _("holds no four cards of one rank (K, Q, C or V)")


MESSAGE_CHECKS: Final[dict[str, MessageCheck]] = {
    "suit_count": _suit_count,
    "trumps_count": _trumps_count,
    "birds": _birds,
    "flush": _flush,
    "four_of_a_kind": _four_of_a_kind,
}
"""R13 messages: code -> why the statement is untrue of the hand (None when true)."""

assert set(EVALUATORS) | set(MESSAGE_CHECKS) == set(FEASTS), "every R13 row judged"


def message_problem(h: PlayedHand, a: Announcement) -> str | None:
    """Why a message is not true of the announcer's hand at the deal, or None (R6)."""
    return MESSAGE_CHECKS[a.feast.code](h.deal[a.seat], a)


def is_made(h: PlayedHand, a: Announcement) -> bool:
    """Whether an announced (non-message) feast is made, from the tricks (R13)."""
    return EVALUATORS[a.feast.code](h, a)


_SILENT_CLAIMS: Final[dict[Side, tuple[Announcement, ...]]] = {
    side: tuple(Announcement(-1, FEASTS[code], side, "driver") for code in SILENT)
    for side in SIDES
}


def silent_achieved(h: PlayedHand, side: Side) -> tuple[str, ...]:
    """R7: the silent premiums ``side`` achieved, in catalogue order, before
    suppression by the team's own announcements (the caller applies that)."""
    return tuple(
        claim.feast.code
        for claim in _SILENT_CLAIMS[side]
        if EVALUATORS[claim.feast.code](h, claim)
    )
