"""Format validation of one announcement of a hand record (R6, R8, R12, R13): its
feast, team, announcer, declared cards, suits or count, outcome and contra."""

from __future__ import annotations

from typing import Final, cast

from . import cards as c
from .catalogue import FEASTS, SUIT_COUNT_MIN, TRUMPS_COUNT_MIN, Feast, SuitParam
from .codes import ErrorCode
from .errors import Errors, pointer, quote
from .fields import is_int, unknown_keys
from .i18n import _
from .sheet import ROLES, SIDES, Announcement, Contra, Role, Side

CONTRA_KEYS: Final = frozenset({"team", "by"})
ANNOUNCEMENT_KEYS: Final = frozenset(
    {"feast", "team", "by", "made", "cards", "suits", "count", "contra"}
)
# R12, R13: a declared parameter missing, or given to a feast that declares none.
_PARAMETER_CODES: Final[dict[str, tuple[ErrorCode, ErrorCode]]] = {
    "cards": (ErrorCode.MISSING_CARDS, ErrorCode.SUPERFLUOUS_CARDS),
    "suits": (ErrorCode.MISSING_SUITS, ErrorCode.SUPERFLUOUS_SUITS),
    "count": (ErrorCode.MISSING_COUNT, ErrorCode.SUPERFLUOUS_COUNT),
}
# R13: a trumps_count announcer holds 8+ and, the three others holding at least 3
# each (R4), at most 13.
TRUMPS_COUNT_RANGE: Final = (TRUMPS_COUNT_MIN, len(c.TRUMPS) - 3 * c.MIN_TRUMPS)


def _parse_cards(
    feast: Feast, value: object, path: str, errors: Errors
) -> tuple[str, ...] | None:
    """Declared magnifiers of magnified and flight feasts (R12), in trick order."""
    wanted = feast.declared_cards
    if not isinstance(value, list):
        errors.add(
            ErrorCode.WRONG_TYPE,
            path,
            _("cards must be a list, not {value}.").format(value=quote(value)),
        )
        return None
    if len(value) != wanted:
        errors.add(
            ErrorCode.WRONG_CARD_COUNT,
            path,
            (
                _("{feast} declares {count} cards; got {given}.")
                if wanted > 1
                else _("{feast} declares {count} card; got {given}.")
            ).format(feast=_(feast.name), count=wanted, given=len(value)),
        )
        return None
    result: list[str] = []
    for i, card in enumerate(value):
        where = path + pointer(i)
        if not isinstance(card, str) or card not in c.CARD_SET:
            errors.add(
                ErrorCode.UNKNOWN_CARD,
                where,
                _("Unknown card {value} (R1).").format(value=quote(card)),
            )
        elif card not in c.MAGNIFIERS:
            errors.add(
                ErrorCode.WRONG_CARD_KIND,
                where,
                _(
                    "{feast} needs a magnifier (a King or a Bird); {card} is not one "
                    "(R12)."
                ).format(feast=_(feast.name), card=card),
            )
        elif card in result:
            errors.add(
                ErrorCode.DUPLICATE_CARD,
                where,
                _("{card} is declared twice.").format(card=card),
            )
        else:
            result.append(card)
    return tuple(result) if len(result) == wanted else None


def _parse_suits(
    feast: Feast, value: object, path: str, errors: Errors
) -> tuple[str, ...] | None:
    """Declared suits (R12): one suit, one black suit, or one red and one black."""
    wanted = 2 if feast.suits is SuitParam.RED_AND_BLACK else 1
    if not isinstance(value, list):
        errors.add(
            ErrorCode.WRONG_TYPE,
            path,
            _("suits must be a list, not {value}.").format(value=quote(value)),
        )
        return None
    if len(value) != wanted:
        errors.add(
            ErrorCode.WRONG_SUIT_COUNT,
            path,
            (
                _("{feast} declares {count} suits; got {given}.")
                if wanted > 1
                else _("{feast} declares {count} suit; got {given}.")
            ).format(feast=_(feast.name), count=wanted, given=len(value)),
        )
        return None
    result: list[str] = []
    for i, suit in enumerate(value):
        if not isinstance(suit, str) or suit not in c.SUITS:
            errors.add(
                ErrorCode.UNKNOWN_SUIT,
                path + pointer(i),
                _("Unknown suit {value}; suits are H, D, S, C (R1).").format(
                    value=quote(suit)
                ),
            )
        else:
            result.append(suit)
    if len(result) != wanted:
        return None
    if feast.suits is SuitParam.BLACK and result[0] not in c.BLACK_SUITS:
        errors.add(
            ErrorCode.WRONG_SUIT_KIND,
            path + "/0",
            _("{feast} needs a black suit (S or C); got {suit} (R12).").format(
                feast=_(feast.name), suit=result[0]
            ),
        )
        return None
    if feast.suits is SuitParam.RED_AND_BLACK and sorted(
        c.is_red_suit(s) for s in result
    ) != [False, True]:
        errors.add(
            ErrorCode.WRONG_SUIT_KIND,
            path,
            _("{feast} needs one red and one black suit; got {value} (R12).").format(
                feast=_(feast.name), value=quote(result)
            ),
        )
        return None
    return tuple(result)


def _parse_count(
    feast: Feast,
    value: object,
    suits: tuple[str, ...] | None,
    path: str,
    errors: Errors,
) -> int | None:
    """The number a suit_count or trumps_count message states (R13)."""
    if not is_int(value):
        errors.add(
            ErrorCode.WRONG_TYPE,
            path,
            _("count must be a whole number, not {value}.").format(value=quote(value)),
        )
        return None
    assert isinstance(value, int)
    if feast.code == "trumps_count":
        low, high = TRUMPS_COUNT_RANGE
    elif suits:
        low, high = SUIT_COUNT_MIN, len(c.SUIT_CARDS[suits[0]]) - 1
    else:
        return value
    if not low <= value <= high:
        if feast.code == "trumps_count":
            what = _("a trumps message states between 8 and 13 trumps (R13, R4)")
        else:
            assert suits
            what = _(
                "a suit message states at least 2 but not all {size} cards of {suit} "
                "(R13)"
            ).format(size=high + 1, suit=_(c.SUIT_NAMES[suits[0]]))
        errors.add(
            ErrorCode.COUNT_IMPOSSIBLE,
            path,
            _("count {count} is impossible: {reason}.").format(
                count=value, reason=what
            ),
        )
        return None
    return value


def _parse_contra(value: object, path: str, errors: Errors) -> Contra | None:
    if not isinstance(value, dict):
        errors.add(
            ErrorCode.WRONG_TYPE,
            path,
            _("contra must be an object with team and by, not {value}.").format(
                value=quote(value)
            ),
        )
        return None
    unknown_keys(value, CONTRA_KEYS, path, errors)
    team = _side(value.get("team"), path + "/team", errors)
    by = _role(value.get("by"), path + "/by", errors)
    if team is None or by is None:
        return None
    return Contra(team, by)


def _side(value: object, path: str, errors: Errors) -> Side | None:
    if value in SIDES:
        return cast(Side, value)
    if value is None:
        errors.add(
            ErrorCode.MISSING_KEY, path, _("team is required (attack or defence).")
        )
    else:
        errors.add(
            ErrorCode.UNKNOWN_TEAM,
            path,
            _("Unknown team {value}; use attack or defence.").format(
                value=quote(value)
            ),
        )
    return None


def _role(value: object, path: str, errors: Errors) -> Role | None:
    if value in ROLES:
        return cast(Role, value)
    if value is None:
        errors.add(
            ErrorCode.MISSING_KEY, path, _("by is required (driver or catcher).")
        )
    else:
        errors.add(
            ErrorCode.UNKNOWN_ROLE,
            path,
            _("Unknown player {value}; use driver or catcher.").format(
                value=quote(value)
            ),
        )
    return None


def parse_announcement(
    index: int, value: object, play_mode: bool, errors: Errors
) -> Announcement | None:
    """One announcement of a hand record; None when it is not valid (errors added).

    In a play record ``made`` may be left out: the play decides it.
    """
    path = f"/announcements/{index}"
    if not isinstance(value, dict):
        errors.add(
            ErrorCode.WRONG_TYPE,
            path,
            _("An announcement must be an object, not {value}.").format(
                value=quote(value)
            ),
        )
        return None
    unknown_keys(value, ANNOUNCEMENT_KEYS, path, errors)
    feast = _parse_feast(value.get("feast"), path + "/feast", errors)
    team = _side(value.get("team"), path + "/team", errors)
    by = _role(value.get("by"), path + "/by", errors)
    made = _parse_made(value, path + "/made", play_mode, errors)
    contra = None
    if "contra" in value:
        contra = _parse_contra(value["contra"], path + "/contra", errors)
    if feast is None:
        return None
    ok = team is not None and by is not None and (made is not None or play_mode)
    ok = ok and ("contra" not in value or contra is not None)
    ok = _check_parameters(feast, value, path, errors) and ok
    cards_: tuple[str, ...] | None = ()
    suits_: tuple[str, ...] | None = ()
    count_: int | None = None
    if feast.declared_cards and "cards" in value:
        cards_ = _parse_cards(feast, value["cards"], path + "/cards", errors)
    if feast.suits is not SuitParam.NONE and "suits" in value:
        suits_ = _parse_suits(feast, value["suits"], path + "/suits", errors)
    if feast.has_count and "count" in value:
        count_ = _parse_count(feast, value["count"], suits_, path + "/count", errors)
        ok = ok and count_ is not None
    if not ok or cards_ is None or suits_ is None or team is None or by is None:
        return None
    return Announcement(
        index=index,
        feast=feast,
        team=team,
        by=by,
        cards=cards_,
        suits=suits_,
        count=count_,
        made=made,
        contra=contra,
    )


def _parse_feast(code: object, path: str, errors: Errors) -> Feast | None:
    """An announced feast of the catalogue (R13), not a silent premium (R7)."""
    if code is None:
        errors.add(ErrorCode.MISSING_KEY, path, _("feast is required."))
    elif not isinstance(code, str) or code not in FEASTS:
        errors.add(
            ErrorCode.UNKNOWN_FEAST,
            path,
            _("Unknown feast {value} (R13).").format(value=quote(code)),
        )
    elif FEASTS[code].is_silent:
        errors.add(
            ErrorCode.SILENT_ANNOUNCED,
            path,
            _(
                "{feast} is a silent premium: list it under silent, not as an "
                "announcement (R7)."
            ).format(feast=_(FEASTS[code].name)),
        )
    else:
        return FEASTS[code]
    return None


def _parse_made(
    value: dict[str, object], path: str, play_mode: bool, errors: Errors
) -> bool | None:
    """The recorded outcome; required in a score sheet, optional in a play record."""
    if "made" not in value:
        if not play_mode:
            errors.add(
                ErrorCode.MISSING_KEY, path, _("made is required (true or false).")
            )
        return None
    made = value["made"]
    if isinstance(made, bool):
        return made
    errors.add(
        ErrorCode.WRONG_TYPE,
        path,
        _("made must be true or false, not {value}.").format(value=quote(made)),
    )
    return None


def _check_parameters(
    feast: Feast, value: dict[str, object], path: str, errors: Errors
) -> bool:
    """R12, R13: the cards, suits and count the feast declares, and no others."""
    ok = True
    wants = (
        ("cards", feast.declared_cards > 0),
        ("suits", feast.suits is not SuitParam.NONE),
        ("count", feast.has_count),
    )
    for key, wanted in wants:
        missing, superfluous = _PARAMETER_CODES[key]
        if wanted == (key in value):
            continue
        ok = False
        if wanted:
            errors.add(
                missing,
                path + "/" + key,
                _("{feast} needs its {key}.").format(feast=_(feast.name), key=key),
            )
        else:
            errors.add(
                superfluous,
                path + "/" + key,
                _("{feast} declares no {key}; remove {value}.").format(
                    feast=_(feast.name), key=key, value=quote(value[key])
                ),
            )
    return ok
