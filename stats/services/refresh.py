"""Keeping the season statistics (``stats.models``) in step with the stored hands.

``statistics_refresh(match=…)`` is the one call the follow-up of a completed,
corrected or voided match makes (``tarokk_admin.tasks.match_completed``): it works
out what the match adds now (nothing when it is void, not completed or not public,
R15), takes away what it added before (its :class:`MatchTally`) and applies the
difference to the few rows it touches — the federation, two teams, up to six players
— so its cost does not grow with the season. Idempotent: a second run finds no
difference and writes nothing.

``statistics_rebuild(season=…)`` recomputes a whole season from the hands (after data
written around the services, or to check the sums): ``manage.py statistics_rebuild``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence

from django.db import transaction
from django.utils import timezone

from competitions.models import Lineup, Match, MatchResult, Season
from competitions.selectors.matches import public_matches
from scoring.models import Hand
from stats.models import HEADLINES, MatchTally, Scope, SeasonStatistics
from stats.rules.counting import (
    FEDERATION,
    AwardFacts,
    HandFacts,
    MatchFacts,
    counts_added,
    counts_difference,
    headline,
    match_counts,
)
from tarokk_admin.core.bulk import rows_insert
from trophies.models import TrophyAward

BATCH = 400


def counted_matches(season_id: int):
    """The matches the statistics count: completed and visible to the public (R15,
    the rule of ``competitions.selectors.matches.public_matches``)."""
    return public_matches(None).filter(
        competition__season_id=season_id, status=Match.Status.COMPLETED
    )


def _facts(matches: list[Match]) -> dict[int, MatchFacts]:
    """The stored facts of ``matches``: four queries whatever their number."""
    ids = [match.pk for match in matches]
    facts = {
        match.pk: MatchFacts(
            month=match.date.month,
            team_a_id=match.team_a_id,
            team_b_id=match.team_b_id,
            tiebreak=bool(match.tiebreak),
            hands=[],
            lineups={},
            points={},
        )
        for match in matches
    }
    for row in (
        Hand.objects.filter(match_id__in=ids)
        .order_by("match_id", "number")
        .values_list(
            "match_id",
            "number",
            "attack_team_id",
            "record",
            "result",
            "attack_score",
            "defence_score",
        )
    ):
        facts[row[0]].hands.append(HandFacts(*row[1:]))
    for match_id, team_id, driver_id, catcher_id in Lineup.objects.filter(
        match_id__in=ids
    ).values_list("match_id", "team_id", "driver_id", "catcher_id"):
        facts[match_id].lineups[team_id] = (driver_id, catcher_id)
    for match_id, team_id, points in MatchResult.objects.filter(
        match_id__in=ids
    ).values_list("match_id", "team_id", "points"):
        facts[match_id].points[team_id] = points
    for match_id, team_id, player_id, feast, value in TrophyAward.objects.filter(
        match_id__in=ids
    ).values_list("match_id", "team_id", "player_id", "feast", "value"):
        facts[match_id].awards.append(AwardFacts(team_id, player_id, feast, value))
    return facts


def _subject(key: str) -> tuple[str, int | None]:
    if key == FEDERATION:
        return Scope.FEDERATION, None
    scope, _, pk = key.partition(":")
    return scope, int(pk)


def _apply(season_id: int, delta: Mapping[str, Mapping[str, int]]) -> None:
    """Add ``delta`` (per subject) to the season's rows: one read, then at most one
    bulk insert, one bulk update and one delete."""
    _write(_changes(season_id, delta))


def _changes(season_id: int, delta: Mapping[str, Mapping[str, int]]) -> tuple:
    """The season's rows ``delta`` creates, changes and empties (one read)."""
    subjects = [_subject(key) for key in delta]
    teams = [pk for scope, pk in subjects if scope == Scope.TEAM]
    players = [pk for scope, pk in subjects if scope == Scope.PLAYER]
    rows = {
        _row_key(row): row
        for row in SeasonStatistics.objects.filter(season_id=season_id).filter(
            _subject_filter(teams, players)
        )
    }
    now = timezone.now()
    new, changed, emptied = [], [], []
    for key, change in delta.items():
        scope, pk = _subject(key)
        row = rows.get(key) or SeasonStatistics(
            season_id=season_id,
            scope=scope,
            team_id=pk if scope == Scope.TEAM else None,
            player_id=pk if scope == Scope.PLAYER else None,
        )
        row.counts = counts_added(row.counts or {}, change)
        for name, value in headline(scope, row.counts).items():
            setattr(row, name, value)
        row.updated_at = now
        if not row.counts:
            if row.pk is not None:
                emptied.append(row.pk)
        elif row.pk is None:
            new.append(row)
        else:
            changed.append(row)
    return new, changed, emptied


def _write(changes: tuple) -> None:
    new, changed, emptied = changes
    if new:
        SeasonStatistics.objects.bulk_create(new, batch_size=1000)
    if changed:
        SeasonStatistics.objects.bulk_update(
            changed, ["counts", *HEADLINES, "updated_at"], batch_size=1000
        )
    if emptied:
        SeasonStatistics.objects.filter(pk__in=emptied).delete()


def _subject_filter(teams: list[int], players: list[int]):
    from django.db.models import Q

    return (
        Q(scope=Scope.FEDERATION)
        | Q(scope=Scope.TEAM, team_id__in=teams)
        | Q(scope=Scope.PLAYER, player_id__in=players)
    )


def _row_key(row: SeasonStatistics) -> str:
    if row.scope == Scope.TEAM:
        return f"team:{row.team_id}"
    if row.scope == Scope.PLAYER:
        return f"player:{row.player_id}"
    return FEDERATION


def _plain(counts: Mapping[str, Mapping[str, int]]) -> dict[str, dict[str, int]]:
    return {subject: dict(sorted(c.items())) for subject, c in sorted(counts.items())}


@transaction.atomic
def statistics_refresh(*, match: Match) -> bool:
    """Bring the season statistics in step with ``match`` as it is stored now (a
    completion, a correction or a void); True when anything changed."""
    season_id = Match.objects.values_list("competition__season_id", flat=True).get(
        pk=match.pk
    )
    # One refresh of a season at a time: the sums are read, added to and written.
    list(Season.objects.select_for_update().filter(pk=season_id).values_list("pk"))
    counted = list(counted_matches(season_id).filter(pk=match.pk))
    new = _plain(match_counts(_facts(counted)[match.pk])) if counted else {}
    stored = MatchTally.objects.filter(match_id=match.pk).first()
    delta = counts_difference(new, stored.counts if stored else {})
    if not delta:
        return False
    _apply(season_id, delta)
    if not new:
        MatchTally.objects.filter(match_id=match.pk).delete()
    else:
        MatchTally.objects.update_or_create(
            match_id=match.pk, defaults={"season_id": season_id, "counts": new}
        )
    return True


def _chunks(items: list[Match], size: int) -> Iterable[list[Match]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


@transaction.atomic
def statistics_rebuild(*, season: Season) -> int:
    """Recompute every statistic of ``season`` from its stored hands; returns the
    number of matches counted."""
    list(Season.objects.select_for_update().filter(pk=season.pk).values_list("pk"))
    MatchTally.objects.filter(season=season).delete()
    SeasonStatistics.objects.filter(season=season).delete()
    matches = list(counted_matches(season.pk).order_by("pk"))
    sums: dict[str, Counter[str]] = defaultdict(Counter)
    for chunk in _chunks(matches, BATCH):
        tallies = []
        for match_id, facts in _facts(chunk).items():
            counts = _plain(match_counts(facts))
            tallies.append(MatchTally(match_id=match_id, season=season, counts=counts))
            for subject, change in counts.items():
                sums[subject].update(change)
        MatchTally.objects.bulk_create(tallies)
    now = timezone.now()
    rows = []
    for key, summed in sums.items():
        counts = counts_added({}, summed)
        if not counts:
            continue
        scope, pk = _subject(key)
        rows.append(
            SeasonStatistics(
                season=season,
                scope=scope,
                team_id=pk if scope == Scope.TEAM else None,
                player_id=pk if scope == Scope.PLAYER else None,
                counts=counts,
                updated_at=now,
                **headline(scope, counts),
            )
        )
    SeasonStatistics.objects.bulk_create(rows, batch_size=1000)
    return len(matches)


def statistics_refresh_matches(match_ids: Sequence[int]) -> int:
    """:func:`statistics_refresh` for many matches at once (a bulk import's
    follow-up, issue 24): each match's tally worked out as there, the differences
    summed and each season's rows written once. The rows new to a season are
    created in the order the matches one by one would create them (the matches in
    the order given). Idempotent; returns the matches whose tally changed."""
    ids = list(match_ids)
    seasons = dict(
        Match.objects.filter(pk__in=ids).values_list("pk", "competition__season_id")
    )
    deltas: dict[tuple[int, str], Counter[str]] = {}
    changed = 0
    with transaction.atomic():
        # One refresh of a season at a time (statistics_refresh's lock), in order.
        list(
            Season.objects.select_for_update()
            .filter(pk__in=set(seasons.values()))
            .order_by("pk")
            .values_list("pk")
        )
        for chunk in _chunks([pk for pk in ids if pk in seasons], BATCH):
            changed += _tallies_refresh(chunk, seasons, deltas)
        by_season: dict[int, dict[str, Counter[str]]] = {}
        for (season_id, key), change in deltas.items():
            by_season.setdefault(season_id, {})[key] = change
        first = {subject: index for index, subject in enumerate(deltas)}
        created = []
        for season_id, delta in by_season.items():
            new, rows_changed, emptied = _changes(season_id, delta)
            created.extend(new)
            _write(([], rows_changed, emptied))
        created.sort(key=lambda row: first[(row.season_id, _row_key(row))])
        rows_insert(SeasonStatistics, created)
    return changed


def _tallies_refresh(
    ids: list[int], seasons: dict[int, int], deltas: dict[tuple[int, str], Counter]
) -> int:
    """The matches' tallies brought in step; their differences added to
    ``deltas`` by season and subject, in the order they first appear."""
    facts = _facts(
        list(public_matches(None).filter(pk__in=ids, status=Match.Status.COMPLETED))
    )
    stored = {t.match_id: t for t in MatchTally.objects.filter(match_id__in=ids)}
    new_tallies, changed_tallies, gone = [], [], []
    for match_id in ids:
        new = _plain(match_counts(facts[match_id])) if match_id in facts else {}
        tally = stored.get(match_id)
        delta = counts_difference(new, tally.counts if tally else {})
        if not delta:
            continue
        for subject, change in delta.items():
            deltas.setdefault((seasons[match_id], subject), Counter()).update(change)
        if not new:
            gone.append(match_id)
        elif tally is None:
            new_tallies.append(
                MatchTally(match_id=match_id, season_id=seasons[match_id], counts=new)
            )
        else:
            tally.counts, tally.season_id = new, seasons[match_id]
            changed_tallies.append(tally)
    rows_insert(MatchTally, new_tallies)  # COPY on PostgreSQL: JSON rows, fast
    MatchTally.objects.bulk_update(
        changed_tallies, ["counts", "season_id"], batch_size=1000
    )
    MatchTally.objects.filter(match_id__in=gone).delete()
    return len(new_tallies) + len(changed_tallies) + len(gone)
