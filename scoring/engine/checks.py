"""Rule checks across a parsed hand record: R5 consistency, R7, R8, R9/R12 and outcomes.

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
from .sheet import (
    ROLE_NAMES,
    SIDE_NAMES,
    SIDE_OF_SEAT,
    SIDES,
    Announcement,
    Side,
    TeamFacts,
    other,
)


def _at(announcement: Announcement, *parts: str | int) -> str:
    return pointer("announcements", announcement.index, *parts)


def _label(announcement: Announcement) -> str:
    """The feast's translated name, with its declared cards or suits: ``Kite (H-K)``."""
    extra = announcement.cards or announcement.suits
    name = _(announcement.feast.name)
    return name + (f" ({', '.join(extra)})" if extra else "")


def _side(side: str) -> str:
    return _(SIDE_NAMES[side])


def _role(role: str) -> str:
    return _(ROLE_NAMES[role])


def check_consolation(facts: dict[Side, TeamFacts], errors: Errors) -> None:
    """R5: trumps add up to 22, Honours to 2, each middle trump held by one team."""
    attack, defence = facts["attack"], facts["defence"]
    if attack.trumps + defence.trumps != len(c.TRUMPS):
        errors.add(
            ErrorCode.TRUMPS_TOTAL,
            "/defence/trumps",
            _(
                "The teams' trumps must add up to 22; {attack} + {defence} = {total} (R5)."
            ).format(
                attack=attack.trumps,
                defence=defence.trumps,
                total=attack.trumps + defence.trumps,
            ),
        )
    if attack.honours + defence.honours != len(c.HONOURS):
        errors.add(
            ErrorCode.HONOURS_TOTAL,
            "/defence/honours",
            _(
                "The teams' Honours must add up to 2; {attack} + {defence} = {total} (R5)."
            ).format(
                attack=attack.honours,
                defence=defence.honours,
                total=attack.honours + defence.honours,
            ),
        )
    for card in c.MIDDLE:
        holders = [side for side in SIDES if card in facts[side].middle]
        if len(holders) != 1:
            message = (
                _("{card} must be held by exactly one team; both teams list it (R5).")
                if holders
                else _(
                    "{card} must be held by exactly one team; neither team list it (R5)."
                )
            )
            errors.add(
                ErrorCode.MIDDLE_SPLIT, "/defence/middle", message.format(card=card)
            )


def check_messages(
    announcements: Sequence[Announcement],
    facts: dict[Side, TeamFacts],
    errors: Errors,
) -> None:
    """R6/R13: a message is a true statement, always made; the count fits the team."""
    for a in announcements:
        if not a.feast.is_message:
            continue
        if a.made is False:
            errors.add(
                ErrorCode.MESSAGE_FAILED,
                _at(a, "made"),
                _(
                    "{feast} is a message, a true statement about the announcer's hand: "
                    "it is always made (R6)."
                ).format(feast=_(a.feast.name)),
            )
        team = facts.get(a.team)
        if a.feast.code != "trumps_count" or a.count is None or team is None:
            continue
        if a.count > team.trumps - c.MIN_TRUMPS:  # R4: the partner holds at least 3
            errors.add(
                ErrorCode.COUNT_IMPOSSIBLE,
                _at(a, "count"),
                _(
                    "The {side}'s {role} cannot hold {count} trumps: the team holds "
                    "{trumps} and the partner at least 3 (R4, R13)."
                ).format(
                    side=_side(a.team),
                    role=_role(a.by),
                    count=a.count,
                    trumps=team.trumps,
                ),
            )


def check_contras(announcements: Sequence[Announcement], errors: Errors) -> None:
    """R8: no contra on a message, none by the announcer himself."""
    for a in announcements:
        if a.contra is None:
            continue
        if a.feast.is_message:
            errors.add(
                ErrorCode.CONTRA_ON_MESSAGE,
                _at(a, "contra"),
                _("{feast} is a message and cannot be contra'd (R6, R8).").format(
                    feast=_(a.feast.name)
                ),
            )
        elif a.contra.team == a.team and a.contra.by == a.by:
            errors.add(
                ErrorCode.CONTRA_BY_ANNOUNCER,
                _at(a, "contra"),
                _(
                    "The {side}'s {role} announced {feast} and cannot contra it "
                    "himself; only the opponents or his partner can (R8)."
                ).format(side=_side(a.team), role=_role(a.by), feast=_label(a)),
            )


def check_silent(
    announcements: Sequence[Announcement],
    silent: dict[Side, tuple[str, ...]],
    errors: Errors,
) -> None:
    """R7: a silent premium is not scored beside the team's suppressing announcement."""
    for side in SIDES:
        announced = {a.feast.code: a for a in announcements if a.team == side}
        for i, code in enumerate(silent.get(side, ())):
            blockers = [
                announced[s] for s in FEASTS[code].suppressed_by if s in announced
            ]
            for blocker in sorted(blockers, key=lambda a: a.index):
                errors.add(
                    ErrorCode.SILENT_SUPPRESSED,
                    pointer("silent", side, i),
                    _(
                        "{silent} does not score for the {side}: it announced {feast}, "
                        "which already counts it (R7)."
                    ).format(
                        silent=_(FEASTS[code].name),
                        side=_side(side),
                        feast=_(blocker.feast.name),
                    ),
                )


def check_combinations(announcements: Sequence[Announcement], errors: Errors) -> None:
    """R9, R12: what a team may announce together (final levels only)."""
    for side in SIDES:
        own = [a for a in announcements if a.team == side]
        _check_pairs(own, errors)
        trophies = [a for a in own if a.feast.is_trophy]
        for a in trophies[1:]:
            errors.add(
                ErrorCode.TWO_TROPHIES,
                _at(a, "feast"),
                _(
                    "The {side} announced two trophies, {first} and {second}; a team "
                    "may announce only one trophy a hand (R9)."
                ).format(
                    side=_side(side),
                    first=_(trophies[0].feast.name),
                    second=_(a.feast.name),
                ),
            )


# R12: the one-per-team families have their own codes; the other chains share one.
_CHAIN_CODES = {
    "flight": ErrorCode.TWO_FLIGHT_FEASTS,
    "intercept": ErrorCode.TWO_INTERCEPT_FEASTS,
}


def _check_pairs(own: Sequence[Announcement], errors: Errors) -> None:
    bound: dict[str, tuple[int, Announcement]] = {}
    seen: set[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = set()
    for i, a in enumerate(own):
        earlier = own[:i]
        key = a.key
        repeated = key in seen
        seen.add(key)
        if repeated and not a.feast.is_message:
            errors.add(
                ErrorCode.REPEATED_ANNOUNCEMENT,
                _at(a),
                _(
                    "The {side} lists {feast} twice; record each announcement once "
                    "(R12)."
                ).format(side=_side(a.team), feast=_label(a)),
            )
            continue
        chain = a.feast.chain
        for b in earlier:
            if chain is None or b.feast.chain != chain or b.key == key:
                continue
            if a.feast.chain_per_card:
                if a.cards == b.cards:
                    errors.add(
                        ErrorCode.MAGNIFIED_SAME_CARD,
                        _at(a, "cards", 0),
                        _(
                            "{card} carries both {first} and {second}; one card may "
                            "carry only one magnified feast (R12)."
                        ).format(
                            card=a.cards[0],
                            first=_(b.feast.name),
                            second=_(a.feast.name),
                        ),
                    )
                continue
            code = _CHAIN_CODES.get(chain, ErrorCode.TWO_CHAIN_LEVELS)
            errors.add(
                code,
                _at(a, "feast"),
                _(
                    "The {side} lists {first} and {second}: they stand in one chain, "
                    "and only the final level is recorded (R12)."
                ).format(
                    side=_side(a.team), first=_(b.feast.name), second=_(a.feast.name)
                ),
            )
        for card, trick in a.bindings():
            if card in bound and bound[card][0] != trick:
                first_trick, b = bound[card]
                same_chain = (
                    a.feast.chain_per_card and b.feast.chain == a.feast.chain
                ) or (a.feast.chain is not None and a.feast.chain == b.feast.chain)
                if not same_chain:
                    errors.add(
                        ErrorCode.CARD_BOUND_TWICE,
                        _at(a),
                        _(
                            "{card} would be bound to trick {first_trick} by {first} "
                            "and to trick {trick} by {second}; a card can be bound to "
                            "one trick only (R12)."
                        ).format(
                            card=card,
                            first_trick=first_trick,
                            first=_label(b),
                            trick=trick,
                            second=_label(a),
                        ),
                    )
            else:
                bound.setdefault(card, (trick, a))


# ---------------------------------------------------------------------------
# Outcomes: what made feasts and silent premiums need, held against the tricks
# and against each other across the two teams.


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
        return _label(self.announcement)

    @property
    def path(self) -> str:
        if self.announcement is not None:
            return _at(self.announcement, "made")
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
                        side=_side(side),
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
                _at(a, "made"),
                _(
                    "{feast} is made with {count} tricks; the {side} won {won}, so it "
                    "cannot have failed (R13)."
                ).format(
                    feast=_(a.feast.name),
                    count=threshold,
                    side=_side(a.team),
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
                    side=_side(side), card=card
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
    return message.format(side=_side(side), cards=cards, count=held)
