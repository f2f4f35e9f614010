"""Play records: the deal (R4, checked by :mod:`.deal`), every card's legality (R2, R12
binding) and what the engine derives from them (R5 facts, R2 tricks, R7 silent
premiums, R13 outcomes).

The single entry point is :func:`analyse_play`. It reads the raw JSON ``deal`` and
``play`` of a hand record, adds an error for every problem found and, when the deal
and the play are legal, returns the :class:`~scoring.engine.sheet.PlayFacts`.

Every problem is added to the error list with its code: the codes of the deal and the
play, and the paths they point at, are listed and explained in
:class:`~scoring.engine.codes.ErrorCode` (tricks and cards count from 0 in paths, from
1 in messages).

After ``card_not_in_hand`` or ``card_played_twice`` the hands no longer match the play,
so the rest of that trick is checked and later tricks are not (their errors would be
consequences). Follow-suit and binding errors do not stop the checking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from . import cards as c
from .codes import ErrorCode
from .deal import check_deal
from .errors import Errors, pointer, quote
from .i18n import _
from .judge import PlayedHand, is_made, message_problem, silent_achieved
from .sheet import (
    FIRST_LEADER,
    PLAY_ORDER,
    SEATS,
    SIDE_OF_SEAT,
    SIDES,
    Announcement,
    PlayFacts,
    Side,
    TeamFacts,
)

TRUMP: Final = "T"
# Per-card data, computed once: the suit ("T" for trumps) and the power in a trick.
SUIT: Final[dict[str, str]] = {card: c.suit_of(card) or TRUMP for card in c.ALL_CARDS}
POWER: Final[dict[str, int]] = {
    **{card: 100 + c.TRUMP_STRENGTH[card] for card in c.TRUMPS},
    **{card: c.RANK_STRENGTH[card[2:]] for card in c.ALL_SUIT_CARDS},
}
_ORDER_INDEX: Final[dict[str, int]] = {seat: i for i, seat in enumerate(PLAY_ORDER)}
_ALL: Final[frozenset[str]] = c.CARD_SET


def analyse_play(
    deal: object,
    play: object,
    announcements: Sequence[Announcement],
    errors: Errors,
) -> PlayFacts | None:
    """Check a deal and its play and derive the hand's facts from them.

    Returns None when the deal or the play is invalid (every problem added to
    ``errors``). A message that is untrue of its announcer's hand adds
    ``message_untrue`` and is ``made = False``; the facts are still returned.
    """
    hands = check_deal(deal, errors)
    tricks = _check_shape(play, errors)
    if hands is None or tricks is None:
        if hands is not None and isinstance(play, list):
            # The deal is good: check the well-formed tricks before the first bad one.
            _check_cards(hands, _well_formed_prefix(play), announcements, errors)
        return None
    hand = _check_cards(hands, tricks, announcements, errors)
    if hand is None:
        return None
    return _derive(hand, announcements, errors)


# --- R2: the shape of the play ------------------------------------------------------


def _trick_ok(trick: object) -> bool:
    return (
        isinstance(trick, list)
        and len(trick) == 4
        and all(isinstance(card, str) and card in _ALL for card in trick)
    )


def _well_formed_prefix(play: list[object]) -> list[list[str]]:
    prefix: list[list[str]] = []
    for trick in play[: c.TRICKS]:
        if not _trick_ok(trick):
            break
        assert isinstance(trick, list)
        prefix.append(trick)
    return prefix


def _check_shape(play: object, errors: Errors) -> list[list[str]] | None:
    if not isinstance(play, list):
        errors.add(
            ErrorCode.PLAY_SHAPE,
            "/play",
            _("the play must be a list of 10 tricks: {value}").format(
                value=quote(play)
            ),
        )
        return None
    ok = True
    if len(play) != c.TRICKS:
        errors.add(
            ErrorCode.PLAY_SHAPE,
            "/play",
            _("the play has {count} tricks, not 10").format(count=len(play)),
        )
        ok = False
    for t, trick in enumerate(play[: c.TRICKS]):  # of more, the rest cannot count
        if not isinstance(trick, list) or len(trick) != 4:
            errors.add(
                ErrorCode.PLAY_SHAPE,
                pointer("play", t),
                _("trick {trick} must be a list of 4 cards, not {value}").format(
                    trick=t + 1, value=quote(trick)
                ),
            )
            ok = False
            continue
        for i, card in enumerate(trick):
            if not isinstance(card, str) or card not in _ALL:
                errors.add(
                    ErrorCode.UNKNOWN_CARD,
                    pointer("play", t, i),
                    _("trick {trick}: {value} is not a card (R1)").format(
                        trick=t + 1, value=quote(card)
                    ),
                )
                ok = False
    return play if ok else None


# --- R2 and R12: every card ---------------------------------------------------------


def _bound_cards(
    holder: dict[str, str], announcements: Sequence[Announcement]
) -> dict[str, dict[str, int]]:
    """Seat -> {card: trick}: R12 binds only the cards the announcing team holds."""
    bound: dict[str, dict[str, int]] = {seat: {} for seat in SEATS}
    for a in announcements:
        for card, trick in a.bindings():
            seat = holder.get(card)
            if seat is not None and SIDE_OF_SEAT[seat] == a.team:
                mine = bound[seat]
                if card not in mine or trick < mine[card]:
                    mine[card] = trick
    return bound


@dataclass(slots=True)
class _Table:
    """The play in progress: what each seat still holds (R2) and its bound cards (R12)."""

    holder: dict[str, str]  # card -> seat it was dealt to
    hands: dict[str, set[str]]  # seat -> the cards it still holds
    counts: dict[str, dict[str, int]]  # seat -> suit ("T" for trumps) -> cards held
    bound: dict[str, dict[str, int]]  # seat -> {card: the trick it is bound to}
    due_at: dict[str, dict[int, list[str]]]  # seat -> trick -> its cards bound to it
    played: set[str]


def _table(deal: dict[str, list[str]], announcements: Sequence[Announcement]) -> _Table:
    holder = {card: seat for seat, cards in deal.items() for card in cards}
    bound = _bound_cards(holder, announcements)
    due_at: dict[str, dict[int, list[str]]] = {seat: {} for seat in SEATS}
    for seat, mine in bound.items():
        for card, k in mine.items():
            due_at[seat].setdefault(k, []).append(card)
    counts: dict[str, dict[str, int]] = {
        seat: dict.fromkeys((*c.SUITS, TRUMP), 0) for seat in SEATS
    }
    for seat, cards in deal.items():
        for card in cards:
            counts[seat][SUIT[card]] += 1
    hands = {seat: set(cards) for seat, cards in deal.items()}
    return _Table(holder, hands, counts, bound, due_at, set())


def _check_cards(
    deal: dict[str, list[str]],
    tricks: Sequence[Sequence[str]],
    announcements: Sequence[Announcement],
    errors: Errors,
) -> PlayedHand | None:
    """Play the tricks card by card (R2, R12); the judged hand when all are legal."""
    table = _table(deal, announcements)
    before = len(errors)
    leader = FIRST_LEADER
    winner_card: list[str] = []
    winner_seat: list[str] = []
    for t, trick in enumerate(tricks):
        start = _ORDER_INDEX[leader]
        led = SUIT[trick[0]]
        in_sync = True
        for i, card in enumerate(trick):
            seat = PLAY_ORDER[(start + i) % 4]
            in_sync = _play_card(table, t, i, seat, card, led, errors) and in_sync
        if not in_sync:
            return None  # the hands no longer match the play: stop (see docstring)
        best = _winner(trick, led)
        leader = PLAY_ORDER[(start + best) % 4]
        winner_card.append(trick[best])
        winner_seat.append(leader)
    if len(errors) != before or len(tricks) != c.TRICKS:
        return None
    return _played_hand(deal, table.holder, tricks, winner_card, winner_seat)


def _play_card(
    table: _Table, t: int, i: int, seat: str, card: str, led: str, errors: Errors
) -> bool:
    """Card ``i`` of trick ``t`` (from 0), played by ``seat`` (R2, R12); False when
    ``seat`` does not hold it, so the hands no longer match the play."""
    n = t + 1
    hand = table.hands[seat]
    if card not in hand:
        _report_not_held(table, t, i, seat, card, errors)
        table.played.add(card)
        return False
    suit = SUIT[card]
    count = table.counts[seat]
    if i and suit != led and count[led]:
        errors.add(
            ErrorCode.REVOKE,
            pointer("play", t, i),
            _(
                "trick {trick}, {seat}: {card} played but {seat} holds {suit}, "
                "which were led, and must follow suit (R2)"
            ).format(trick=n, seat=seat, card=card, suit=_suit_name(led)),
        )
    elif i and suit != led and suit != TRUMP and count[TRUMP]:
        errors.add(
            ErrorCode.MUST_TRUMP,
            pointer("play", t, i),
            _(
                "trick {trick}, {seat}: {card} played but {seat}, void in "
                "{suit}, holds a trump and must play one (R2)"
            ).format(trick=n, seat=seat, card=card, suit=_suit_name(led)),
        )
    elif table.bound[seat]:
        mine = table.bound[seat]
        own = mine.get(card, 0)
        due = table.due_at[seat].get(n, ())
        if own > n or (own != n and any(x in hand for x in due)):
            lead = led if i else None
            path = pointer("play", t, i)
            _check_binding(n, seat, card, hand, count, lead, mine, path, errors)
    hand.discard(card)
    count[suit] -= 1
    table.played.add(card)
    return True


def _report_not_held(
    table: _Table, t: int, i: int, seat: str, card: str, errors: Errors
) -> None:
    n = t + 1
    if card in table.played:
        errors.add(
            ErrorCode.CARD_PLAYED_TWICE,
            pointer("play", t, i),
            _("trick {trick}, {seat}: {card} was already played").format(
                trick=n, seat=seat, card=card
            ),
        )
        return
    turn = (
        _("{seat} leads trick {trick}") if i == 0 else _("it is {seat}'s turn")
    ).format(seat=seat, trick=n)
    errors.add(
        ErrorCode.CARD_NOT_IN_HAND,
        pointer("play", t, i),
        _(
            "trick {trick}, {seat}: {card} is not in {seat}'s hand "
            "({turn}; {card} was dealt to {holder}) (R2)"
        ).format(trick=n, seat=seat, card=card, turn=turn, holder=table.holder[card]),
    )


def _played_hand(
    deal: dict[str, list[str]],
    holder: dict[str, str],
    tricks: Sequence[Sequence[str]],
    winner_card: list[str],
    winner_seat: list[str],
) -> PlayedHand:
    """A legal deal and play, indexed for judging (R13)."""
    winner_side = tuple(SIDE_OF_SEAT[seat] for seat in winner_seat)
    won: dict[Side, set[str]] = {"attack": set(), "defence": set()}
    trick_of: dict[str, int] = {}
    for t, trick in enumerate(tricks):
        won[winner_side[t]].update(trick)
        for card in trick:
            trick_of[card] = t + 1
    held: dict[Side, frozenset[str]] = {side: frozenset() for side in SIDES}
    for seat, cards in deal.items():
        side = SIDE_OF_SEAT[seat]
        held[side] = held[side].union(cards)
    attack_tricks = winner_side.count("attack")
    return PlayedHand(
        deal=deal,
        holder=holder,
        held=held,
        tricks=tuple(tuple(trick) for trick in tricks),
        winner_card=tuple(winner_card),
        winner_seat=tuple(winner_seat),
        winner_side=winner_side,
        trick_of=trick_of,
        won={side: frozenset(cards) for side, cards in won.items()},
        count={"attack": attack_tricks, "defence": c.TRICKS - attack_tricks},
    )


def _suit_name(suit: str) -> str:
    """The translated name of a suit led, for a message."""
    return _("trumps") if suit == TRUMP else _(c.SUIT_NAMES[suit])


def _is_legal(card: str, led: str | None, count: dict[str, int]) -> bool:
    """R2 for one card of a hand whose suit counts are ``count``."""
    if led is None:
        return True
    suit = SUIT[card]
    if suit == led or not count[led]:
        return suit in (led, TRUMP) or not count[TRUMP]
    return False


def _check_binding(
    n: int,
    seat: str,
    card: str,
    hand: set[str],
    count: dict[str, int],
    led: str | None,
    bound: dict[str, int],
    path: str,
    errors: Errors,
) -> None:
    """R12 binding for a card that is legal by R2, played to trick ``n``.

    A binding is in force up to its trick: a card not legal at its trick is free after.
    """
    legal = [other for other in hand if _is_legal(other, led, count)]
    due = sorted(other for other in legal if bound.get(other) == n)
    if due and card not in due:
        errors.add(
            ErrorCode.BOUND_CARD_WITHHELD,
            path,
            _(
                "trick {trick}, {seat}: {card} played but {bound} is bound to trick "
                "{trick} and could be played to it (R12)"
            ).format(trick=n, seat=seat, card=card, bound=due[0]),
        )
        return
    own = bound.get(card, 0)
    if own > n and any(other != card and bound.get(other, 0) <= n for other in legal):
        errors.add(
            ErrorCode.BOUND_CARD_EARLY,
            path,
            _(
                "trick {trick}, {seat}: {card} is bound to trick {own} and may not be "
                "played before it while {seat} holds another legal card (R12)"
            ).format(trick=n, seat=seat, card=card, own=own),
        )


def _winner(trick: Sequence[str], led: str) -> int:
    """R2: the highest trump wins, else the highest card of the suit led."""
    best, top = 0, POWER[trick[0]]
    for i in range(1, 4):
        card = trick[i]
        suit = SUIT[card]
        if suit in (TRUMP, led):
            power = POWER[card]
            if power > top:
                best, top = i, power
    return best


# --- what the play decides ----------------------------------------------------------


def _derive(
    hand: PlayedHand, announcements: Sequence[Announcement], errors: Errors
) -> PlayFacts:
    made: list[bool] = []
    for a in announcements:
        if a.feast.is_message:
            problem = message_problem(hand, a)
            if problem is not None:
                errors.add(
                    ErrorCode.MESSAGE_UNTRUE,
                    pointer("announcements", a.index),
                    _(
                        "{feast} by {seat} is not true of {seat}'s hand: {reason} "
                        "(R6, R13)"
                    ).format(feast=_(a.feast.name), seat=a.seat, reason=problem),
                )
            made.append(problem is None)
        else:
            made.append(is_made(hand, a))
    return PlayFacts(
        facts={side: _team_facts(hand.held[side]) for side in SIDES},
        tricks_attack=hand.count["attack"],
        silent={side: silent_achieved(hand, side) for side in SIDES},
        made=tuple(made),
    )


def _team_facts(held: frozenset[str]) -> TeamFacts:
    """R5: the consolation facts of the two partners' hands together."""
    return TeamFacts(
        trumps=len(held & c.TRUMP_SET),
        honours=sum(1 for card in c.HONOURS if card in held),
        middle=tuple(card for card in c.MIDDLE if card in held),
    )
