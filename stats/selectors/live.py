"""The live event day: every public match of a day with its line-ups,
hand-by-hand scores and running totals, grouped by event, with the event's standings
as they stand (a Grand Prix's totals, R15; a cup tie's points).

Only what R15 lets the public see: the matches of
``competitions.selectors.matches.public_matches`` (played in public, or approved by the
jury), the same rule as every public list. A day reads a fixed number of queries
whatever the number of its matches; ``live_mark`` is one cheap query that changes
whenever anything the board shows may have changed.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Max, Min

from competitions.models import (
    Competition,
    GrandPrixEntry,
    Lineup,
    Match,
    MatchResult,
    Team,
)
from competitions.selectors.cup import scores_from_results
from competitions.selectors.matches import public_matches
from scoring.models import Hand
from tarokk_admin.core.collation import collation_key
from tarokk_admin.core.page_cache import Mark, data_mark
from tarokk_admin.core.ranking import shared_ranks


@dataclass
class LiveHand:
    number: int
    attack: int  # 0: the first-named team attacked (R3), 1: the other
    scores: tuple[int, int]
    running: tuple[int, int]
    saved_ms: int = 0  # when it was last saved (ms since 1970): the load test's clock


@dataclass
class LiveSide:
    team: Team
    driver: str = ""
    catcher: str = ""
    total: int = 0
    points: int | None = None  # the match points once completed (R11)


@dataclass
class LiveMatch:
    match: Match
    sides: tuple[LiveSide, LiveSide]
    hands: list[LiveHand] = field(default_factory=list)

    @property
    def played(self) -> int:
        return len(self.hands)

    @property
    def expected(self) -> int:
        return self.match.hands_expected

    @property
    def completed(self) -> bool:
        return self.match.status == Match.Status.COMPLETED


@dataclass
class LiveStanding:
    """A Grand Prix team's running total: its raw hand scores summed (R15), over the
    event's hands entered so far."""

    team: Team
    total: int = 0
    hands: int = 0
    matches: set[int] = field(default_factory=set)
    rank: int = 0
    shared: bool = False


@dataclass
class LiveTie:
    """A cup tie played today: the points of its completed matches (R15) and its
    tie-breakers' raw totals."""

    tie: Any
    points: tuple[int, int]
    matches: int
    tiebreaks: list[tuple[int, int]]


@dataclass
class LiveEvent:
    competition: Competition
    matches: list[LiveMatch] = field(default_factory=list)
    standings: list[LiveStanding] = field(default_factory=list)
    ties: list[LiveTie] = field(default_factory=list)


@dataclass
class LiveDay:
    day: dt.date
    events: list[LiveEvent]
    latest_save: dt.datetime | None

    @property
    def matches(self) -> list[LiveMatch]:
        return [match for event in self.events for match in event.matches]


# --- The mark ----------------------------------------------------------------------


# What the board shows, each model's newest history row (every save and delete of a
# hand, match, line-up, result, team or player writes one, in any process), and the
# jury approvals (visibility, R15), Grand Prix entries and competitions by their rows.
LIVE_MARKS = (
    Mark("scoring.Hand"),
    Mark("competitions.Match"),
    Mark("competitions.Lineup"),
    Mark("competitions.MatchResult"),
    Mark("competitions.Team"),
    Mark("competitions.Player"),
    *(
        Mark(label, rows=rows)
        for label in (
            "competitions.JuryApproval",
            "competitions.GrandPrixEntry",
            "competitions.Competition",
        )
        for rows in ("COUNT(*)", "MAX(id)")
    ),
)


def live_mark() -> str:
    """Changes whenever a live board may have changed: one query (``page_cache``)."""
    return data_mark(LIVE_MARKS)


# --- The day -----------------------------------------------------------------------


def day_matches(day: dt.date):
    return (
        public_matches(None)
        .filter(date=day)
        .exclude(status=Match.Status.VOID)
        .select_related("competition__season", "team_a", "team_b", "tie")
        .order_by(
            "competition__kind", "competition_id", "round", "time", "tiebreak", "id"
        )
    )


def _sides(matches: list[Match]) -> dict[int, LiveMatch]:
    live = {
        match.pk: LiveMatch(match, (LiveSide(match.team_a), LiveSide(match.team_b)))
        for match in matches
    }
    for lineup in Lineup.objects.filter(match__in=matches).select_related(
        "driver", "catcher"
    ):
        entry = live[lineup.match_id]
        side = entry.sides[0 if lineup.team_id == entry.match.team_a_id else 1]
        side.driver, side.catcher = lineup.driver.name, lineup.catcher.name
    for result in MatchResult.objects.filter(
        match__in=matches, match__status=Match.Status.COMPLETED
    ):
        entry = live[result.match_id]
        entry.sides[
            0 if result.team_id == entry.match.team_a_id else 1
        ].points = result.points
    return live


def _hands(live: dict[int, LiveMatch]) -> dt.datetime | None:
    latest = None
    rows = (
        Hand.objects.filter(match_id__in=list(live))
        .order_by("match_id", "number")
        .values_list(
            "match_id",
            "number",
            "attack_team_id",
            "attack_score",
            "defence_score",
            "updated_at",
        )
    )
    for match_id, number, attack_team, attack, defence, updated in rows:
        entry = live[match_id]
        first = attack_team == entry.match.team_a_id
        scores = (attack, defence) if first else (defence, attack)
        before = entry.hands[-1].running if entry.hands else (0, 0)
        running = (before[0] + scores[0], before[1] + scores[1])
        saved = int(updated.timestamp() * 1000)
        entry.hands.append(LiveHand(number, 0 if first else 1, scores, running, saved))
        entry.sides[0].total, entry.sides[1].total = running
        latest = updated if latest is None or updated > latest else latest
    return latest


def _grand_prix(events: dict[int, LiveEvent]) -> None:
    """Every Grand Prix event's running totals (R15): all its public matches' hands so
    far, not only today's (rounds 1-2 may have been played the day before)."""
    ids = [pk for pk, e in events.items() if e.competition.kind == "grand_prix"]
    if not ids:
        return
    rows: dict[int, dict[int, LiveStanding]] = defaultdict(dict)
    for entry in GrandPrixEntry.objects.filter(competition_id__in=ids).select_related(
        "team"
    ):
        rows[entry.competition_id][entry.team_id] = LiveStanding(entry.team)
    for event_id, match_id, a, b, attack_team, attack, defence in (
        Hand.objects.filter(match__competition_id__in=ids)
        .filter(match__in=public_matches(None).exclude(status=Match.Status.VOID))
        .values_list(
            "match__competition_id",
            "match_id",
            "match__team_a_id",
            "match__team_b_id",
            "attack_team_id",
            "attack_score",
            "defence_score",
        )
    ):
        defence_team = b if attack_team == a else a
        for team_id, score in ((attack_team, attack), (defence_team, defence)):
            standing = rows[event_id].get(team_id)
            if standing is None:  # a team playing without an entry: shown anyway
                continue
            standing.total += score
            standing.hands += 1
            standing.matches.add(match_id)
    for event_id in ids:
        events[event_id].standings = _ranked(list(rows[event_id].values()))


def _ranked(rows: list[LiveStanding]) -> list[LiveStanding]:
    """By total, higher first; equal totals share a rank (1, 2, 2, 4, the core's
    ``shared_ranks``), by name in the Hungarian order."""
    rows.sort(key=lambda row: collation_key(row.team.name))
    rows.sort(key=lambda row: row.total, reverse=True)
    ranks = shared_ranks(rows, lambda row: row.total)
    sizes = Counter(ranks)
    for row, rank in zip(rows, ranks, strict=True):
        row.rank, row.shared = rank, sizes[rank] > 1
    return rows


def _cup(events: dict[int, LiveEvent]) -> None:
    """Each cup tie played today: its points so far (R15, completed matches)."""
    ties = {
        m.match.tie_id: m.match.tie
        for e in events.values()
        for m in e.matches
        if m.match.tie_id
    }
    if not ties:
        return
    results: dict[int, list[MatchResult]] = defaultdict(list)
    for result in MatchResult.objects.filter(
        match__tie_id__in=list(ties),
        match__status=Match.Status.COMPLETED,
        match__in=public_matches(None),
    ).select_related("match"):
        results[result.match.tie_id].append(result)
    for event in events.values():
        seen = []
        for live in event.matches:
            tie = live.match.tie
            if tie is None or tie.pk in seen:
                continue
            seen.append(tie.pk)
            matches, tiebreaks = scores_from_results(tie, results[tie.pk])
            points = (sum(m[0] for m in matches), sum(m[1] for m in matches))
            event.ties.append(LiveTie(tie, points, len(matches), tiebreaks))


def live_day(day: dt.date) -> LiveDay:
    """Everything the board of ``day`` shows: at most seven queries."""
    matches = list(day_matches(day))
    live = _sides(matches)
    latest = _hands(live) if live else None
    events: dict[int, LiveEvent] = {}
    for match in matches:
        event = events.setdefault(match.competition_id, LiveEvent(match.competition))
        event.matches.append(live[match.pk])
    for event in events.values():
        # What is being played first, then what is still to come, then the results.
        event.matches.sort(key=_order)
    _grand_prix(events)
    _cup(events)
    return LiveDay(day, list(events.values()), latest)


_STATUS_ORDER = {Match.Status.IN_PLAY: 0, Match.Status.SCHEDULED: 1}


def _order(live: LiveMatch) -> tuple:
    match = live.match
    return (
        _STATUS_ORDER.get(match.status, 2),
        match.round or 0,
        match.time or dt.time(0, 0),
        match.tiebreak,
        match.pk,
    )


def neighbour_days(day: dt.date) -> tuple[dt.date | None, dt.date | None]:
    """The nearest days before and after ``day`` with public matches (two queries)."""
    visible = public_matches(None).exclude(status=Match.Status.VOID)
    before = visible.filter(date__lt=day).aggregate(day=Max("date"))["day"]
    after = visible.filter(date__gt=day).aggregate(day=Min("date"))["day"]
    return before, after
