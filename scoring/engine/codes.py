"""The engine's error codes: the one list of every ``code`` a record's error can carry.

A code is stable: callers (the referee's forms, the matches-file import, other tools
reading ``score_hand`` / ``score_match`` output, HAND_RECORD.md) may rely on it. The
JSON output carries the member's value, a snake_case string. Paths count tricks and
cards from 0, as JSON Pointers do; messages count them from 1.
"""

from __future__ import annotations

from enum import StrEnum, unique


@unique
class ErrorCode(StrEnum):
    """Why a hand or match record is invalid, one member per kind of problem."""

    # --- the shape of a record (HAND_RECORD.md) -------------------------------------
    #: A value of the wrong JSON type (an object, a list, a number, true/false…).
    WRONG_TYPE = "wrong_type"
    #: A required key is missing (``format``, ``announcements``, a team's facts…).
    MISSING_KEY = "missing_key"
    #: A key the format does not know: a typo must not be silently ignored.
    UNKNOWN_KEY = "unknown_key"
    #: ``format`` is not ``royal-tarokk-hand/1`` (``royal-tarokk-match/1``).
    UNKNOWN_FORMAT = "unknown_format"
    #: A whole number outside its range: a team's trumps (R5: 6-16), Honours (0-2),
    #: the attack's tricks (0-10).
    OUT_OF_RANGE = "out_of_range"
    #: Not a card of R1 (in ``middle``, declared cards, the deal or the play).
    UNKNOWN_CARD = "unknown_card"
    #: A card listed, declared or dealt twice (R1: 40 distinct cards).
    DUPLICATE_CARD = "duplicate_card"
    #: Not a suit of R1 (H, D, S, C).
    UNKNOWN_SUIT = "unknown_suit"
    #: Not a feast of the catalogue (R13).
    UNKNOWN_FEAST = "unknown_feast"
    #: An announcement's or a contra's team is neither attack nor defence (R2).
    UNKNOWN_TEAM = "unknown_team"
    #: An announcement's or a contra's player is neither driver nor catcher (R2).
    UNKNOWN_ROLE = "unknown_role"

    # --- one announcement's parameters (R12, R13) -----------------------------------
    #: A silent premium listed as an announcement: it belongs under ``silent`` (R7).
    SILENT_ANNOUNCED = "silent_announced"
    #: Under ``silent``, a code that is not one of the four silent premiums (R7).
    UNKNOWN_SILENT = "unknown_silent"
    #: A team's silent premium listed twice (R7).
    REPEATED_SILENT = "repeated_silent"
    #: A magnified or flight feast declares the wrong number of cards (R12).
    WRONG_CARD_COUNT = "wrong_card_count"
    #: A declared card is not a magnifier, a King or a Bird (R12).
    WRONG_CARD_KIND = "wrong_card_kind"
    #: A feast declares the wrong number of suits (R12).
    WRONG_SUIT_COUNT = "wrong_suit_count"
    #: A declared suit of the wrong colour: dschinn's is black, red_and_black's one
    #: red and one black (R12).
    WRONG_SUIT_KIND = "wrong_suit_kind"
    #: A feast that declares cards has none (R12).
    MISSING_CARDS = "missing_cards"
    #: A feast that declares suits has none (R12).
    MISSING_SUITS = "missing_suits"
    #: A suit_count or trumps_count message states no number (R13).
    MISSING_COUNT = "missing_count"
    #: Cards declared for a feast that declares none (R12).
    SUPERFLUOUS_CARDS = "superfluous_cards"
    #: Suits declared for a feast that declares none (R12).
    SUPERFLUOUS_SUITS = "superfluous_suits"
    #: A number stated by a feast that states none (R13).
    SUPERFLUOUS_COUNT = "superfluous_count"
    #: A message states a number no hand can hold: a trumps message 8-13 (R13, R4),
    #: a suit message at least 2 but not all the suit's cards, or more trumps than
    #: the team holds less the partner's 3 (R4).
    COUNT_IMPOSSIBLE = "count_impossible"

    # --- the record's rules across fields (R5-R13) ----------------------------------
    #: The teams' trumps do not add up to 22 (R5).
    TRUMPS_TOTAL = "trumps_total"
    #: The teams' Honours do not add up to 2 (R5).
    HONOURS_TOTAL = "honours_total"
    #: XVI, XVII or XVIII listed by both teams or by neither (R5).
    MIDDLE_SPLIT = "middle_split"
    #: A message recorded as failed: a message is always made (R6).
    MESSAGE_FAILED = "message_failed"
    #: A contra on a message (R6, R8).
    CONTRA_ON_MESSAGE = "contra_on_message"
    #: The announcer contras his own feast (R8).
    CONTRA_BY_ANNOUNCER = "contra_by_announcer"
    #: A silent premium listed beside the team's announcement that suppresses it (R7).
    SILENT_SUPPRESSED = "silent_suppressed"
    #: A team announced two trophies in one hand (R9).
    TWO_TROPHIES = "two_trophies"
    #: The same announcement listed twice by one team (R12; messages may repeat).
    REPEATED_ANNOUNCEMENT = "repeated_announcement"
    #: One declared card carries two magnified feasts (R12).
    MAGNIFIED_SAME_CARD = "magnified_same_card"
    #: Two levels of one raise chain in one team's record (R12).
    TWO_CHAIN_LEVELS = "two_chain_levels"
    #: Two flight feasts in one team's record (R12).
    TWO_FLIGHT_FEASTS = "two_flight_feasts"
    #: Two intercept feasts in one team's record (R12).
    TWO_INTERCEPT_FEASTS = "two_intercept_feasts"
    #: One card bound to two different tricks by one team's announcements (R12).
    CARD_BOUND_TWICE = "card_bound_twice"
    #: A made feast or scored silent premium needs more tricks than the team won (R13).
    TOO_FEW_TRICKS = "too_few_tricks"
    #: A free pass recorded as failed although the team won its tricks (R13).
    FREE_PASS_OUTCOME = "free_pass_outcome"
    #: The attack's and the defence's made feasts cannot both succeed (R13).
    CONFLICTING_OUTCOMES = "conflicting_outcomes"
    #: A made feast needs a card the team cannot have held at the deal (R4, R5, R13).
    IMPOSSIBLE_HOLDING = "impossible_holding"

    # --- play records: the deal (R4) ------------------------------------------------
    #: The deal is not an object with exactly the seats AD, AC, DD, DC
    #: (``/deal``, ``/deal/<key>``).
    DEAL_KEYS = "deal_keys"
    #: A seat's hand is not a list of exactly 10 cards (``/deal/<seat>``).
    DEAL_SIZE = "deal_size"
    #: A card of R1 in no hand (``/deal``).
    MISSING_CARD = "missing_card"
    #: A hand with fewer than 3 trumps (``/deal/<seat>``).
    TOO_FEW_TRUMPS = "too_few_trumps"
    #: XIX is not in the attack catcher's hand (where it lies).
    XIX_NOT_ATTACK_CATCHER = "xix_not_attack_catcher"
    #: XX is not in the attack driver's hand (where it lies).
    XX_NOT_ATTACK_DRIVER = "xx_not_attack_driver"

    # --- play records: the play (R2, R12) -------------------------------------------
    #: The play is not 10 tricks of 4 cards (``/play``, ``/play/<t>``).
    PLAY_SHAPE = "play_shape"
    #: The player whose turn it is does not hold the card (R2: AD leads trick 1, the
    #: winner of a trick the next, AD -> DC -> DD -> AC); later tricks go unchecked.
    CARD_NOT_IN_HAND = "card_not_in_hand"
    #: The card was already played; later tricks go unchecked.
    CARD_PLAYED_TWICE = "card_played_twice"
    #: The player could follow the suit led (a trump lead included) and did not (R2).
    REVOKE = "revoke"
    #: Void in the suit led, the player held a trump and did not play one (R2).
    MUST_TRUMP = "must_trump"
    #: A card bound to a later trick played while its holder had another legal card
    #: not bound to a later trick (R12).
    BOUND_CARD_EARLY = "bound_card_early"
    #: A card bound to this trick was legal here and not played (R12).
    BOUND_CARD_WITHHELD = "bound_card_withheld"
    #: A message that is not true of the announcer's hand (R6, R13).
    MESSAGE_UNTRUE = "message_untrue"
    #: A fact given beside a play record (trumps, Honours, middle trumps, tricks, made,
    #: silent premiums) differs from what the deal and the play show (R2, R5, R7, R13).
    FACT_DISAGREES = "fact_disagrees"

    # --- match records (R3, R15) ----------------------------------------------------
    #: A match names the same team twice.
    SAME_TEAM = "same_team"
    #: ``first_attack`` names neither of the match's teams (R3).
    UNKNOWN_TEAM_NAME = "unknown_team_name"
    #: Not 8 hands in a match (R3), not 2 in a cup tie-breaker (R15).
    WRONG_HAND_COUNT = "wrong_hand_count"
    #: More announcements in a hand than the catalogue allows both teams together
    #: (R12, R13): refused whole, before any of them is judged.
    TOO_MANY_ANNOUNCEMENTS = "too_many_announcements"
