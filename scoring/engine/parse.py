"""Format validation of a hand record (HAND_RECORD.md): shape, types, ranges and codes.

Turns any JSON value into a :class:`ParsedHand` and collects every format error instead
of stopping at the first. Rule checks across fields live in :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, cast

from . import cards as c
from .catalogue import FEASTS, Feast, SuitParam
from .errors import Errors, pointer, quote
from .i18n import _
from .sheet import SIDES, Announcement, Contra, Role, Side, TeamFacts

HAND_FORMAT: Final = "royal-tarokk-hand/1"
HAND_KEYS: Final = frozenset(
    {"format", "attack", "defence", "tricks", "announcements", "silent", "deal", "play"}
)
FACT_KEYS: Final = frozenset({"trumps", "honours", "middle"})
TRICKS_KEYS: Final = frozenset({"attack"})
SILENT_KEYS: Final = frozenset(SIDES)
CONTRA_KEYS: Final = frozenset({"team", "by"})
ANNOUNCEMENT_KEYS: Final = frozenset(
    {"feast", "team", "by", "made", "cards", "suits", "count", "contra"}
)
# R5: each team holds 6-16 trumps; R13: a trumps_count announcer holds 8+ and, the
# three others holding at least 3 each (R4), at most 13.
TRUMPS_RANGE: Final = (6, 16)
MIDDLE_SET: Final = frozenset(c.MIDDLE)
TRUMPS_COUNT_RANGE: Final = (8, 13)


@dataclass(slots=True)
class ParsedHand:
    play_mode: bool = False
    facts: dict[Side, TeamFacts] = field(default_factory=dict)
    tricks_attack: int | None = None
    announcements: list[Announcement] = field(default_factory=list)
    silent: dict[Side, tuple[str, ...]] | None = None
    # False where an announcement or part of the record was too broken to judge further.
    complete: bool = True


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if _is_int(value) or isinstance(value, float):
        return _("a number")
    kind = type(value)
    if kind is dict:
        return _("an object")
    if kind is list:
        return _("a list")
    if kind is str:
        return _("a string")
    if kind is bool:
        return _("true/false")
    return kind.__name__


def _unknown_keys(
    obj: dict[str, object], allowed: frozenset[str], path: str, errors: Errors
) -> None:
    if obj.keys() <= allowed:
        return
    for key in obj:
        if key not in allowed:
            errors.add(
                "unknown_key",
                path + pointer(key),
                _("Unknown key {key}; allowed here: {allowed}.").format(
                    key=quote(key), allowed=", ".join(sorted(allowed))
                ),
            )


def _int_in(
    obj: dict[str, object],
    key: str,
    low: int,
    high: int,
    path: str,
    errors: Errors,
) -> int | None:
    value = obj[key]
    where = path + "/" + key
    if not _is_int(value):
        errors.add(
            "wrong_type",
            where,
            _("{key} must be a whole number, not {value}.").format(
                key=key, value=quote(value)
            ),
        )
        return None
    assert isinstance(value, int)
    if not low <= value <= high:
        errors.add(
            "out_of_range",
            where,
            _("{key} must be between {low} and {high}; got {value}.").format(
                key=key, low=low, high=high, value=value
            ),
        )
        return None
    return value


def _valid_facts(value: object) -> TeamFacts | None:
    """The facts when they are plainly valid (the common case, checked cheaply);
    None sends the record through the full check, which reports every error."""
    if type(value) is not dict or value.keys() != FACT_KEYS:
        return None
    trumps, honours, middle = value["trumps"], value["honours"], value["middle"]
    if (
        type(trumps) is int
        and type(honours) is int
        and TRUMPS_RANGE[0] <= trumps <= TRUMPS_RANGE[1]
        and 0 <= honours <= 2
        and type(middle) is list
        and all(type(card) is str and card in MIDDLE_SET for card in middle)
        and len(set(middle)) == len(middle)
    ):
        return TeamFacts(trumps, honours, tuple(m for m in c.MIDDLE if m in middle))
    return None


def _parse_facts(value: object, side: Side, errors: Errors) -> TeamFacts | None:
    """A team's consolation facts (R5)."""
    quick = _valid_facts(value)
    if quick is not None:
        return quick
    path = "/" + side
    if not isinstance(value, dict):
        errors.add(
            "wrong_type",
            path,
            _(
                "{side} must be an object with trumps, honours and middle, not {type}."
            ).format(side=side, type=_type_name(value)),
        )
        return None
    _unknown_keys(value, FACT_KEYS, path, errors)
    ok = True
    for key in ("trumps", "honours", "middle"):
        if key not in value:
            errors.add(
                "missing_key",
                path + pointer(key),
                _("{side} needs {key}.").format(side=side, key=key),
            )
            ok = False
    if not ok:
        return None
    trumps = _int_in(value, "trumps", *TRUMPS_RANGE, path, errors)
    honours = _int_in(value, "honours", 0, 2, path, errors)
    middle = value["middle"]
    held: list[str] = []
    if not isinstance(middle, list):
        errors.add(
            "wrong_type",
            path + "/middle",
            _("middle must be a list of XVI, XVII, XVIII, not {value}.").format(
                value=quote(middle)
            ),
        )
        ok = False
    else:
        for i, card in enumerate(middle):
            where = f"{path}/middle/{i}"
            if card not in c.MIDDLE:
                errors.add(
                    "unknown_card",
                    where,
                    _("middle lists only XVI, XVII and XVIII; got {value}.").format(
                        value=quote(card)
                    ),
                )
                ok = False
            elif card in held:
                errors.add(
                    "duplicate_card",
                    where,
                    _("{card} is listed twice.").format(card=card),
                )
                ok = False
            else:
                assert isinstance(card, str)
                held.append(card)
    if trumps is None or honours is None or not ok:
        return None
    return TeamFacts(trumps, honours, tuple(m for m in c.MIDDLE if m in held))


def _parse_cards(
    feast: Feast, value: object, path: str, errors: Errors
) -> tuple[str, ...] | None:
    """Declared magnifiers of magnified and flight feasts (R12), in trick order."""
    wanted = feast.declared_cards
    if not isinstance(value, list):
        errors.add(
            "wrong_type",
            path,
            _("cards must be a list, not {value}.").format(value=quote(value)),
        )
        return None
    if len(value) != wanted:
        errors.add(
            "wrong_card_count",
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
                "unknown_card",
                where,
                _("Unknown card {value} (R1).").format(value=quote(card)),
            )
        elif card not in c.MAGNIFIERS:
            errors.add(
                "wrong_card_kind",
                where,
                _(
                    "{feast} needs a magnifier (a King or a Bird); {card} is not one "
                    "(R12)."
                ).format(feast=_(feast.name), card=card),
            )
        elif card in result:
            errors.add(
                "duplicate_card",
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
            "wrong_type",
            path,
            _("suits must be a list, not {value}.").format(value=quote(value)),
        )
        return None
    if len(value) != wanted:
        errors.add(
            "wrong_suit_count",
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
                "unknown_suit",
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
            "wrong_suit_kind",
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
            "wrong_suit_kind",
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
    if not _is_int(value):
        errors.add(
            "wrong_type",
            path,
            _("count must be a whole number, not {value}.").format(value=quote(value)),
        )
        return None
    assert isinstance(value, int)
    if feast.code == "trumps_count":
        low, high = TRUMPS_COUNT_RANGE
    elif suits:
        low, high = 2, len(c.SUIT_CARDS[suits[0]]) - 1
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
            "count_impossible",
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
            "wrong_type",
            path,
            _("contra must be an object with team and by, not {value}.").format(
                value=quote(value)
            ),
        )
        return None
    _unknown_keys(value, CONTRA_KEYS, path, errors)
    team = _side(value.get("team"), path + "/team", errors)
    by = _role(value.get("by"), path + "/by", errors)
    if team is None or by is None:
        return None
    return Contra(team, by)


def _side(value: object, path: str, errors: Errors) -> Side | None:
    if value == "attack" or value == "defence":
        return cast(Side, value)
    if value is None:
        errors.add("missing_key", path, _("team is required (attack or defence)."))
    else:
        errors.add(
            "unknown_team",
            path,
            _("Unknown team {value}; use attack or defence.").format(
                value=quote(value)
            ),
        )
    return None


def _role(value: object, path: str, errors: Errors) -> Role | None:
    if value == "driver" or value == "catcher":
        return cast(Role, value)
    if value is None:
        errors.add("missing_key", path, _("by is required (driver or catcher)."))
    else:
        errors.add(
            "unknown_role",
            path,
            _("Unknown player {value}; use driver or catcher.").format(
                value=quote(value)
            ),
        )
    return None


def _parse_announcement(
    index: int, value: object, play_mode: bool, errors: Errors
) -> Announcement | None:
    path = f"/announcements/{index}"
    if not isinstance(value, dict):
        errors.add(
            "wrong_type",
            path,
            _("An announcement must be an object, not {value}.").format(
                value=quote(value)
            ),
        )
        return None
    _unknown_keys(value, ANNOUNCEMENT_KEYS, path, errors)
    code = value.get("feast")
    feast: Feast | None = None
    if code is None:
        errors.add("missing_key", path + "/feast", _("feast is required."))
    elif not isinstance(code, str) or code not in FEASTS:
        errors.add(
            "unknown_feast",
            path + "/feast",
            _("Unknown feast {value} (R13).").format(value=quote(code)),
        )
    elif FEASTS[code].is_silent:
        errors.add(
            "silent_announced",
            path + "/feast",
            _(
                "{feast} is a silent premium: list it under silent, not as an "
                "announcement (R7)."
            ).format(feast=_(FEASTS[code].name)),
        )
    else:
        feast = FEASTS[code]
    team = _side(value.get("team"), path + "/team", errors)
    by = _role(value.get("by"), path + "/by", errors)
    made = value.get("made")
    if "made" not in value:
        if not play_mode:
            errors.add(
                "missing_key", path + "/made", _("made is required (true or false).")
            )
    elif not isinstance(made, bool):
        errors.add(
            "wrong_type",
            path + "/made",
            _("made must be true or false, not {value}.").format(value=quote(made)),
        )
        made = None
    contra = None
    if "contra" in value:
        contra = _parse_contra(value["contra"], path + "/contra", errors)
    if feast is None:
        return None
    ok = team is not None and by is not None and (made is not None or play_mode)
    ok = ok and ("contra" not in value or contra is not None)
    wants = (
        ("cards", feast.declared_cards > 0),
        ("suits", feast.suits is not SuitParam.NONE),
        ("count", feast.has_count),
    )
    for key, wanted in wants:
        if wanted == (key in value):
            continue
        ok = False
        if wanted:
            errors.add(
                f"missing_{key}",
                path + "/" + key,
                _("{feast} needs its {key}.").format(feast=_(feast.name), key=key),
            )
        else:
            errors.add(
                f"superfluous_{key}",
                path + "/" + key,
                _("{feast} declares no {key}; remove {value}.").format(
                    feast=_(feast.name), key=key, value=quote(value[key])
                ),
            )
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
    assert made is None or isinstance(made, bool)
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


def _parse_silent(value: object, errors: Errors) -> dict[Side, tuple[str, ...]] | None:
    """Silent premiums that score, per team (R7)."""
    if not isinstance(value, dict):
        errors.add(
            "wrong_type",
            "/silent",
            _(
                "silent must be an object with attack and defence lists, not {type}."
            ).format(type=_type_name(value)),
        )
        return None
    _unknown_keys(value, SILENT_KEYS, "/silent", errors)
    result: dict[Side, tuple[str, ...]] = {}
    ok = True
    for side in SIDES:
        codes = value.get(side, [])
        path = "/silent/" + side
        if not isinstance(codes, list):
            errors.add(
                "wrong_type",
                path,
                _("must be a list, not {value}.").format(value=quote(codes)),
            )
            ok = False
            continue
        seen: list[str] = []
        for i, code in enumerate(codes):
            where = f"{path}/{i}"
            if not isinstance(code, str) or code not in FEASTS:
                errors.add(
                    "unknown_silent",
                    where,
                    _("Unknown silent premium {value} (R7).").format(value=quote(code)),
                )
                ok = False
            elif not FEASTS[code].is_silent:
                errors.add(
                    "unknown_silent",
                    where,
                    _(
                        "{feast} is not a silent premium; silent premiums are obscure, "
                        "lie_in_wait, four_kings, silent_mond_capture (R7)."
                    ).format(feast=_(FEASTS[code].name)),
                )
                ok = False
            elif code in seen:
                errors.add(
                    "repeated_silent",
                    where,
                    _("{code} is listed twice.").format(code=code),
                )
                ok = False
            else:
                seen.append(code)
        result[side] = tuple(seen)
    return result if ok else None


def parse_hand(data: object, errors: Errors) -> ParsedHand | None:
    """Validate the format of a hand record; None when it is not an object at all."""
    if not isinstance(data, dict):
        errors.add(
            "wrong_type",
            "",
            _("A hand record must be a JSON object, not {type}.").format(
                type=_type_name(data)
            ),
        )
        return None
    parsed = ParsedHand(play_mode="deal" in data or "play" in data)
    _unknown_keys(data, HAND_KEYS, "", errors)
    if "format" not in data:
        errors.add(
            "missing_key",
            "/format",
            _("format is required: {format}.").format(format=quote(HAND_FORMAT)),
        )
    elif data["format"] != HAND_FORMAT:
        errors.add(
            "unknown_format",
            "/format",
            _("Unknown format {value}; expected {format}.").format(
                value=quote(data["format"]), format=quote(HAND_FORMAT)
            ),
        )
    required = ["announcements"]
    required += ["deal", "play"] if parsed.play_mode else ["attack", "defence"]
    for key in required:
        if key not in data:
            errors.add(
                "missing_key", pointer(key), _("{key} is required.").format(key=key)
            )
            parsed.complete = False
    for side in SIDES:
        if side in data:
            facts = _parse_facts(data[side], side, errors)
            if facts is None:
                parsed.complete = False
            else:
                parsed.facts[side] = facts
    if "tricks" in data:
        tricks = data["tricks"]
        if not isinstance(tricks, dict):
            errors.add(
                "wrong_type",
                "/tricks",
                _('tricks must be an object like {{"attack": 6}}, not {value}.').format(
                    value=quote(tricks)
                ),
            )
        else:
            _unknown_keys(tricks, TRICKS_KEYS, "/tricks", errors)
            if "attack" not in tricks:
                errors.add("missing_key", "/tricks/attack", _("tricks needs attack."))
            else:
                parsed.tricks_attack = _int_in(
                    tricks, "attack", 0, 10, "/tricks", errors
                )
    announcements = data.get("announcements", [])
    if not isinstance(announcements, list):
        errors.add(
            "wrong_type",
            "/announcements",
            _("announcements must be a list, not {type}.").format(
                type=_type_name(announcements)
            ),
        )
        parsed.complete = False
    else:
        for i, value in enumerate(announcements):
            announcement = _parse_announcement(i, value, parsed.play_mode, errors)
            if announcement is None:
                parsed.complete = False
            else:
                parsed.announcements.append(announcement)
    if "silent" in data:
        parsed.silent = _parse_silent(data["silent"], errors)
        if parsed.silent is None:
            parsed.complete = False
    return parsed
