"""The deal of a play record (R4): ten distinct cards to each seat, every player with at
least 3 trumps, XIX and XX in their seats' hands (the facts are in :mod:`.cards`).

:func:`check_deal` reads the raw JSON ``deal`` and adds an error for every problem;
the codes and the paths they point at are explained in
:class:`~scoring.engine.codes.ErrorCode`.
"""

from __future__ import annotations

from typing import Final

from . import cards as c
from .codes import ErrorCode
from .errors import Errors, pointer, quote
from .i18n import _, gettext_noop
from .sheet import SEATS

_SEAT_NAMES: Final[dict[str, str]] = {
    "AD": gettext_noop("the attack driver"),
    "AC": gettext_noop("the attack catcher"),
    "DD": gettext_noop("the defence driver"),
    "DC": gettext_noop("the defence catcher"),
}
# R4: the code of a card of c.DEALT_TO dealt to another seat.
_DEALT_ELSEWHERE: Final[dict[str, ErrorCode]] = {
    "XIX": ErrorCode.XIX_NOT_ATTACK_CATCHER,
    "XX": ErrorCode.XX_NOT_ATTACK_DRIVER,
}
assert _DEALT_ELSEWHERE.keys() == c.DEALT_TO.keys(), "a code for every R4 card"

Dealt = dict[str, tuple[str, int]]  # card -> (seat, index) where it was dealt


def check_deal(deal: object, errors: Errors) -> dict[str, list[str]] | None:
    """The four hands when the deal obeys R4; None (every problem added) when not."""
    before = len(errors)
    if not isinstance(deal, dict):
        errors.add(
            ErrorCode.DEAL_KEYS,
            "/deal",
            _(
                "the deal must be an object with the seats AD, AC, DD, DC, not {value}"
            ).format(value=quote(deal)),
        )
        return None
    for key in deal:
        if key not in SEATS:
            errors.add(
                ErrorCode.DEAL_KEYS,
                pointer("deal", key),
                _("unknown seat {seat} in the deal (R2: AD, AC, DD, DC)").format(
                    seat=quote(key)
                ),
            )
    where: Dealt = {}
    hands: dict[str, list[str]] = {}
    complete = True
    for seat in SEATS:
        if seat not in deal:
            errors.add(
                ErrorCode.DEAL_KEYS,
                "/deal",
                _("the deal has no hand for {seat}").format(seat=seat),
            )
            complete = False
        elif not isinstance(deal[seat], list):
            errors.add(
                ErrorCode.DEAL_SIZE,
                pointer("deal", seat),
                _("{seat}'s hand must be a list of 10 cards, not {value}").format(
                    seat=seat, value=quote(deal[seat])
                ),
            )
            complete = False
        else:
            hands[seat] = _check_hand(seat, deal[seat], where, errors)
    if complete:
        _check_every_card_dealt(where, errors)
    _check_fixed_cards(where, errors)
    return hands if len(errors) == before else None


def _check_hand(
    seat: str, cards: list[object], where: Dealt, errors: Errors
) -> list[str]:
    """One seat's hand: ten cards of R1, none dealt before, at least 3 trumps (R4)."""
    if len(cards) != c.HAND_SIZE:
        errors.add(
            ErrorCode.DEAL_SIZE,
            pointer("deal", seat),
            _("{seat} holds {count} cards, not 10 (R4)").format(
                seat=seat, count=len(cards)
            ),
        )
    hand: list[str] = []
    # Of more than ten cards only ten are read: a seat holds ten (R4).
    for i, card in enumerate(cards[: c.HAND_SIZE]):
        if not isinstance(card, str) or card not in c.CARD_SET:
            errors.add(
                ErrorCode.UNKNOWN_CARD,
                pointer("deal", seat, i),
                _("{value} is not a card (R1)").format(value=quote(card)),
            )
        elif card in where:
            first = where[card]
            errors.add(
                ErrorCode.DUPLICATE_CARD,
                pointer("deal", seat, i),
                _("{card} is dealt twice (also {seat}'s card {position})").format(
                    card=card, seat=first[0], position=first[1] + 1
                ),
            )
        else:
            where[card] = (seat, i)
            hand.append(card)
    trumps = c.trumps_in(hand)
    if len(cards) == c.HAND_SIZE and trumps < c.MIN_TRUMPS:
        errors.add(
            ErrorCode.TOO_FEW_TRUMPS,
            pointer("deal", seat),
            _("{seat} holds {count} trumps: every player holds at least 3 (R4)").format(
                seat=seat, count=trumps
            ),
        )
    return hand


def _check_every_card_dealt(where: Dealt, errors: Errors) -> None:
    for card in c.ALL_CARDS:
        if card not in where:
            errors.add(
                ErrorCode.MISSING_CARD,
                "/deal",
                _("{card} is in no hand (R4)").format(card=card),
            )


def _check_fixed_cards(where: Dealt, errors: Errors) -> None:
    """R4: XIX in the attack catcher's hand, XX in the attack driver's."""
    for card, seat in c.DEALT_TO.items():
        if card in where and where[card][0] != seat:
            at = where[card]
            errors.add(
                _DEALT_ELSEWHERE[card],
                pointer("deal", *at),
                _(
                    "{card} is dealt to {seat}: it belongs in {player}'s hand, {own} (R4)"
                ).format(card=card, seat=at[0], player=_(_SEAT_NAMES[seat]), own=seat),
            )
