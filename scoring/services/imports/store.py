"""Bringing played matches in: the matches file ``royal-tarokk-matches/1``
(HAND_RECORD.md, "Matches file"), shared by ``manage.py import_matches`` and the
officials' upload page.

Two passes. The first is pure (``import_checks``): the file's shape, every key
(unknown keys are errors), every match record judged by the engine. The second runs
in one transaction and stores the matches: set-based (``batches`` and ``bulk``,
issue 24: the plain matches written a few hundred at a time, the others through
the services), or, as the reference the bulk store is compared with, each match
through the services (match_create, jury_approve, lineup_set, match_cut_set,
hand_save, match_complete), each in its own savepoint so that every refusal is
reported. Any error rolls the whole file back (all or nothing). Errors have the
engine's shape, ``{"code", "message", "path"}``, with a JSON Pointer into the file
(``/matches/4/record/hands/2/...``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import DatabaseError, OperationalError, connection, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from competitions.models import Match, Membership, Player, Season, Team
from competitions.selectors.matches import (
    match_needs_jury_approval,
    match_start_datetime,
)
from competitions.services.lineups import lineup_set
from competitions.services.matches import (
    jury_approve,
    match_complete,
    match_create,
    match_cut_set,
)
from scoring.engine.errors import Errors, pointer
from scoring.errors import ERRORS
from scoring.services.hands import hand_save
from scoring.services.imports.batches import store_bulk
from scoring.services.imports.checks import PlannedMatch, matches_file_check
from scoring.services.imports.places import KIND_HANDLERS, Placement
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.jsonio import json_parse
from tarokk_admin.core.problems import Problem
from tarokk_admin.core.roles import Role, official_check

IMPORT_USERNAME = "import"
PLACEHOLDER_PREFIX = "IMP-"
# The key of the PostgreSQL advisory lock that one import holds while it stores.
IMPORT_LOCK_KEY = 0x7A_C0_12

PROGRESS_EVERY = 25  # matches between two progress reports while storing
# Told how far an import got: ("checked" | "stored", matches so far).
Progress = Callable[[str, int], None]


@dataclass
class ImportOutcome:
    """``imported``: matches stored now; ``present``: matches already stored by an
    earlier import (not stored again, not counted in ``imported``)."""

    imported: int = 0
    present: int = 0
    errors: list[dict[str, str]] = field(default_factory=list)
    match_ids: list[int] = field(default_factory=list)
    # The paths of the matches already stored (``/matches/3``).
    present_paths: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_json(self) -> dict[str, Any]:
        if self.errors:
            return {"valid": False, "errors": self.errors}
        return {"imported": self.imported}


class _Refused(Exception):
    """A service refused a match of the file: its problem at the match's path."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.error = problem.as_json()


def matches_file_parse(text: str | bytes, *, source: str) -> tuple[Any, dict | None]:
    """The parsed JSON of an uploaded or pasted matches file, or an engine-shaped
    error (``unreadable_file`` / ``invalid_json``)."""
    return json_parse(text, source=source)


def import_user() -> Any:
    """The account that the command line's imports are recorded under: an official
    who cannot log in (inactive, no usable password)."""
    user, created = get_user_model().objects.get_or_create(
        username=IMPORT_USERNAME, defaults={"is_active": False}
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
        user.groups.add(Group.objects.get_or_create(name=Role.OFFICIAL.value)[0])
    return user


def matches_import(
    *,
    data: Any,
    user: Any,
    progress: Progress | None = None,
    bulk: bool = True,
    run_id: int | None = None,
) -> ImportOutcome:
    """Import a parsed matches file as ``user`` (an official): all or nothing.
    ``progress`` is told how many matches were checked, then stored.

    ``bulk`` (the import page, the worker and ``manage.py import_matches``): the
    set-based store (``bulk``); False stores every match through the services one
    by one, kept only as the reference the bulk store is compared with
    (tests/scoring/services/test_import_bulk.py). ``run_id``: the import's record,
    whose page tells when the follow-up of its matches is done."""
    official_check(user, ERRORS.error("not_an_official__matches_import"))
    errors = Errors()
    planned = matches_file_check(
        data,
        errors,
        None if progress is None else (lambda count: progress("checked", count)),
    )
    outcome = ImportOutcome(errors=errors.as_list())
    if progress is not None:
        progress("checked", len(planned) + _matches_with_errors(outcome.errors))
    if planned:
        _store_all(planned, user, outcome, progress, bulk=bulk, run_id=run_id)
    if outcome.errors:
        outcome.imported = outcome.present = 0
        outcome.match_ids = []
        outcome.present_paths = []
        outcome.errors = [_printable(error) for error in outcome.errors]
    return outcome


def _matches_with_errors(errors: list[dict[str, str]]) -> int:
    return len(
        {e["path"].split("/")[2] for e in errors if e["path"][:9] == "/matches/"}
    )


def _printable(error: dict[str, str]) -> dict[str, str]:
    """A NUL character quoted in a message or a path is shown escaped (no database
    column or page holds it)."""
    return {key: str(value).replace("\x00", "\\u0000") for key, value in error.items()}


def imports_serialise() -> None:
    """One import stores at a time, so two imports of the same file (two processes,
    two officials) never both find a match missing and both store it: the second
    waits for the first to commit, then finds its matches present.

    PostgreSQL: an advisory lock held until the transaction ends. SQLite serialises
    writers; a first write takes its lock at once, before anything is read (a lone
    read would let another import write in between)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [IMPORT_LOCK_KEY])
    elif connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("UPDATE scoring_importrun SET id = id WHERE id = -1")


# --- pass 2: storing, in one transaction ---------------------------------------------


class _Store:
    """What one import has looked up or created, shared by its matches."""

    def __init__(self, user: Any, run_id: int | None = None) -> None:
        self.user = user
        self.run_id = run_id
        self.seasons: dict[int, Season] = {}
        self.next_placeholder: int | None = None

    def season(self, year: int) -> Season:
        if year not in self.seasons:
            # Spec silent: a season created by an import has its annual meeting on
            # 15 January (mid-January, R15); officials correct it in the admin.
            self.seasons[year], _created = Season.objects.get_or_create(
                year=year, defaults={"annual_meeting": dt.date(year, 1, 15)}
            )
        return self.seasons[year]

    def placeholder(self) -> str:
        """A unique federation number for a player created by an import."""
        if self.next_placeholder is None:
            taken = Player.objects.filter(
                federation_number__startswith=PLACEHOLDER_PREFIX
            ).values_list("federation_number", flat=True)
            suffixes = [int(n[4:]) for n in taken if n[4:].isdigit()]
            self.next_placeholder = max(suffixes, default=0) + 1
        number = self.next_placeholder
        self.next_placeholder += 1
        return f"{PLACEHOLDER_PREFIX}{number}"


def _store_all(
    planned: list[PlannedMatch],
    user: Any,
    outcome: ImportOutcome,
    progress: Progress | None,
    *,
    bulk: bool = True,
    run_id: int | None = None,
) -> None:
    from competitions.services.cup.imports import cup_import_finish

    store = _Store(user, run_id)
    stored: list[tuple[str, Match]] = []
    with transaction.atomic():
        try:
            imports_serialise()
        except OperationalError:  # SQLite: another import held on too long
            busy = Problem.refused(ERRORS.error("busy"), path="")
            outcome.errors.append(busy.as_json())
            return
        if bulk:
            store_bulk(planned, store, outcome, progress, stored, _store_one)
        else:
            for count, one in enumerate(planned, start=1):
                if progress is not None and count % PROGRESS_EVERY == 0:
                    progress("stored", count)
                _store_one(one, store, outcome, stored)
        if not outcome.errors:  # the cup's whole-file refusals (R15), then decisions
            outcome.errors.extend(cup_import_finish(stored=stored))
        if outcome.errors:
            transaction.set_rollback(True)


def _store_one(
    one: PlannedMatch,
    store: _Store,
    outcome: ImportOutcome,
    stored: list[tuple[str, Match]],
) -> None:
    """Store one match through the services, in a savepoint of its own."""
    try:
        with transaction.atomic():
            match = _store_match(one, store)
    except _Refused as refused:
        outcome.errors.append(refused.error)
        return
    except DatabaseError:  # a constraint the checks above missed
        refused = Problem.refused(ERRORS.error("refused__database"), path=one.path)
        outcome.errors.append(refused.as_json())
        return
    if match is None:
        outcome.present += 1
        outcome.present_paths.append(one.path)
    else:
        outcome.imported += 1
        outcome.match_ids.append(match.pk)
        stored.append((one.path, match))


def _refuse(error: ServiceError, path: str) -> _Refused:
    return _Refused(Problem.refused(error, path=path))


def _store_match(one: PlannedMatch, store: _Store) -> Match | None:
    """Store one match; None when the same match is already stored."""
    season = store.season(one.spec["season"])
    teams = tuple(_team(name) for name in one.teams)
    team_a, team_b = teams
    handler = KIND_HANDLERS[one.spec["kind"]]
    try:
        place = handler.place(one.spec, season, (team_a, team_b))
    except ServiceError as error:
        key = f"/{error.field}" if error.field else ""
        raise _refuse(error, f"{one.path}/competition{key}") from error
    first = team_a if one.first_attack == one.teams[0] else team_b
    if _already_present(one, place, (team_a, team_b), first):
        return None
    try:
        match = match_create(
            competition=place.competition,
            team_a=team_a,
            team_b=team_b,
            date=one.date,
            venue=one.venue,
            public=one.public,
            tie=place.tie,
            tiebreak=place.tiebreak,
            round=place.round,
            notify=False,  # a played match: its captains hear of the result
        )
    except ServiceError as error:
        raise _refuse(error, one.path) from error
    if match_needs_jury_approval(match):
        # HAND_RECORD.md: an import is an official's act and stands as the jury
        # approval (R15); recorded by the importing official just before the match.
        jury_approve(
            match=match,
            user=store.user,
            note=_("Imported from a matches file: the import stands as the approval."),
            when=match_start_datetime(match) - dt.timedelta(minutes=1),
        )
    for name, team in zip(one.teams, teams, strict=True):
        _lineup(one, match, name, team, store)
    match_cut_set(match=match, first_attack=first)
    try:
        for number, hand in enumerate(one.hands, start=1):
            hand_save(match=match, number=number, record=hand, user=store.user)
        match_complete(match=match, user=store.user)
    except ServiceError as error:
        raise _refuse(error, f"{one.path}/record") from error
    return match


def _team(name: str) -> Team:
    team, _created = Team.objects.get_or_create(name=name.strip())
    return team


def _already_present(
    one: PlannedMatch, place: Placement, teams: tuple[Team, Team], first: Team
) -> bool:
    """The same competition, date, teams, cut and hands are already stored (a void
    match counts: re-importing does not bring it back)."""
    a, b = teams
    candidates = Match.objects.filter(
        Q(team_a=a, team_b=b) | Q(team_a=b, team_b=a),
        competition=place.competition,
        date=one.date,
        tie=place.tie,
        tiebreak=place.tiebreak,
        round=place.round,
        first_attack=first,
    ).prefetch_related("hands")
    for match in candidates:
        stored = [hand.record for hand in sorted(match.hands.all(), key=_number)]
        if stored == one.hands:
            return True
    return False


def _number(hand: Any) -> int:
    return int(hand.number)


def _lineup(
    one: PlannedMatch, match: Match, name: str, team: Team, store: _Store
) -> None:
    """The team's line-up; a team without members this season gets the line-up's
    players as its driver and catcher (HAND_RECORD.md)."""
    season = match.competition.season
    path = pointer("lineups", name)
    driver_name, catcher_name = one.lineups[name]
    driver = _player(driver_name, team, season, store, f"{one.path}{path}/driver")
    catcher = _player(catcher_name, team, season, store, f"{one.path}{path}/catcher")
    if not Membership.objects.filter(season=season, team=team).exists():
        for player, role, key in (
            (driver, Membership.Role.DRIVER, "driver"),
            (catcher, Membership.Role.CATCHER, "catcher"),
        ):
            other = (
                Membership.objects.filter(season=season, player=player)
                .select_related("team")
                .first()
            )
            if other is not None:
                raise _refuse(
                    ERRORS.error(
                        "player_in_other_team",
                        player=player.name,
                        team=other.team,
                        year=season.year,
                    ),
                    f"{one.path}{path}/{key}",
                )
            Membership.objects.create(
                season=season, team=team, player=player, role=role
            )
    try:
        lineup_set(match=match, team=team, driver=driver, catcher=catcher)
    except ServiceError as error:
        key = f"/{error.field}" if error.field else ""
        raise _refuse(error, f"{one.path}{path}{key}") from error


def _player(name: str, team: Team, season: Season, store: _Store, path: str) -> Player:
    """The player of that name; created (with a placeholder federation number) when
    unknown. Several players of one name: the team's member of the season."""
    found = list(Player.objects.filter(name=name)[:5])
    if len(found) == 1:
        return found[0]
    if found:
        members = [
            p
            for p in found
            if Membership.objects.filter(season=season, team=team, player=p).exists()
        ]
        if len(members) == 1:
            return members[0]
        raise _refuse(
            ERRORS.error(
                "ambiguous_player", name=name, team=team.name, year=season.year
            ),
            path,
        )
    return Player.objects.create(name=name, federation_number=store.placeholder())
