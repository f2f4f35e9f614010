"""Rule checks across a parsed hand record: R5 consistency, R7, R8, R9/R12 and outcomes.

Each check appends every problem it finds to an :class:`Errors` list; none stops early.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import cards as c
from .catalogue import FEASTS, CardNeed, Feast, suit_cards_for
from .errors import Errors, pointer
from .sheet import SIDES, Announcement, Side, TeamFacts, other


def _at(announcement: Announcement, *parts: str | int) -> str:
    return pointer("announcements", announcement.index, *parts)


def _label(announcement: Announcement) -> str:
    extra = announcement.cards or announcement.suits
    return announcement.feast.name + (f" ({', '.join(extra)})" if extra else "")


def check_consolation(facts: dict[Side, TeamFacts], errors: Errors) -> None:
    """R5: trumps add up to 22, Honours to 2, each middle trump held by one team."""
    attack, defence = facts["attack"], facts["defence"]
    if attack.trumps + defence.trumps != 22:
        errors.add(
            "trumps_total",
            "/defence/trumps",
            f"The teams' trumps must add up to 22; {attack.trumps} + {defence.trumps} "
            f"= {attack.trumps + defence.trumps} (R5).",
        )
    if attack.honours + defence.honours != 2:
        errors.add(
            "honours_total",
            "/defence/honours",
            f"The teams' Honours must add up to 2; {attack.honours} + "
            f"{defence.honours} = {attack.honours + defence.honours} (R5).",
        )
    for card in c.MIDDLE:
        holders = [side for side in SIDES if card in facts[side].middle]
        if len(holders) != 1:
            where = "both teams" if holders else "neither team"
            errors.add(
                "middle_split",
                "/defence/middle",
                f"{card} must be held by exactly one team; {where} list it (R5).",
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
                "message_failed",
                _at(a, "made"),
                f"{a.feast.name} is a message, a true statement about the announcer's "
                "hand: it is always made (R6).",
            )
        team = facts.get(a.team)
        # R4: the partner holds at least 3 trumps.
        is_count = a.feast.code == "trumps_count" and a.count is not None
        if is_count and team and a.count is not None and a.count > team.trumps - 3:
            errors.add(
                "count_impossible",
                _at(a, "count"),
                f"The {a.team}'s {a.by} cannot hold {a.count} trumps: the team "
                f"holds {team.trumps} and the partner at least 3 (R4, R13).",
            )


def check_contras(announcements: Sequence[Announcement], errors: Errors) -> None:
    """R8: no contra on a message, none by the announcer himself."""
    for a in announcements:
        if a.contra is None:
            continue
        if a.feast.is_message:
            errors.add(
                "contra_on_message",
                _at(a, "contra"),
                f"{a.feast.name} is a message and cannot be contra'd (R6, R8).",
            )
        elif a.contra.team == a.team and a.contra.by == a.by:
            errors.add(
                "contra_by_announcer",
                _at(a, "contra"),
                f"The {a.team}'s {a.by} announced {_label(a)} and cannot contra it "
                "himself; only the opponents or his partner can (R8).",
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
                    "silent_suppressed",
                    pointer("silent", side, i),
                    f"{FEASTS[code].name} does not score for the {side}: it announced "
                    f"{blocker.feast.name}, which already counts it (R7).",
                )


def check_combinations(announcements: Sequence[Announcement], errors: Errors) -> None:
    """R9, R12: what a team may announce together (final levels only)."""
    for side in SIDES:
        own = [a for a in announcements if a.team == side]
        _check_pairs(own, errors)
        trophies = [a for a in own if a.feast.is_trophy]
        for a in trophies[1:]:
            errors.add(
                "two_trophies",
                _at(a, "feast"),
                f"The {side} announced two trophies, {trophies[0].feast.name} and "
                f"{a.feast.name}; a team may announce only one trophy a hand (R9).",
            )


_CHAIN_CODES = {"flight": "two_flight_feasts", "intercept": "two_intercept_feasts"}


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
                "repeated_announcement",
                _at(a),
                f"The {a.team} lists {_label(a)} twice; record each announcement once "
                "(R12).",
            )
            continue
        chain = a.feast.chain
        for b in earlier:
            if chain is None or b.feast.chain != chain or b.key == key:
                continue
            if a.feast.chain_per_card:
                if a.cards == b.cards:
                    errors.add(
                        "magnified_same_card",
                        _at(a, "cards", 0),
                        f"{a.cards[0]} carries both {b.feast.name} and {a.feast.name}; "
                        "one card may carry only one magnified feast (R12).",
                    )
                continue
            code = _CHAIN_CODES.get(chain, "two_chain_levels")
            errors.add(
                code,
                _at(a, "feast"),
                f"The {a.team} lists {b.feast.name} and {a.feast.name}: they stand in "
                "one chain, and only the final level is recorded (R12).",
            )
        for card, trick in a.bindings():
            if card in bound and bound[card][0] != trick:
                first_trick, b = bound[card]
                same_chain = (
                    a.feast.chain_per_card and b.feast.chain == a.feast.chain
                ) or (a.feast.chain is not None and a.feast.chain == b.feast.chain)
                if not same_chain:
                    errors.add(
                        "card_bound_twice",
                        _at(a),
                        f"{card} would be bound to trick {first_trick} by "
                        f"{_label(b)} and to trick {trick} by {_label(a)}; a card "
                        "can be bound to one trick only (R12).",
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
        return (
            self.feast.name if self.announcement is None else _label(self.announcement)
        )

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
    by_cards = max(((n.at_least + 3) // 4 for n in cards), default=0)
    count = max(feast.needed_tricks, by_cards)
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
        won: dict[Side, int] = {"attack": tricks_attack, "defence": 10 - tricks_attack}
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
                    "too_few_tricks",
                    need.path,
                    f"{need.label} needs at least {need.count} trick"
                    f"{'s' if need.count > 1 else ''}; the {side} won {won[side]} (R13).",
                )
    for a in announcements:
        threshold = a.feast.min_tricks
        if (
            a.feast.chain == "free_pass"
            and a.made is False
            and won[a.team] >= threshold
        ):
            errors.add(
                "free_pass_outcome",
                _at(a, "made"),
                f"{a.feast.name} is made with {threshold} tricks; the {a.team} won "
                f"{won[a.team]}, so it cannot have failed (R13).",
            )


def _conflict(first: Need, second: Need, why: str, errors: Errors) -> None:
    errors.add(
        "conflicting_outcomes",
        second.path,
        f"The attack's {first.label} and the defence's {second.label} cannot both "
        f"succeed: {why} (R13).",
    )


def _check_across(needs: dict[Side, list[Need]], errors: Errors) -> None:
    for first in needs["attack"]:
        for second in needs["defence"]:
            shared = sorted(first.tricks & second.tricks)
            if shared:
                _conflict(first, second, f"both need to win trick {shared[0]}", errors)
                continue
            if first.count + second.count > 10:
                _conflict(
                    first,
                    second,
                    f"together they need {first.count + second.count} of the 10 tricks",
                    errors,
                )
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
                return f"both need {', '.join(common)} in their tricks"
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
        opponents_cards = {card for card, _ in required[other(side)]}
        honours = sorted({card for card, _ in required[side] if card in c.HONOURS})
        for card, need in required[side]:
            problem = None
            if card in opponents_cards:
                problem = f"{card} cannot have been held by both teams"
            elif card in c.MIDDLE and card not in team.middle:
                problem = f"the {side} did not hold {card} (R5)"
            elif card in ("XIX", "XX") and side == "defence":
                problem = f"{card} is always dealt to the attack (R4)"
            elif card in c.HONOURS and len(honours) > team.honours:
                problem = (
                    f"the {side} would hold {' and '.join(honours)} but holds "
                    f"{team.honours} Honour{'s' if team.honours != 1 else ''} (R5)"
                )
            if problem and need.path not in reported:
                reported.add(need.path)
                errors.add(
                    "impossible_holding",
                    need.path,
                    f"{need.label} cannot have succeeded: {problem}.",
                )
