"""The engine's public contract (HAND_RECORD.md): judge and score hand and match records.

``score_hand_record`` and ``score_match_record`` take any JSON value and return exactly
what the ``score_hand`` / ``score_match`` commands print. They never raise for a bad
record: they return ``valid: false`` with every error found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from . import checks
from .catalogue import FEASTS
from .codes import ErrorCode
from .errors import Errors, pointer, quote
from .i18n import _
from .labels import side_name
from .outcomes import check_outcomes
from .parse import ParsedHand, parse_hand
from .play import analyse_play
from .scoring import MATCH_HANDS, TIEBREAK_HANDS, score_hand
from .sheet import FACT_FIELDS, SIDES, Announcement, PlayFacts, Side, TeamFacts
from .sides import hand_sides, match_totals

MATCH_FORMAT: Final = "royal-tarokk-match/1"
MATCH_KEYS: Final = frozenset({"format", "teams", "first_attack", "hands", "tiebreak"})


def scoring_silent(
    achieved: dict[Side, tuple[str, ...]], announcements: Sequence[Announcement]
) -> dict[Side, tuple[str, ...]]:
    """R7: the achieved silent premiums that score, the suppressed ones left out."""
    result: dict[Side, tuple[str, ...]] = {}
    for side in SIDES:
        announced = {a.feast.code for a in announcements if a.team == side}
        result[side] = tuple(
            code
            for code in achieved[side]
            if not FEASTS[code].suppressed_by & announced
        )
    return result


def _facts_json(facts: TeamFacts) -> dict[str, Any]:
    return {
        "trumps": facts.trumps,
        "honours": facts.honours,
        "middle": list(facts.middle),
    }


def _apply_play(parsed: ParsedHand, play: PlayFacts, errors: Errors) -> dict[str, Any]:
    """Replace the record's facts by what the play shows; a given fact must agree."""
    for side in SIDES:
        given = parsed.facts.get(side)
        derived = play.facts[side]
        if given is None:
            continue
        for key in FACT_FIELDS:
            if getattr(given, key) != getattr(derived, key):
                errors.add(
                    ErrorCode.FACT_DISAGREES,
                    pointer(side, key),
                    _(
                        "The {side}'s {key} is given as {given}, but the deal shows "
                        "{derived} (R5)."
                    ).format(
                        side=side_name(side),
                        key=key,
                        given=quote(_facts_json(given)[key]),
                        derived=quote(_facts_json(derived)[key]),
                    ),
                )
    if parsed.tricks_attack is not None and parsed.tricks_attack != play.tricks_attack:
        errors.add(
            ErrorCode.FACT_DISAGREES,
            "/tricks/attack",
            _(
                "The attack's tricks are given as {given}, but the play shows "
                "{derived} (R2)."
            ).format(given=parsed.tricks_attack, derived=play.tricks_attack),
        )
    announcements = [
        replace(a, made=play.made[i]) for i, a in enumerate(parsed.announcements)
    ]
    for given_a, judged in zip(parsed.announcements, announcements, strict=True):
        if given_a.made is not None and given_a.made != judged.made:
            errors.add(
                ErrorCode.FACT_DISAGREES,
                pointer("announcements", given_a.index, "made"),
                (
                    _("{feast} is given as made, but the play shows it failed (R13).")
                    if given_a.made
                    else _(
                        "{feast} is given as failed, but the play shows it made (R13)."
                    )
                ).format(feast=_(given_a.feast.name)),
            )
    silent = scoring_silent(play.silent, announcements)
    if parsed.silent is not None:
        for side in SIDES:
            if sorted(parsed.silent.get(side, ())) != sorted(silent[side]):
                errors.add(
                    ErrorCode.FACT_DISAGREES,
                    pointer("silent", side),
                    _(
                        "The {side}'s silent premiums are given as {given}, but the "
                        "play shows {derived} (R7)."
                    ).format(
                        side=side_name(side),
                        given=quote(list(parsed.silent.get(side, ()))),
                        derived=quote(list(silent[side])),
                    ),
                )
    parsed.facts = dict(play.facts)
    parsed.tricks_attack = play.tricks_attack
    parsed.announcements = announcements
    parsed.silent = silent
    return {
        "attack": _facts_json(play.facts["attack"]),
        "defence": _facts_json(play.facts["defence"]),
        "tricks": {"attack": play.tricks_attack},
        "silent": {side: list(silent[side]) for side in SIDES},
        "made": [bool(a.made) for a in announcements],
    }


def judge_hand(data: object, errors: Errors) -> dict[str, Any] | None:
    """Validate and score one hand record; None (with ``errors`` filled) if invalid."""
    parsed = parse_hand(data, errors)
    if parsed is None:
        return None
    derived: dict[str, Any] | None = None
    if (
        parsed.play_mode
        and isinstance(data, dict)
        and "deal" in data
        and "play" in data
    ):
        play = analyse_play(data["deal"], data["play"], parsed.announcements, errors)
        if play is not None and parsed.complete:
            derived = _apply_play(parsed, play, errors)
    silent = parsed.silent or {}
    if len(parsed.facts) == 2 and not parsed.play_mode:
        checks.check_consolation(parsed.facts, errors)
    checks.check_messages(parsed.announcements, parsed.facts, errors)
    checks.check_contras(parsed.announcements, errors)
    checks.check_silent(parsed.announcements, silent, errors)
    checks.check_combinations(parsed.announcements, errors)
    check_outcomes(
        parsed.announcements, silent, parsed.facts, parsed.tricks_attack, errors
    )
    if errors or not parsed.complete or len(parsed.facts) != 2:
        return None
    scores = score_hand(parsed.facts, parsed.announcements, silent)
    result: dict[str, Any] = {
        "valid": True,
        "attack": scores["attack"],
        "defence": scores["defence"],
    }
    if derived is not None:
        result["derived"] = derived
    result["errors"] = []
    return result


def _invalid(errors: Errors) -> dict[str, Any]:
    return {"valid": False, "errors": errors.as_list()}


def score_hand_record(data: object) -> dict[str, Any]:
    """Judge and score one hand record (``royal-tarokk-hand/1``)."""
    errors = Errors()
    result = judge_hand(data, errors)
    return result if result is not None else _invalid(errors)


def _team_names(data: dict[str, Any], errors: Errors) -> tuple[str, str] | None:
    teams = data.get("teams")
    if "teams" not in data:
        errors.add(
            ErrorCode.MISSING_KEY, "/teams", _("teams is required: the two team names.")
        )
        return None
    if (
        not isinstance(teams, list)
        or len(teams) != 2
        or not all(isinstance(t, str) and t.strip() for t in teams)
    ):
        errors.add(
            ErrorCode.WRONG_TYPE,
            "/teams",
            _("teams must be a list of two team names; got {value}.").format(
                value=quote(teams)
            ),
        )
        return None
    if teams[0] == teams[1]:
        errors.add(
            ErrorCode.SAME_TEAM,
            "/teams/1",
            _("A match is between two teams; {team} is named twice.").format(
                team=quote(teams[1])
            ),
        )
        return None
    return teams[0], teams[1]


def score_match_record(data: object) -> dict[str, Any]:
    """Judge and score a match record (``royal-tarokk-match/1``, R3, R11, R15)."""
    errors = Errors()
    if not isinstance(data, dict):
        errors.add(ErrorCode.WRONG_TYPE, "", _("A match record must be a JSON object."))
        return _invalid(errors)
    _check_match_format(data, errors)
    teams = _team_names(data, errors)
    first_team = _first_attack(data, teams, errors)
    tiebreak = _tiebreak(data, errors)
    hands = _match_hands(data, tiebreak, errors)
    if hands is None:
        return _invalid(errors)
    results = []
    for i, hand in enumerate(hands):
        hand_errors = Errors(prefix=pointer("hands", i))
        results.append(judge_hand(hand, hand_errors))
        errors.items.extend(hand_errors.items)
    if errors or teams is None:
        return _invalid(errors)
    return _match_result(teams, first_team, tiebreak, results)


def _check_match_format(data: dict[str, Any], errors: Errors) -> None:
    for key in data:
        if key not in MATCH_KEYS:
            errors.add(
                ErrorCode.UNKNOWN_KEY,
                pointer(key),
                _("Unknown key {key}; allowed here: {allowed}.").format(
                    key=quote(key), allowed=", ".join(sorted(MATCH_KEYS))
                ),
            )
    if data.get("format") != MATCH_FORMAT:
        code = (
            ErrorCode.MISSING_KEY if "format" not in data else ErrorCode.UNKNOWN_FORMAT
        )
        errors.add(
            code,
            "/format",
            _("format must be {format}.").format(format=quote(MATCH_FORMAT)),
        )


def _first_attack(
    data: dict[str, Any], teams: tuple[str, str] | None, errors: Errors
) -> str:
    """R3: the team attacking in hand 1 (as the cut decided), one of the two."""
    first = data.get("first_attack")
    if teams is not None and first not in teams:
        errors.add(
            (
                ErrorCode.UNKNOWN_TEAM_NAME
                if "first_attack" in data
                else ErrorCode.MISSING_KEY
            ),
            "/first_attack",
            _(
                "first_attack must name one of the teams {teams}; got {value} (R3)."
            ).format(teams=quote(list(teams)), value=quote(first)),
        )
    return first if isinstance(first, str) else ""


def _tiebreak(data: dict[str, Any], errors: Errors) -> bool:
    tiebreak = data.get("tiebreak", False)
    if isinstance(tiebreak, bool):
        return tiebreak
    errors.add(
        ErrorCode.WRONG_TYPE,
        "/tiebreak",
        _("tiebreak must be true or false, not {value}.").format(value=quote(tiebreak)),
    )
    return False


def _match_hands(
    data: dict[str, Any], tiebreak: bool, errors: Errors
) -> list[object] | None:
    """The hand records: 8 in a match (R3), 2 in a cup tie-breaker (R15). Of a
    record with more, only as many as a match has are judged (the rest cannot be
    right; a record of thousands is answered at once)."""
    expected = TIEBREAK_HANDS if tiebreak else MATCH_HANDS
    hands = data.get("hands")
    if not isinstance(hands, list):
        errors.add(
            ErrorCode.MISSING_KEY if hands is None else ErrorCode.WRONG_TYPE,
            "/hands",
            _("hands must be a list of {count} hand records.").format(count=expected),
        )
        return None
    if len(hands) != expected:
        message = (
            _("A cup tie-breaker has {count} hands; this record has {given} (R3, R15).")
            if tiebreak
            else _("A match has {count} hands; this record has {given} (R3, R15).")
        )
        errors.add(
            ErrorCode.WRONG_HAND_COUNT,
            "/hands",
            message.format(count=expected, given=len(hands)),
        )
    return hands[:expected]


def _match_result(
    teams: tuple[str, str],
    first_team: str,
    tiebreak: bool,
    results: Sequence[dict[str, Any] | None],
) -> dict[str, Any]:
    """R3: attack alternates every hand; R11: the match points of the totals (a
    tie-breaker's raw sum, R15)."""
    judged = [result for result in results if result is not None]
    scores = [(r["attack"]["score"], r["defence"]["score"]) for r in judged]
    out_hands = [
        {**result, "attack_team": hand_sides(teams, first_team, number)[0]}
        for number, result in enumerate(judged, start=1)
    ]
    return {
        "valid": True,
        "teams": match_totals(teams, first_team, scores, tiebreak),
        "hands": out_hands,
        "errors": [],
    }


def sheet_from_play(record: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """The score-sheet record of a judged play record: its derived facts written out.

    ``result`` is ``score_hand_record(record)`` for a valid play record. Scoring the
    returned sheet gives the same result (less ``derived``).
    """
    derived = result["derived"]
    announcements = [
        {**announcement, "made": made}
        for announcement, made in zip(
            record["announcements"], derived["made"], strict=True
        )
    ]
    return {
        "format": record["format"],
        "attack": derived["attack"],
        "defence": derived["defence"],
        "tricks": derived["tricks"],
        "announcements": announcements,
        "silent": derived["silent"],
    }
