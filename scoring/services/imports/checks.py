"""The pure pass of a matches file import (HAND_RECORD.md, "Matches file"): the file's
shape, every key (unknown keys are errors, each at its JSON Pointer path), each match
record judged by the engine, each competition's kind-specific keys checked by its
handler. No database access."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from scoring.engine import score_match_record
from scoring.engine.errors import Errors, pointer, quote
from scoring.services.imports.places import KIND_HANDLERS

MATCHES_FORMAT = "royal-tarokk-matches/1"
FILE_KEYS = frozenset({"format", "matches"})
MATCH_KEYS = frozenset({"competition", "date", "venue", "public", "lineups", "record"})
MATCH_REQUIRED = frozenset({"competition", "date", "lineups", "record"})
LINEUP_KEYS = frozenset({"driver", "catcher"})
NAME_MAX = 120
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclass
class PlannedMatch:
    """One match of the file after the pure pass."""

    path: str
    spec: dict[str, Any]
    date: dt.date
    venue: str
    public: bool
    teams: tuple[str, str]
    first_attack: str
    lineups: dict[str, tuple[str, str]]
    hands: list[Any]
    # The engine's verdict on the file's match record (score_match_record), kept so
    # that the bulk store does not judge the same hands again.
    judged: dict[str, Any] | None = None


def _unknown_keys(value: dict, allowed: frozenset[str], path: str, errors: Errors):
    for key in value:
        if key not in allowed:
            errors.add(
                "unknown_key",
                path + pointer(key),
                _("Unknown key %(key)s; allowed here: %(allowed)s.")
                % {"key": quote(key), "allowed": ", ".join(sorted(allowed))},
            )


def _name(value: Any, path: str, what: str, errors: Errors) -> str | None:
    if not isinstance(value, str) or not value.strip() or len(value) > NAME_MAX:
        errors.add(
            "wrong_type",
            path,
            _("%(what)s must be a name of 1-120 characters; got %(value)s.")
            % {"what": what, "value": quote(value)},
        )
        return None
    return value.strip()


CHECK_PROGRESS_EVERY = 100  # matches between two progress reports while checking
# A file of more matches is refused before any is checked (a 6,000-match file is
# about 33 MB; uploads end at 64 MB).
MATCHES_MOST = 12_000
# The check stops after this many problems: enough to fix before trying again, and
# the run's page, its record and the command's answer stay small whatever the file.
PROBLEMS_MOST = 500


def matches_file_check(
    data: Any, errors: Errors, progress: Callable[[int], None] | None = None
) -> list[PlannedMatch]:
    """The pure pass; ``progress`` is told every so many matches how many were
    checked."""
    if not isinstance(data, dict):
        errors.add("wrong_type", "", _("A matches file must be a JSON object."))
        return []
    _unknown_keys(data, FILE_KEYS, "", errors)
    if data.get("format") != MATCHES_FORMAT:
        code = "missing_key" if "format" not in data else "unknown_format"
        errors.add(code, "/format", _("format must be %s.") % quote(MATCHES_FORMAT))
    matches = data.get("matches")
    if not isinstance(matches, list) or not matches:
        errors.add(
            "missing_key" if matches is None else "wrong_type",
            "/matches",
            _("matches must be a list of at least one match."),
        )
        return []
    if len(matches) > MATCHES_MOST:
        errors.add(
            "too_many_matches",
            "/matches",
            _(
                "A matches file holds at most %(most)s matches; this one holds "
                "%(count)s: split it into smaller files."
            )
            % {"most": MATCHES_MOST, "count": len(matches)},
        )
        return []
    _nul_characters({k: v for k, v in data.items() if k != "matches"}, "", errors)
    planned = []
    for index, entry in enumerate(matches):
        match_errors = Errors(prefix=pointer("matches", index))
        _nul_characters(entry, "", match_errors)
        one = _check_match(entry, match_errors)
        errors.items.extend(match_errors.items)
        if len(errors) > PROBLEMS_MOST:
            del errors.items[PROBLEMS_MOST:]
            errors.add(
                "too_many_problems",
                pointer("matches", index),
                _(
                    "The check stopped at match %(n)s of %(total)s after %(count)s "
                    "problems: fix these and import the file again."
                )
                % {"n": index + 1, "total": len(matches), "count": PROBLEMS_MOST},
            )
            return []  # nothing of a file with problems is stored
        if one is not None and not match_errors:
            planned.append(one)
        if progress is not None and (index + 1) % CHECK_PROGRESS_EVERY == 0:
            progress(index + 1)
    return planned


def _nul_characters(value: Any, path: str, errors: Errors) -> None:
    """Text with a NUL character (U+0000) anywhere in the file, key or value: no
    database column can hold it (PostgreSQL refuses it outright)."""
    if isinstance(value, str):
        if "\x00" in value:
            errors.add(
                "nul_character",
                path,
                _("This text holds a NUL character (\\u0000); remove it."),
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            where = path + pointer(str(key).replace("\x00", "\\u0000"))
            _nul_characters(key, where, errors)
            _nul_characters(item, where, errors)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _nul_characters(item, path + pointer(index), errors)


def _check_competition(spec: Any, record: Any, errors: Errors) -> int | None:
    """The season year; the kind's own keys are checked by its handler."""
    if not isinstance(spec, dict):
        errors.add(
            "wrong_type", "/competition", _("competition must be a JSON object.")
        )
        return None
    kind = spec.get("kind")
    handler = KIND_HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        errors.add(
            "missing_key" if kind is None else "unknown_code",
            "/competition/kind",
            _("kind must be one of %(kinds)s; got %(value)s.")
            % {
                "kinds": ", ".join(sorted(map(str, KIND_HANDLERS))),
                "value": quote(kind),
            },
        )
        _unknown_keys(spec, frozenset({"season", "kind"}), "/competition", errors)
    else:
        allowed = handler.keys | {"season", "kind"}
        _unknown_keys(spec, allowed, "/competition", errors)
        for key in sorted(handler.required - set(spec)):
            errors.add(
                "missing_key",
                f"/competition/{key}",
                _("A %(kind)s match needs %(key)s in its competition.")
                % {"kind": kind, "key": key},
            )
        handler.check(spec, record, errors)
    if kind != "cup" and isinstance(record, dict) and record.get("tiebreak") is True:
        errors.add(
            "tiebreak_mismatch",
            "/record/tiebreak",
            _("Only a cup match can be a tie-breaker (R15)."),
        )
    season = spec.get("season")
    if isinstance(season, bool) or not isinstance(season, int):
        errors.add(
            "missing_key" if season is None else "wrong_type",
            "/competition/season",
            _("season must be a year such as 2026; got %(value)s.")
            % {"value": quote(season)},
        )
        return None
    if not 1900 <= season <= 2999:
        errors.add(
            "out_of_range",
            "/competition/season",
            _("season %(value)s is not a plausible year.") % {"value": season},
        )
        return None
    return season


def _check_lineups(
    lineups: Any, teams: tuple[str, str] | None, errors: Errors
) -> dict[str, tuple[str, str]]:
    if not isinstance(lineups, dict):
        errors.add(
            "wrong_type",
            "/lineups",
            _("lineups must be an object: each team's name -> its driver and catcher."),
        )
        return {}
    out: dict[str, tuple[str, str]] = {}
    for team, lineup in lineups.items():
        path = pointer("lineups", team)
        if teams is not None and team not in teams:
            errors.add(
                "unknown_team_name",
                path,
                _("%(team)s is not one of the match record's teams %(teams)s.")
                % {"team": quote(team), "teams": quote(list(teams))},
            )
            continue
        if not isinstance(lineup, dict):
            errors.add("wrong_type", path, _("A line-up is an object."))
            continue
        _unknown_keys(lineup, LINEUP_KEYS, path, errors)
        names = [
            _name(lineup.get(role), f"{path}/{role}", role, errors)
            for role in ("driver", "catcher")
        ]
        if names[0] and names[0] == names[1]:
            errors.add(
                "same_player",
                f"{path}/catcher",
                _("%(name)s cannot be both driver and catcher (R15).")
                % {"name": quote(names[1])},
            )
        elif names[0] and names[1]:
            out[team] = (names[0], names[1])
    for team in teams or ():
        if team not in lineups:
            errors.add(
                "missing_key",
                "/lineups",
                _("lineups has no line-up for %(team)s.") % {"team": quote(team)},
            )
    if len(out) == 2:
        (_first, pair_a), (b, pair_b) = out.items()
        for name in sorted(set(pair_a) & set(pair_b)):
            errors.add(
                "same_player",
                pointer("lineups", b),
                _("%(name)s cannot play on both sides of a match (R15).")
                % {"name": quote(name)},
            )
    return out


def _check_match(entry: Any, errors: Errors) -> PlannedMatch | None:
    if not isinstance(entry, dict):
        errors.add("wrong_type", "", _("A match must be a JSON object."))
        return None
    _unknown_keys(entry, MATCH_KEYS, "", errors)
    for key in sorted(MATCH_REQUIRED - set(entry)):
        errors.add("missing_key", f"/{key}", _("A match needs %s.") % key)
    record = entry.get("record")
    judged = None
    if "record" in entry:
        judged = score_match_record(record)
        record_errors = Errors(prefix=errors.prefix + "/record")
        for error in judged["errors"]:
            record_errors.add(error["code"], error["path"], error["message"])
        errors.items.extend(record_errors.items)
    season = _check_competition(entry.get("competition", {}), record, errors)
    day = _check_date(entry.get("date"), season, errors) if "date" in entry else None
    venue = entry.get("venue", "")
    if not isinstance(venue, str) or len(venue) > NAME_MAX:
        errors.add(
            "wrong_type",
            "/venue",
            _("venue must be text of at most 120 characters; got %(value)s.")
            % {"value": quote(venue)},
        )
    public = entry.get("public", True)
    if not isinstance(public, bool):
        errors.add(
            "wrong_type",
            "/public",
            _("public must be true or false; got %(value)s.")
            % {"value": quote(public)},
        )
    teams = _record_teams(record)
    for index, team in enumerate(teams or ()):
        if len(team.strip()) > NAME_MAX:
            errors.add(
                "too_long",
                f"/record/teams/{index}",
                _("A team's name has at most 120 characters; this one has %(n)s.")
                % {"n": len(team.strip())},
            )
    lineups = (
        _check_lineups(entry.get("lineups"), teams, errors)
        if "lineups" in entry
        else {}
    )
    if errors or day is None or teams is None:
        return None
    return PlannedMatch(
        path=errors.prefix,
        spec=entry["competition"],
        date=day,
        venue=venue.strip(),
        public=public,
        teams=teams,
        first_attack=record["first_attack"],
        lineups=lineups,
        hands=record["hands"],
        judged=judged,
    )


def _record_teams(record: Any) -> tuple[str, str] | None:
    teams = record.get("teams") if isinstance(record, dict) else None
    if (
        isinstance(teams, list)
        and len(teams) == 2
        and all(isinstance(t, str) and t.strip() for t in teams)
        and teams[0] != teams[1]
    ):
        return teams[0], teams[1]
    return None


def _check_date(value: Any, season: int | None, errors: Errors) -> dt.date | None:
    day = None
    if isinstance(value, str) and _DATE.match(value):
        try:
            day = dt.date.fromisoformat(value)
        except ValueError:
            day = None
    if day is None:
        errors.add(
            "wrong_type",
            "/date",
            _("date must be a date written YYYY-MM-DD; got %(value)s.")
            % {"value": quote(value)},
        )
    elif season is not None and day.year != season:
        errors.add(
            "out_of_range",
            "/date",
            _("The date %(date)s is outside the %(year)s season (R15).")
            % {"date": value, "year": season},
        )
    return day
