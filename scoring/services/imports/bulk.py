"""The set-based store of a matches file (issue 24): the same rows and records as
storing each match through the services (``store._store_match``: match_create,
jury_approve, lineup_set, match_cut_set, hand_save, match_complete), written a few
hundred matches at a time with ``bulk_create`` and ``core.bulk.history_copy``.

What is looked up is read once and kept (teams, players, each season's memberships,
captains and championship matches played, each competition's matches for the
"already stored" test); the engine's verdict of each match record, judged for the
whole file by the pure pass, is reused for the hands and the results (R11).

A match whose storing would be anything but the plain case is stored through the
services instead, after the matches before it are written, so the rows keep the
file's order and the refusal its exact words: a cup match (its tie, registrations
and the cup's whole-file checks, R15), a final year or a closed competition (R15),
a team at the 52-match cap (R15), a name
several players share, a player of another team, a line-up the season's members do
not allow, a record with the wrong number of hands. ``store`` decides; this module
only plans and writes the plain matches.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop

from competitions.models import (
    AnnualMeeting,
    Closing,
    Competition,
    JuryApproval,
    Lineup,
    Match,
    MatchResult,
    Membership,
    NoticeKind,
    Player,
    Season,
    Team,
    TeamCaptain,
)
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.selectors.matches import in_championship
from competitions.services.matches import matches_followup_queue
from competitions.services.notices import notice_match
from scoring.engine import MATCH_HANDS, TIEBREAK_HANDS
from scoring.models import Hand
from scoring.services.imports.bulk_rows import Pending, match_rows
from scoring.services.imports.checks import PlannedMatch
from scoring.services.imports.places import KIND_HANDLERS, Placement
from tarokk_admin.core.bulk import history_copy, history_steps, rows_insert
from tarokk_admin.core.history import history_user
from tarokk_admin.core.words import app_words

# Matches written together (a flush); progress is reported after each.
FLUSH_EVERY = 250
NAMES_PER_QUERY = 500


class Fallback(Exception):
    """This match is stored through the services (see the module)."""


FALLBACK: Any = object()  # what the store's loop makes of a Fallback


@dataclass
class _SeasonData:
    """What one season's matches look up: members by team, each player's team,
    championship matches played by team (void ones left out), captained teams."""

    members: dict[int, dict[int, str]] = field(default_factory=dict)
    team_of: dict[int, int] = field(default_factory=dict)
    played: Counter[int] = field(default_factory=Counter)
    captained: set[int] = field(default_factory=set)
    # R15, competitions.services.finality: a year the annual meeting approved, and
    # the closed competitions (by id) and kinds, take no new match.
    final: bool = False
    closed: set[tuple[int, str]] = field(default_factory=set)


class BulkStore:
    """Plans the file's plain matches in order and writes them in batches."""

    def __init__(self, planned: list[PlannedMatch], store: Any) -> None:
        self.store = store
        self.user = store.user
        self.author = history_user()
        self.player_names = sorted(
            {name for one in planned for pair in one.lineups.values() for name in pair}
        )
        self.pending: list[Pending] = []
        self.teams: dict[str, Team] = {}
        self.forget()

    def forget(self) -> None:
        """Drop what was read (a match stored through the services changed it)."""
        self.players: dict[str, list[Player]] | None = None
        self.seasons: dict[int, _SeasonData] = {}
        self.places: dict[tuple[int, str], Placement] = {}
        self.present_index: dict[int, dict[tuple, list[Any]]] = {}

    # --- reading ------------------------------------------------------------------

    def team(self, name: str) -> Team:
        name = name.strip()
        if name not in self.teams:
            with transaction.atomic():
                self.teams[name], _created = Team.objects.get_or_create(name=name)
        return self.teams[name]

    def season_data(self, season: Season) -> _SeasonData:
        if season.pk not in self.seasons:
            data = _SeasonData()
            for team_id, player_id, role in Membership.objects.filter(
                season=season
            ).values_list("team_id", "player_id", "role"):
                data.members.setdefault(team_id, {})[player_id] = role
                data.team_of[player_id] = team_id
            counted = (
                Match.objects.filter(competition__season=season)
                .exclude(status=Match.Status.VOID)
                .filter(
                    Q(competition__kind=Competition.Kind.CHAMPIONSHIP)
                    | Q(counts_for_championship=True)
                )
            )
            for a, b in counted.values_list("team_a_id", "team_b_id"):
                data.played[a] += 1
                data.played[b] += 1
            data.captained = set(
                TeamCaptain.objects.filter(season=season).values_list(
                    "team_id", flat=True
                )
            )
            data.final = AnnualMeeting.objects.filter(year=season.year).exists()
            data.closed = set(
                Closing.objects.filter(competition__season=season).values_list(
                    "competition_id", "competition__kind"
                )
            )
            self.seasons[season.pk] = data
        return self.seasons[season.pk]

    def players_named(self, name: str) -> list[Player]:
        if self.players is None:
            self.players = {}
            for start in range(0, len(self.player_names), NAMES_PER_QUERY):
                names = self.player_names[start : start + NAMES_PER_QUERY]
                for player in Player.objects.filter(name__in=names).order_by("pk"):
                    self.players.setdefault(player.name, []).append(player)
        return self.players.get(name, [])

    def place(self, one: PlannedMatch, season: Season, teams: tuple[Team, Team]):
        kind = one.spec["kind"]
        if kind == Competition.Kind.CUP:
            raise Fallback  # the tie, the registrations, the cup's own refusals
        handler = KIND_HANDLERS[kind]
        if kind != Competition.Kind.GRAND_PRIX:  # one competition a season
            key = (season.pk, kind)
            if key not in self.places:
                with transaction.atomic():
                    self.places[key] = handler.place(one.spec, season, teams)
            return self.places[key]
        with transaction.atomic():
            return handler.place(one.spec, season, teams)

    def _index(self, competition_id: int) -> dict[tuple, list[Any]]:
        """The competition's matches by what makes two matches the same (the
        hands aside): their hands, or the stored match's id (hands read when
        needed)."""
        if competition_id not in self.present_index:
            index: dict[tuple, list[Any]] = {}
            rows = Match.objects.filter(competition_id=competition_id).values_list(
                "pk", "team_a_id", "team_b_id", "date", "tie_id", "tiebreak", "round",
                "first_attack_id",
            )  # fmt: skip
            for pk, a, b, *rest in rows:
                index.setdefault((frozenset((a, b)), *rest), []).append(pk)
            self.present_index[competition_id] = index
        return self.present_index[competition_id]

    def present(self, one: PlannedMatch, place: Placement, key_teams, first) -> bool:
        """The same match is already stored, or planned earlier in the file
        (``store._already_present``)."""
        key = (
            frozenset(t.pk for t in key_teams),
            one.date,
            place.tie.pk if place.tie else None,
            place.tiebreak,
            place.round,
            first.pk,
        )
        entries = self._index(place.competition.pk).setdefault(key, [])
        for number, entry in enumerate(entries):
            if isinstance(entry, int):
                hands = Hand.objects.filter(match_id=entry).order_by("number")
                entry = entries[number] = [hand.record for hand in hands]
            if entry == one.hands:
                return True
        entries.append(one.hands)
        return False

    # --- planning -----------------------------------------------------------------

    def plan(self, one: PlannedMatch) -> Match | None:
        """The match to write at the next flush; None when it is stored already.
        Raises :class:`Fallback` when the services must store it."""
        season = self.store.season(one.spec["season"])
        team_a, team_b = teams = (self.team(one.teams[0]), self.team(one.teams[1]))
        place = self.place(one, season, teams)
        competition = place.competition
        first = team_a if one.first_attack == one.teams[0] else team_b
        expected = TIEBREAK_HANDS if place.tiebreak else MATCH_HANDS
        if len(one.hands) != expected:
            raise Fallback
        if self.present(one, place, teams, first):
            return None
        data = self.season_data(season)
        counts = competition.counts_for_championship
        if data.final or any(  # finality's guards refuse it, in their words
            pk == competition.pk or (counts and kind == Competition.Kind.CHAMPIONSHIP)
            for pk, kind in data.closed
        ):
            raise Fallback
        if one.date > timezone.localdate():
            raise Fallback  # match_complete refuses an early completion (issue 20)
        championship = in_championship(competition, counts)
        if championship and any(
            data.played[t.pk] >= CHAMPIONSHIP_MATCH_CAP for t in teams
        ):
            raise Fallback  # R15: match_create refuses it, in its words
        pairs = self._lineups(one, season, teams, data)
        match = Match(
            competition=competition,
            team_a=team_a,
            team_b=team_b,
            date=one.date,
            venue=one.venue,
            public=one.public,
            tie=place.tie,
            tiebreak=place.tiebreak,
            round=place.round,
            counts_for_championship=counts,
            first_attack=first,
            status=Match.Status.COMPLETED,
        )
        self._members_create(season, teams, pairs, data)
        if championship:
            for team in teams:
                data.played[team.pk] += 1
        self.pending.append(self._rows(one, match, season, teams, pairs, data))
        return match

    def _lineups(
        self, one: PlannedMatch, season: Season, teams, data: _SeasonData
    ) -> list[tuple[Player, Player]]:
        """Each team's driver and catcher (``store._lineup`` and ``lineup_set``),
        players not yet stored are created; raises Fallback on anything refused."""
        pairs = []
        for name, team in zip(one.teams, teams, strict=True):
            members = data.members.get(team.pk, {})
            pair = tuple(
                self._player(player_name, team, members)
                for player_name in one.lineups[name]
            )
            if not members:  # the line-up's players become the team's members
                if any(p.pk is not None and p.pk in data.team_of for p in pair):
                    raise Fallback  # player_in_other_team
                allowed = {id(pair[0]): "driver", id(pair[1]): "catcher"}
            else:
                allowed = {id(p): members.get(p.pk) for p in pair if p.pk is not None}
            for player, role in zip(pair, ("driver", "catcher"), strict=True):
                if allowed.get(id(player)) not in (role, "substitute"):
                    raise Fallback  # lineup_set refuses it
            pairs.append(pair)
        ids = [p.pk for pair in pairs for p in pair if p.pk is not None]
        if len(ids) != len(set(ids)):
            raise Fallback  # a player on both sides
        for player in (p for pair in pairs for p in pair if p.pk is None):
            player.federation_number = self.store.placeholder()  # in this order
            with transaction.atomic():
                player.save()
        return pairs

    def _player(self, name: str, team: Team, members: dict[int, str]) -> Player:
        """``store._player`` without writing: a player not yet stored has no id
        (created once the whole line-up is allowed)."""
        found = self.players_named(name)
        if len(found) == 1:
            return found[0]
        if found:
            mine = [p for p in found[:5] if p.pk in members]
            if len(mine) == 1 and len(found) <= 5:
                return mine[0]
            raise Fallback  # ambiguous_player
        player = Player(name=name)
        self.players_named(name)  # loaded
        assert self.players is not None
        self.players[name] = [player]
        return player

    def _members_create(self, season, teams, pairs, data: _SeasonData) -> None:
        for team, (driver, catcher) in zip(teams, pairs, strict=True):
            if data.members.get(team.pk):
                continue
            for player, role in (
                (driver, Membership.Role.DRIVER),
                (catcher, Membership.Role.CATCHER),
            ):
                with transaction.atomic():
                    Membership.objects.create(
                        season=season, team=team, player=player, role=role
                    )
                data.members.setdefault(team.pk, {})[player.pk] = role
                data.team_of[player.pk] = team.pk

    def _rows(self, one, match: Match, season, teams, pairs, data) -> Pending:
        notify = bool({t.pk for t in teams} & data.captained)
        return match_rows(one, match, season, teams, pairs, self.user, notify)

    # --- writing ------------------------------------------------------------------

    def flush(self) -> None:
        """Write the planned matches as match_create … match_complete write them."""
        pending, self.pending = self.pending, []
        if not pending:
            return
        now = timezone.now()
        matches = [p.match for p in pending]
        for match in matches:
            match.completed_at = now
        for match in matches:
            match._prepare_related_fields_for_save(operation_name="bulk_create")
        rows_insert(Match, matches)
        ids = [match.pk for match in matches]
        self._create(JuryApproval, [p.approval for p in pending if p.approval])
        self._create(Lineup, [row for p in pending for row in p.lineups])
        # hand_save marks its history with the user who saved the hand.
        self._create(Hand, [row for p in pending for row in p.hands], self.user)
        before = {"status": Match.Status.SCHEDULED, "completed_at": None}
        history_steps(
            Match,
            ids,
            [
                ("+", None, before | {"first_attack": None}),  # match_create
                ("~", None, before),  # match_cut_set
                # hand 1 and match_complete mark their history with the user.
                ("~", None, before | {"status": Match.Status.IN_PLAY}, self.user),
                ("~", app_words(gettext_noop("completed")), {}, self.user),
            ],
            user=self.author,
        )
        self._create(MatchResult, [row for p in pending for row in p.results])
        # The captains' notices (match_complete's); the follow-up is queued for
        # many matches at once (``followup``).
        for p in pending:
            if p.notify:
                notice_match(NoticeKind.RESULT_COMPLETED, match=p.match)

    def followup(self, match_ids: list[int]) -> None:
        """One follow-up for the matches written since the last one (issue 24):
        their trophies, standings and statistics at once. Queued before a match
        stored through the services and at the end, so the follow-ups keep the
        order of the matches."""
        matches_followup_queue(match_ids, run=getattr(self.store, "run_id", None))

    def _history(
        self, model, ids, history_type: str, values: dict, author: Any = None
    ) -> None:
        history_copy(
            model,
            ids,
            history_type=history_type,
            reason=None,
            user=author or self.author,
            values=values,
        )

    def _create(self, model, rows: list[Any], author: Any = None) -> None:
        if rows:
            for row in rows:  # as bulk_create takes the related rows' new ids
                row._prepare_related_fields_for_save(operation_name="bulk_create")
            rows_insert(model, rows)
            self._history(model, [row.pk for row in rows], "+", {}, author)
