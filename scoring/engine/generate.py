"""Seeded random deals, legal plays and complete play records (tests, benchmark, demo).

Everything is drawn from a caller's ``random.Random`` so a seed reproduces a hand.
The play here is chosen independently of :mod:`scoring.engine.play` (it uses
:func:`scoring.engine.cards.legal_cards` and :func:`~scoring.engine.cards.trick_winner`),
so tests that feed generated plays to the checker compare two implementations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from . import cards as c
from .catalogue import (
    ANNOUNCEABLE,
    FEASTS,
    SUIT_COUNT_MIN,
    TRUMPS_COUNT_MIN,
    Feast,
    SuitParam,
)
from .errors import Errors
from .parse import HAND_FORMAT
from .sheet import (
    FIRST_LEADER,
    PLAY_ORDER,
    ROLES,
    SEAT_OF,
    SEATS,
    SIDE_OF_SEAT,
    SIDES,
    Announcement,
    Contra,
    Role,
    Side,
    other,
)

_SHUFFLED = tuple(card for card in c.ALL_CARDS if card not in c.DEALT_TO)
_FIXED = {
    seat: [card for card, to in c.DEALT_TO.items() if to == seat] for seat in SEATS
}
_ORDER = {card: i for i, card in enumerate(c.ALL_CARDS)}


def random_deal(rng: random.Random) -> dict[str, list[str]]:
    """R4: ten cards each, the cards of ``DEALT_TO`` to their seats (XX to the attack
    driver, XIX to the attack catcher); dealt again until every player holds at least
    3 trumps (R3: a re-deal is no hand)."""
    while True:
        cards = list(_SHUFFLED)
        rng.shuffle(cards)
        deal: dict[str, list[str]] = {}
        for seat in SEATS:
            take = c.HAND_SIZE - len(_FIXED[seat])
            deal[seat], cards = _FIXED[seat] + cards[:take], cards[take:]
        if all(c.trumps_in(h) >= c.MIN_TRUMPS for h in deal.values()):
            return {seat: sorted(h, key=_ORDER.__getitem__) for seat, h in deal.items()}


def announcement_from_json(index: int, data: Mapping[str, Any]) -> Announcement:
    """An :class:`Announcement` from a well-formed announcement dict (as generated)."""
    contra = data.get("contra")
    return Announcement(
        index=index,
        feast=FEASTS[data["feast"]],
        team=data["team"],
        by=data["by"],
        cards=tuple(data.get("cards", ())),
        suits=tuple(data.get("suits", ())),
        count=data.get("count"),
        made=data.get("made"),
        contra=Contra(contra["team"], contra["by"]) if contra else None,
    )


def random_play(
    rng: random.Random,
    deal: Mapping[str, Sequence[str]],
    announcements: Sequence[Announcement | Mapping[str, Any]] = (),
) -> list[list[str]]:
    """Ten tricks of random legal cards: R2 (lead, order, follow suit, trump) and R12
    (the announcing team's bound cards kept for, and played to, their tricks)."""
    anns = [
        a if isinstance(a, Announcement) else announcement_from_json(i, a)
        for i, a in enumerate(announcements)
    ]
    holder = {card: seat for seat, h in deal.items() for card in h}
    bound: dict[str, dict[str, int]] = {seat: {} for seat in SEATS}
    for a in anns:
        for card, bound_to in a.bindings():
            seat = holder.get(card)
            if seat is not None and SIDE_OF_SEAT[seat] == a.team:
                bound[seat][card] = min(bound_to, bound[seat].get(card, bound_to))
    hands = {seat: list(h) for seat, h in deal.items()}
    leader = FIRST_LEADER
    play: list[list[str]] = []
    for n in range(1, c.TRICKS + 1):
        start = PLAY_ORDER.index(leader)
        seats = [PLAY_ORDER[(start + i) % 4] for i in range(4)]
        trick: list[str] = []
        for seat in seats:
            legal = c.legal_cards(hands[seat], trick[0] if trick else None)
            mine = bound[seat]
            due = [card for card in legal if mine.get(card) == n]
            free = [card for card in legal if mine.get(card, 0) <= n]
            card = rng.choice(due or free or legal)
            hands[seat].remove(card)
            trick.append(card)
        play.append(trick)
        leader = seats[c.trick_winner(trick)]
    return play


# --- announcements obeying R12 -------------------------------------------------------


def _message(
    rng: random.Random, feast: Feast, hand: Sequence[str]
) -> dict[str, Any] | None:
    """The parameters of a true message about ``hand``, or None if it would be untrue."""
    cards = set(hand)
    trumps = c.trumps_in(hand)
    if feast.code == "suit_count":
        options = [
            (suit, n)
            for suit in c.SUITS
            if SUIT_COUNT_MIN
            <= (n := len(cards & set(c.SUIT_CARDS[suit])))
            < len(c.SUIT_CARDS[suit])
        ]
        if not options:
            return None
        suit, n = rng.choice(options)
        return {"suits": [suit], "count": n}
    if feast.code == "trumps_count":
        return {"count": trumps} if trumps >= TRUMPS_COUNT_MIN else None
    if feast.code == "birds":
        return {} if cards & set(c.BIRDS) else None
    if feast.code == "flush":
        full = any(set(c.SUIT_CARDS[s]) <= cards for s in c.SUITS)
        return {} if full else None
    quads = any(all(f"{s}-{r}" in cards for s in c.SUITS) for r in c.COMMON_RANKS)
    return {} if quads else None


def _suits(rng: random.Random, param: SuitParam) -> list[str]:
    if param is SuitParam.ANY:
        return [rng.choice(c.SUITS)]
    if param is SuitParam.BLACK:
        return [rng.choice(c.BLACK_SUITS)]
    pair = [rng.choice(c.RED_SUITS), rng.choice(c.BLACK_SUITS)]
    rng.shuffle(pair)  # the order of red_and_black's suits is free
    return pair


def random_announcements(
    rng: random.Random, deal: Mapping[str, Sequence[str]], n: int = 5
) -> list[dict[str, Any]]:
    """About ``n`` final-level announcements that R12 allows together: one level per
    chain, at most one trophy, one flight and one intercept feast per team, declared
    magnifiers held by the team, no card bound to two tricks by one team, no repeated
    announcement (messages apart, and only true ones), legal contras (R8)."""
    chosen: list[dict[str, Any]] = []
    chains: dict[Side, set[tuple[str, str]]] = {side: set() for side in SIDES}
    trophy = dict.fromkeys(SIDES, False)
    binding: dict[Side, dict[str, int]] = {side: {} for side in SIDES}
    keys: set[tuple[Any, ...]] = set()
    for _ in range(n * 20):
        if len(chosen) >= n:
            break
        feast = FEASTS[rng.choice(ANNOUNCEABLE)]
        team: Side = rng.choice(SIDES)
        by: Role = rng.choice(ROLES)
        seat = SEAT_OF[(team, by)]
        entry: dict[str, Any] = {"feast": feast.code, "team": team, "by": by}
        if feast.is_message:
            params = _message(rng, feast, deal[seat])
            if params is None:
                continue
            entry.update(params)
        if feast.declared_cards:
            held = sorted(
                card
                for s in SEATS
                if SIDE_OF_SEAT[s] == team
                for card in deal[s]
                if card in c.MAGNIFIERS
            )
            if len(held) < feast.declared_cards:
                continue
            entry["cards"] = rng.sample(held, feast.declared_cards)
        if feast.suits is not SuitParam.NONE and not feast.is_message:
            entry["suits"] = _suits(rng, feast.suits)
        chain = None
        if feast.chain is not None:
            chain = (feast.chain, entry["cards"][0] if feast.chain_per_card else "")
            if chain in chains[team]:
                continue
        if feast.is_trophy and trophy[team]:
            continue
        binds = list(zip(entry.get("cards", ()), feast.binds_declared, strict=False))
        binds += list(feast.binds)
        if any(binding[team].get(card, trick) != trick for card, trick in binds):
            continue
        # R12: no repeated announcement; a message only repeats by another player or
        # for another suit.
        key = (
            team,
            by if feast.is_message else "",
            feast.code,
            tuple(entry.get("cards", ())),
            tuple(sorted(entry.get("suits", ()))),
        )
        if key in keys:
            continue
        keys.add(key)
        if chain is not None:
            chains[team].add(chain)
        trophy[team] = trophy[team] or feast.is_trophy
        for card, trick in binds:
            binding[team][card] = trick
        if feast.can_contra and rng.random() < 0.25:
            # R8: an opponent, or the announcer's partner; never the announcer.
            callers = [(other(team), role) for role in ROLES]
            callers.append((team, "catcher" if by == "driver" else "driver"))
            side, role = rng.choice(callers)
            entry["contra"] = {"team": side, "by": role}
        chosen.append(entry)
    return chosen


def random_play_record(
    rng: random.Random, n_announcements: int = 5, *, with_made: bool = True
) -> dict[str, Any]:
    """A complete, valid hand record in play-record form (HAND_RECORD.md).

    ``with_made`` writes each announcement's ``made`` as the engine judges it from the
    play; without it ``made`` is left out and the engine decides it.
    """
    from .play import analyse_play  # here, so that play.py never depends on this

    deal = random_deal(rng)
    announcements = random_announcements(rng, deal, n_announcements)
    play = random_play(rng, deal, announcements)
    if with_made:
        anns = [announcement_from_json(i, a) for i, a in enumerate(announcements)]
        facts = analyse_play(deal, play, anns, Errors())
        assert facts is not None, "the generator plays legal cards only"
        for entry, made in zip(announcements, facts.made, strict=True):
            entry["made"] = made
    return {
        "format": HAND_FORMAT,
        "deal": deal,
        "play": play,
        "announcements": announcements,
    }
