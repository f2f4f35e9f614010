"""Outcomes a hand record cannot have (R13): what each made feast and scored silent
premium needs - tricks, cards in the team's tricks, cards held at the deal - held
against the tricks won, against the other team's outcomes and against R4 and R5.

Each check appends every problem it finds to an :class:`Errors` list; none stops early.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import cards as c
from .catalogue import FEASTS, CardNeed, Feast, suit_cards_for, tricks_for
from .codes import ErrorCode
from .errors import Errors, pointer
from .i18n import _
from .labels import feast_label, path_of, side_name
from .sheet import SIDE_OF_SEAT, SIDES, Announcement, Side, TeamFacts, other


@dataclass(frozen=True, slots=True)
class Need:
    """What one made feast or scored silent premium needs of its team."""

    feast: Feast
    tricks: frozenset[int]
    count: int
    cards: tuple[CardNeed, ...]
    holds: frozenset[str]
    announcement: Announcement | None = None
    silent_at: tuple[Side, int] | None = None  # (team, position) in the silent list

    @property
    def label(self) -> str:
        """The translated name for a message (with declared cards or suits)."""
        if self.announcement is None:
            return _(self.feast.name)
        return feast_label(self.announcement)

    @property
    def path(self) -> str:
        if self.announcement is not None:
            return path_of(self.announcement, "made")
        assert self.silent_at is not None
        return pointer("silent", *self.silent_at)


def _need(
    feast: Feast, a: Announcement | None, silent_at: tuple[Side, int] | None = None
) -> Need:
    cards = feast.cards_won
    holds = feast.holds
    if a is not None:
        cards = cards + suit_cards_for(feast, a.suits)
        if a.cards:  # declared magnifiers win their tricks, so the team held them
            cards = cards + tuple(CardNeed(frozenset({x}), 1) for x in a.cards)
            holds = holds | frozenset(a.cards)
    count = max(feast.needed_tricks, tricks_for(cards))
    return Need(feast, feast.tricks, count, cards, holds, a, silent_at)


def _needs(
    announcements: Sequence[Announcement], silent: dict[Side, tuple[str, ...]]
) -> dict[Side, list[Need]]:
    needs: dict[Side, list[Need]] = {side: [] for side in SIDES}
    for a in announcements:
        if a.made and not a.feast.is_message:
            needs[a.team].append(_need(a.feast, a))
    for side in SIDES:
        for i, code in enumerate(silent.get(side, ())):
            needs[side].append(_need(FEASTS[code], None, (side, i)))
    return needs


def check_outcomes(
    announcements: Sequence[Announcement],
    silent: dict[Side, tuple[str, ...]],
    facts: dict[Side, TeamFacts],
    tricks_attack: int | None,
    errors: Errors,
) -> None:
    """Outcomes that the tricks or the other team's outcomes make impossible (R13)."""
    needs = _needs(announcements, silent)
    if tricks_attack is not None:
        won: dict[Side, int] = {
            "attack": tricks_attack,
            "defence": c.TRICKS - tricks_attack,
        }
        _check_tricks(announcements, needs, won, errors)
    _check_across(needs, errors)
    if len(facts) == 2:
        _check_holdings(needs, facts, errors)


def _check_tricks(
    announcements: Sequence[Announcement],
    needs: dict[Side, list[Need]],
    won: dict[Side, int],
    errors: Errors,
) -> None:
    for side in SIDES:
        for need in needs[side]:
            if need.count > won[side]:
                errors.add(
                    ErrorCode.TOO_FEW_TRICKS,
                    need.path,
                    (
                        _(
                            "{feast} needs at least {count} tricks; the {side} won {won} (R13)."
                        )
                        if need.count > 1
                        else _(
                            "{feast} needs at least {count} trick; the {side} won {won} "
                            "(R13)."
                        )
                    ).format(
                        feast=need.label,
                        count=need.count,
                        side=side_name(side),
                        won=won[side],
                    ),
                )
    for a in announcements:
        threshold = a.feast.min_tricks
        if (
            a.feast.chain == "free_pass"
            and a.made is False
            and won[a.team] >= threshold
        ):
            errors.add(
                ErrorCode.FREE_PASS_OUTCOME,
                path_of(a, "made"),
                _(
                    "{feast} is made with {count} tricks; the {side} won {won}, so it "
                    "cannot have failed (R13)."
                ).format(
                    feast=_(a.feast.name),
                    count=threshold,
                    side=side_name(a.team),
                    won=won[a.team],
                ),
            )


def _conflict(first: Need, second: Need, why: str, errors: Errors) -> None:
    errors.add(
        ErrorCode.CONFLICTING_OUTCOMES,
        second.path,
        _(
            "The attack's {first} and the defence's {second} cannot both succeed: "
            "{reason} (R13)."
        ).format(first=first.label, second=second.label, reason=why),
    )


def _check_across(needs: dict[Side, list[Need]], errors: Errors) -> None:
    for first in needs["attack"]:
        for second in needs["defence"]:
            shared = sorted(first.tricks & second.tricks)
            if shared:
                why = _("both need to win trick {trick}").format(trick=shared[0])
                _conflict(first, second, why, errors)
                continue
            if first.count + second.count > c.TRICKS:
                why = _("together they need {count} of the 10 tricks").format(
                    count=first.count + second.count
                )
                _conflict(first, second, why, errors)
                continue
            clash = _card_clash(first.cards, second.cards)
            if clash:
                _conflict(first, second, clash, errors)


def _card_clash(left: Iterable[CardNeed], right: Iterable[CardNeed]) -> str | None:
    """Two teams cannot both hold at least k1 of S1 and k2 of S2 in their tricks when
    k1 + k2 exceeds the cards of S1 and S2 together (Hall's condition for two sets)."""
    for a in left:
        for b in right:
            union = a.cards | b.cards
            if a.cards & b.cards and a.at_least + b.at_least > len(union):
                common = sorted(a.cards & b.cards, key=c.ALL_CARDS.index)
                return _("both need {cards} in their tricks").format(
                    cards=", ".join(common)
                )
    return None


def _check_holdings(
    needs: dict[Side, list[Need]], facts: dict[Side, TeamFacts], errors: Errors
) -> None:
    """Cards a made feast needs a team to have held at the deal, against R4 and R5."""
    if not any(
        n.holds or n.feast.opponents_hold for side in SIDES for n in needs[side]
    ):
        return
    required: dict[Side, list[tuple[str, Need]]] = {}
    for side in SIDES:
        required[side] = [(card, n) for n in needs[side] for card in sorted(n.holds)]
        required[side] += [
            (card, n)
            for n in needs[other(side)]
            for card in sorted(n.feast.opponents_hold)
        ]
    reported: set[str] = set()
    for side in SIDES:
        team = facts[side]
        opponents_cards = {card for card, _need in required[other(side)]}
        honours = sorted({card for card, _need in required[side] if card in c.HONOURS})
        for card, need in required[side]:
            problem = None
            if card in opponents_cards:
                problem = _("{card} cannot have been held by both teams").format(
                    card=card
                )
            elif card in c.MIDDLE and card not in team.middle:
                problem = _("the {side} did not hold {card} (R5)").format(
                    side=side_name(side), card=card
                )
            elif card in c.DEALT_TO and SIDE_OF_SEAT[c.DEALT_TO[card]] != side:
                problem = _("{card} is always dealt to the attack (R4)").format(
                    card=card
                )
            elif card in c.HONOURS and len(honours) > team.honours:
                problem = _too_many_honours(side, team.honours, honours)
            if problem and need.path not in reported:
                reported.add(need.path)
                errors.add(
                    ErrorCode.IMPOSSIBLE_HOLDING,
                    need.path,
                    _("{feast} cannot have succeeded: {reason}.").format(
                        feast=need.label, reason=problem
                    ),
                )


def _too_many_honours(side: Side, held: int, honours: list[str]) -> str:
    """R5: the team would hold more Honours than it did."""
    cards = (
        _("{first} and {second}").format(first=honours[0], second=honours[1])
        if len(honours) == 2
        else ", ".join(honours)
    )
    message = (
        _("the {side} would hold {cards} but holds {count} Honour (R5)")
        if held == 1
        else _("the {side} would hold {cards} but holds {count} Honours (R5)")
    )
    return message.format(side=side_name(side), cards=cards, count=held)
