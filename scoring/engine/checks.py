"""Rule checks across a parsed hand record: R5 consistency, R6 messages, R7, R8, R9/R12.

Each check appends every problem it finds to an :class:`Errors` list; none stops early.
What the recorded outcomes need of the tricks and of each other is in :mod:`.outcomes`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import cards as c
from .catalogue import FEASTS
from .codes import ErrorCode
from .errors import Errors, pointer
from .i18n import _
from .labels import feast_label, path_of, role_name, side_name
from .sheet import SIDES, Announcement, Side, TeamFacts


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
                path_of(a, "made"),
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
                path_of(a, "count"),
                _(
                    "The {side}'s {role} cannot hold {count} trumps: the team holds "
                    "{trumps} and the partner at least 3 (R4, R13)."
                ).format(
                    side=side_name(a.team),
                    role=role_name(a.by),
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
                path_of(a, "contra"),
                _("{feast} is a message and cannot be contra'd (R6, R8).").format(
                    feast=_(a.feast.name)
                ),
            )
        elif a.contra.team == a.team and a.contra.by == a.by:
            errors.add(
                ErrorCode.CONTRA_BY_ANNOUNCER,
                path_of(a, "contra"),
                _(
                    "The {side}'s {role} announced {feast} and cannot contra it "
                    "himself; only the opponents or his partner can (R8)."
                ).format(
                    side=side_name(a.team), role=role_name(a.by), feast=feast_label(a)
                ),
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
                        side=side_name(side),
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
                path_of(a, "feast"),
                _(
                    "The {side} announced two trophies, {first} and {second}; a team "
                    "may announce only one trophy a hand (R9)."
                ).format(
                    side=side_name(side),
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
                path_of(a),
                _(
                    "The {side} lists {feast} twice; record each announcement once "
                    "(R12)."
                ).format(side=side_name(a.team), feast=feast_label(a)),
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
                        path_of(a, "cards", 0),
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
                path_of(a, "feast"),
                _(
                    "The {side} lists {first} and {second}: they stand in one chain, "
                    "and only the final level is recorded (R12)."
                ).format(
                    side=side_name(a.team),
                    first=_(b.feast.name),
                    second=_(a.feast.name),
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
                        path_of(a),
                        _(
                            "{card} would be bound to trick {first_trick} by {first} "
                            "and to trick {trick} by {second}; a card can be bound to "
                            "one trick only (R12)."
                        ).format(
                            card=card,
                            first_trick=first_trick,
                            first=feast_label(b),
                            trick=trick,
                            second=feast_label(a),
                        ),
                    )
            else:
                bound.setdefault(card, (trick, a))
