"""Format validation of a hand record (HAND_RECORD.md): shape, types, ranges and codes.

Turns any JSON value into a :class:`ParsedHand` and collects every format error instead
of stopping at the first. Rule checks across fields live in :mod:`.checks`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from . import cards as c
from .announcements import parse_announcement
from .catalogue import FEASTS, TEAM_ANNOUNCEMENTS_MOST
from .codes import ErrorCode
from .errors import Errors, pointer, quote
from .fields import int_in, type_name, unknown_keys
from .i18n import _
from .sheet import FACT_FIELDS, SIDES, Announcement, Side, TeamFacts

HAND_FORMAT: Final = "royal-tarokk-hand/1"
HAND_KEYS: Final = frozenset(
    {"format", "attack", "defence", "tricks", "announcements", "silent", "deal", "play"}
)
FACT_KEYS: Final = frozenset(FACT_FIELDS)
TRICKS_KEYS: Final = frozenset({"attack"})
SILENT_KEYS: Final = frozenset(SIDES)
# R5: each team holds 6-16 trumps.
TRUMPS_RANGE: Final = (6, 16)
MIDDLE_SET: Final = frozenset(c.MIDDLE)
# Both teams' announcements together, at most (R12, R13; catalogue.most_per_team).
HAND_ANNOUNCEMENTS_MOST: Final = len(SIDES) * TEAM_ANNOUNCEMENTS_MOST


@dataclass(slots=True)
class ParsedHand:
    play_mode: bool = False
    facts: dict[Side, TeamFacts] = field(default_factory=dict)
    tricks_attack: int | None = None
    announcements: list[Announcement] = field(default_factory=list)
    silent: dict[Side, tuple[str, ...]] | None = None
    # False where an announcement or part of the record was too broken to judge further.
    complete: bool = True


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
        and 0 <= honours <= len(c.HONOURS)
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
            ErrorCode.WRONG_TYPE,
            path,
            _(
                "{side} must be an object with trumps, honours and middle, not {type}."
            ).format(side=side, type=type_name(value)),
        )
        return None
    unknown_keys(value, FACT_KEYS, path, errors)
    ok = True
    for key in FACT_FIELDS:
        if key not in value:
            errors.add(
                ErrorCode.MISSING_KEY,
                path + pointer(key),
                _("{side} needs {key}.").format(side=side, key=key),
            )
            ok = False
    if not ok:
        return None
    trumps = int_in(value, "trumps", *TRUMPS_RANGE, path, errors)
    honours = int_in(value, "honours", 0, len(c.HONOURS), path, errors)
    middle = value["middle"]
    held: list[str] = []
    if not isinstance(middle, list):
        errors.add(
            ErrorCode.WRONG_TYPE,
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
                    ErrorCode.UNKNOWN_CARD,
                    where,
                    _("middle lists only XVI, XVII and XVIII; got {value}.").format(
                        value=quote(card)
                    ),
                )
                ok = False
            elif card in held:
                errors.add(
                    ErrorCode.DUPLICATE_CARD,
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


def _parse_silent(value: object, errors: Errors) -> dict[Side, tuple[str, ...]] | None:
    """Silent premiums that score, per team (R7)."""
    if not isinstance(value, dict):
        errors.add(
            ErrorCode.WRONG_TYPE,
            "/silent",
            _(
                "silent must be an object with attack and defence lists, not {type}."
            ).format(type=type_name(value)),
        )
        return None
    unknown_keys(value, SILENT_KEYS, "/silent", errors)
    result: dict[Side, tuple[str, ...]] = {}
    ok = True
    for side in SIDES:
        codes = value.get(side, [])
        path = "/silent/" + side
        if not isinstance(codes, list):
            errors.add(
                ErrorCode.WRONG_TYPE,
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
                    ErrorCode.UNKNOWN_SILENT,
                    where,
                    _("Unknown silent premium {value} (R7).").format(value=quote(code)),
                )
                ok = False
            elif not FEASTS[code].is_silent:
                errors.add(
                    ErrorCode.UNKNOWN_SILENT,
                    where,
                    _(
                        "{feast} is not a silent premium; silent premiums are obscure, "
                        "lie_in_wait, four_kings, silent_mond_capture (R7)."
                    ).format(feast=_(FEASTS[code].name)),
                )
                ok = False
            elif code in seen:
                errors.add(
                    ErrorCode.REPEATED_SILENT,
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
            ErrorCode.WRONG_TYPE,
            "",
            _("A hand record must be a JSON object, not {type}.").format(
                type=type_name(data)
            ),
        )
        return None
    parsed = ParsedHand(play_mode="deal" in data or "play" in data)
    unknown_keys(data, HAND_KEYS, "", errors)
    _check_format(data, errors)
    required = ["announcements"]
    required += ["deal", "play"] if parsed.play_mode else ["attack", "defence"]
    for key in required:
        if key not in data:
            errors.add(
                ErrorCode.MISSING_KEY,
                pointer(key),
                _("{key} is required.").format(key=key),
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
        parsed.tricks_attack = _parse_tricks(data["tricks"], errors)
    _parse_announcements(data, parsed, errors)
    if "silent" in data:
        parsed.silent = _parse_silent(data["silent"], errors)
        if parsed.silent is None:
            parsed.complete = False
    return parsed


def _check_format(data: dict[str, object], errors: Errors) -> None:
    if "format" not in data:
        errors.add(
            ErrorCode.MISSING_KEY,
            "/format",
            _("format is required: {format}.").format(format=quote(HAND_FORMAT)),
        )
    elif data["format"] != HAND_FORMAT:
        errors.add(
            ErrorCode.UNKNOWN_FORMAT,
            "/format",
            _("Unknown format {value}; expected {format}.").format(
                value=quote(data["format"]), format=quote(HAND_FORMAT)
            ),
        )


def _parse_tricks(tricks: object, errors: Errors) -> int | None:
    """The attack's tricks (R2), given beside the facts; None when not valid."""
    if not isinstance(tricks, dict):
        errors.add(
            ErrorCode.WRONG_TYPE,
            "/tricks",
            _('tricks must be an object like {{"attack": 6}}, not {value}.').format(
                value=quote(tricks)
            ),
        )
        return None
    unknown_keys(tricks, TRICKS_KEYS, "/tricks", errors)
    if "attack" not in tricks:
        errors.add(ErrorCode.MISSING_KEY, "/tricks/attack", _("tricks needs attack."))
        return None
    return int_in(tricks, "attack", 0, c.TRICKS, "/tricks", errors)


def _parse_announcements(
    data: dict[str, object], parsed: ParsedHand, errors: Errors
) -> None:
    announcements = data.get("announcements", [])
    if not isinstance(announcements, list):
        errors.add(
            ErrorCode.WRONG_TYPE,
            "/announcements",
            _("announcements must be a list, not {type}.").format(
                type=type_name(announcements)
            ),
        )
        parsed.complete = False
    elif len(announcements) > HAND_ANNOUNCEMENTS_MOST:
        errors.add(
            ErrorCode.TOO_MANY_ANNOUNCEMENTS,
            "/announcements",
            _(
                "A hand lists at most {most} announcements (at most {team} a team: "
                "R12, R13); this record lists {given}, none of them was judged."
            ).format(
                most=HAND_ANNOUNCEMENTS_MOST,
                team=TEAM_ANNOUNCEMENTS_MOST,
                given=len(announcements),
            ),
        )
        parsed.complete = False
    else:
        for i, value in enumerate(announcements):
            announcement = parse_announcement(i, value, parsed.play_mode, errors)
            if announcement is None:
                parsed.complete = False
            else:
                parsed.announcements.append(announcement)
