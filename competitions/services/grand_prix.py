"""Grand Prix events (R15): officials create an event, enter its teams, generate each
of the 3 rounds' pairings (``competitions.pairing``), may override a pairing, and may
count the event's matches for the Team Championship."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import Q, Sum
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    GrandPrixEntry,
    Match,
    MatchResult,
    Season,
    Team,
)
from competitions.rules.pairing import ROUNDS, PairingError, pair_round
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from competitions.selectors.matches import championship_matches_played
from competitions.services.matches import match_create
from competitions.services.referees import referee_check
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.words import app_words


def grand_prix_create(
    *,
    season: Season,
    name: str,
    starts: dt.date | None = None,
    ends: dt.date | None = None,
    counts_for_championship: bool = False,
) -> Competition:
    name = name.strip()
    if not name:
        ERRORS.refuse("event_name_missing", field="name")
    for day in (starts, ends):
        if day is not None and day.year != season.year:
            ERRORS.refuse("event_outside_season", field="starts", year=season.year)
    if starts and ends and ends < starts:
        ERRORS.refuse("event_ends_before_start", field="ends")
    if Competition.objects.filter(
        season=season, kind=Competition.Kind.GRAND_PRIX, name=name
    ).exists():
        ERRORS.refuse(
            "grand_prix_name_taken", field="name", year=season.year, name=name
        )
    return Competition.objects.create(
        season=season,
        kind=Competition.Kind.GRAND_PRIX,
        name=name,
        starts=starts,
        ends=ends,
        counts_for_championship=counts_for_championship,
    )


def _event_check(competition: Competition) -> None:
    if competition.kind != Competition.Kind.GRAND_PRIX:
        ERRORS.refuse("not_a_grand_prix")


@transaction.atomic
def grand_prix_entries_set(
    *, competition: Competition, teams: Sequence[Team]
) -> list[GrandPrixEntry]:
    """The event's teams, in seeding order; fixed once round 1 is paired."""
    _event_check(competition)
    if competition.matches.exists():
        ERRORS.refuse("entries_fixed", field="teams")
    if len({team.pk for team in teams}) < 3:
        ERRORS.refuse("too_few_entries", field="teams")
    kept = list(
        GrandPrixEntry.objects.filter(competition=competition, team__in=teams)
        .order_by("seed", "id")
        .values_list("team_id", flat=True)
    )
    # Teams already entered keep their seeding; new ones follow, in the order given.
    order = kept + [team.pk for team in dict.fromkeys(teams) if team.pk not in kept]
    by_id = {team.pk: team for team in teams}
    GrandPrixEntry.objects.filter(competition=competition).delete()
    return [
        GrandPrixEntry.objects.create(
            competition=competition, team=by_id[team_id], seed=seed
        )
        for seed, team_id in enumerate(order, start=1)
    ]


@transaction.atomic
def grand_prix_seeding_set(
    *, competition: Competition, teams: Sequence[Team]
) -> list[GrandPrixEntry]:
    """The seeding (R15: round 1 pairs 1-2, 3-4, ...): ``teams`` are the event's
    entered teams, each once, first seed first; fixed once round 1 is paired."""
    _event_check(competition)
    Competition.objects.select_for_update().filter(pk=competition.pk).first()
    if competition.matches.exists():
        ERRORS.refuse("seeding_fixed")
    entries = {
        entry.team_id: entry
        for entry in GrandPrixEntry.objects.filter(competition=competition)
    }
    wanted = [team.pk for team in teams]
    if sorted(wanted) != sorted(entries) or len(set(wanted)) != len(wanted):
        ERRORS.refuse("seeding_incomplete")
    for seed, team_id in enumerate(wanted, start=1):
        entry = entries[team_id]
        if entry.seed != seed:
            entry.seed = seed
            entry.save(update_fields=["seed"])
    return [entries[team_id] for team_id in wanted]


def grand_prix_seed_move(
    *, competition: Competition, team: Team, up: bool
) -> list[GrandPrixEntry]:
    """Move one team a place up (or down) the seeding."""
    entries = list(
        GrandPrixEntry.objects.filter(competition=competition)
        .select_related("team")
        .order_by("seed", "id")
    )
    teams = [entry.team for entry in entries]
    index = next((i for i, t in enumerate(teams) if t.pk == team.pk), None)
    if index is None:
        ERRORS.refuse("team_not_entered", team=team.name)
    other = index - 1 if up else index + 1
    if 0 <= other < len(teams):
        teams[index], teams[other] = teams[other], teams[index]
    return grand_prix_seeding_set(competition=competition, teams=teams)


def grand_prix_round_next(competition: Competition) -> int | None:
    """The next round to pair (1-3), or None when all 3 are paired."""
    paired = set(
        competition.matches.exclude(round__isnull=True).values_list("round", flat=True)
    )
    for number in range(1, ROUNDS + 1):
        if number not in paired:
            return number
    return None


@transaction.atomic
def grand_prix_round_generate(
    *, competition: Competition, date: dt.date, venue: str = ""
) -> list[Match]:
    """Pair the next round (R15): no rematches, close running totals meet; a round is
    paired once the one before is completed (void matches count as played)."""
    _event_check(competition)
    number = grand_prix_round_next(competition)
    if number is None:
        ERRORS.refuse("rounds_all_paired")
    if competition.matches.filter(
        status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY]
    ).exists():
        ERRORS.refuse("round_before_unfinished", n=number, p=number - 1)
    entries = list(
        GrandPrixEntry.objects.filter(competition=competition)
        .select_related("team")
        .order_by("seed", "id")
    )
    teams = [entry.team for entry in entries]
    by_id = {team.pk: team for team in teams}
    totals = dict(
        MatchResult.objects.filter(
            match__competition=competition, match__status=Match.Status.COMPLETED
        )
        .values_list("team_id")
        .annotate(total=Sum("total"))
    )
    met = list(competition.matches.values_list("team_a_id", "team_b_id"))
    games = {team.pk: 0 for team in teams}
    for pair in met:
        for team_id in pair:
            games[team_id] = games.get(team_id, 0) + 1
    # A team with fewer matches than rounds paired so far had a bye (odd count).
    byes = [team_id for team_id, n in games.items() if n < number - 1]
    try:
        pairing = pair_round(
            [team.pk for team in teams], totals=totals, met=met, byes=byes
        )
    except PairingError as error:
        raise ERRORS.error("round_unpairable", why=error) from error
    return [
        match_create(
            competition=competition,
            team_a=by_id[a],
            team_b=by_id[b],
            date=date,
            venue=venue,
            round=number,
        )
        for a, b in pairing.pairs
    ]


@transaction.atomic
def grand_prix_pairing_override(
    *, match: Match, team_a: Team, team_b: Team, referee: Any = ...
) -> Match:
    """An official replaces a pairing of a round not yet started: both teams must be
    the event's, not already paired elsewhere in that round, and must not have met.
    ``referee`` (when given: None for nobody) is one of the season's pool."""
    competition = match.competition
    _event_check(competition)
    if referee is not ...:
        referee_check(referee, competition.season)
    if match.status != Match.Status.SCHEDULED or match.hands.exists():
        ERRORS.refuse("pairing_started")
    if team_a.pk == team_b.pk:
        ERRORS.refuse("same_team_twice")
    entered = set(
        GrandPrixEntry.objects.filter(competition=competition).values_list(
            "team_id", flat=True
        )
    )
    for team in (team_a, team_b):
        if team.pk not in entered:
            ERRORS.refuse("team_not_entered", team=team.name)
    others = competition.matches.exclude(pk=match.pk)
    busy = others.filter(round=match.round).filter(
        Q(team_a__in=[team_a, team_b]) | Q(team_b__in=[team_a, team_b])
    )
    if busy.exists():
        ERRORS.refuse("team_busy_in_round", n=match.round)
    if others.filter(
        Q(team_a=team_a, team_b=team_b) | Q(team_a=team_b, team_b=team_a)
    ).exists():
        ERRORS.refuse("rematch", a=team_a.name, b=team_b.name)
    fields = ["team_a", "team_b", "first_attack"]
    if referee is not ... and match.referee_id != getattr(referee, "pk", None):
        match.referee = referee
        fields.append("referee")
    match.team_a, match.team_b = team_a, team_b
    match.first_attack = None
    history_mark(
        match, None, app_words(gettext_noop("pairing overridden by an official"))
    )
    match.save(update_fields=fields)
    return match


@transaction.atomic
def grand_prix_championship_flag(
    *, competition: Competition, counts: bool
) -> Competition:
    """R15: the event's matches count for the Team Championship, or stop counting;
    the 52-match cap applies to the matches brought in."""
    _event_check(competition)
    if counts and not competition.counts_for_championship:
        brought: dict[int, int] = {}
        teams: dict[int, Team] = {}
        for match in competition.matches.exclude(
            status=Match.Status.VOID
        ).select_related("team_a", "team_b"):
            for team in match.teams:
                brought[team.pk] = brought.get(team.pk, 0) + 1
                teams[team.pk] = team
        for team_id, n in brought.items():
            played = championship_matches_played(teams[team_id], competition.season_id)
            if played + n > CHAMPIONSHIP_MATCH_CAP:
                ERRORS.refuse(
                    "championship_cap_exceeded",
                    team=teams[team_id].name,
                    count=played + n,
                    year=competition.season.year,
                )
    competition.counts_for_championship = counts
    competition.save(update_fields=["counts_for_championship"])
    # Its matches carry the flag too; the standings' fingerprint sees the change.
    competition.matches.update(counts_for_championship=counts)
    return competition
