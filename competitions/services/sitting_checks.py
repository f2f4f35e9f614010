"""The checks every variant sitting passes (R15), whoever records it: the variant, a
day of an open season not in the future, the game's name, the event, 3-5 different
players with plausible points, the recorder among them. :func:`sitting_problems`
finds every problem at once, each on its field (issue 20: four mistakes took three
tries); :func:`sitting_checked` refuses with all of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any

from django.utils import timezone

from competitions.errors import ERRORS
from competitions.models import NAMED_VARIANTS, Player, Season, Variant, VariantSitting
from competitions.selectors.free_games import free_games_closed_years
from competitions.services.finality import year_final_guard
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.text import fold

PLAYERS_MIN, PLAYERS_MAX = 3, 5  # R15: a sitting of 3-5 players
POINTS_LIMIT = 100_000

Results = Sequence[tuple[Player, int]]


class SittingProblems(ServiceError):
    """Every problem of a sitting; the first one is the error's own message, field
    and code (for a caller that shows one)."""

    def __init__(self, problems: list[ServiceError]) -> None:
        first = problems[0]
        super().__init__(first.message, code=first.code, field=first.field)
        self.problems = problems


def _season_of(date: dt.date) -> Season:
    if date > timezone.localdate():
        ERRORS.refuse("sitting_in_future", field="date", date=date.isoformat())
    season = Season.objects.filter(year=date.year).first()
    if season is None:
        ERRORS.refuse("sitting_no_season", field="date", year=date.year)
    return season


def open_year_check(year: int) -> None:
    """R15: once an official closes a year's free games, its sittings stand; once
    the annual meeting approves the year, they are final."""
    year_final_guard(year)
    if year in free_games_closed_years([year]):
        ERRORS.refuse("closed__sittings", year=year)


def _name(season: Season | None, variant: str, name: str) -> str:
    """The game's name for Royal variants, training and test games (R15), spelled as
    an earlier sitting of the season spelled it when the two differ only in case or
    accents (so one game keeps one table)."""
    name = " ".join(name.split())
    if variant not in NAMED_VARIANTS:
        if name:
            ERRORS.refuse(
                "sitting_name_not_taken", field="name", variant=Variant(variant).label
            )
        return ""
    if not name:
        ERRORS.refuse(
            "sitting_name_missing", field="name", variant=Variant(variant).label
        )
    if len(name) > 80:
        ERRORS.refuse("sitting_name_too_long", field="name")
    if season is None:
        return name
    for known in (
        VariantSitting.objects.filter(season=season, variant=variant)
        .exclude(name="")
        .values_list("name", flat=True)
        .distinct()
    ):
        if fold(known) == fold(name):
            return known
    return name


def _check_results(results: Results) -> None:
    if not PLAYERS_MIN <= len(results) <= PLAYERS_MAX:
        ERRORS.refuse("sitting_player_count", field="results", n=len(results))
    seen: set[int] = set()
    for player, points in results:
        if player.pk in seen:
            ERRORS.refuse("sitting_player_twice", field="results", player=player.name)
        seen.add(player.pk)
        if abs(points) > POINTS_LIMIT:
            ERRORS.refuse(
                "sitting_points_implausible",
                field="results",
                points=points,
                player=player.name,
            )


def _check_variant(variant: str) -> None:
    if variant not in Variant.values:
        ERRORS.refuse("sitting_variant_unknown", field="variant", variant=variant[:40])


def _check_event(event: str) -> str:
    event = " ".join(event.split())
    if len(event) > 120:
        ERRORS.refuse("sitting_event_too_long", field="event")
    return event


def sitting_problems(
    *,
    date: dt.date | None,
    variant: str | None,
    name: str,
    event: str,
    results: Results | None,
    recorder: Player | None = None,
) -> list[ServiceError]:
    """Every problem of a sitting at once: each check runs on what it needs that is
    known (``None``: the form already refused that field)."""
    problems: list[ServiceError] = []

    def check(step: Callable[..., Any], *args: Any) -> Any:
        try:
            return step(*args)
        except ServiceError as error:
            problems.append(error)
            return None

    if variant is not None:
        check(_check_variant, variant)
    season = None
    if date is not None:
        season = check(_season_of, date)
        if season is not None:
            check(open_year_check, date.year)
    if variant in Variant.values:
        check(_name, season, variant, name)
    check(_check_event, event)
    if results is not None:
        check(_check_results, results)
        if recorder is not None and recorder.pk not in {p.pk for p, _n in results}:
            problems.append(ERRORS.error("sitting_recorder_missing", field="results"))
    return problems


def sitting_checked(
    date: dt.date,
    variant: str,
    name: str,
    event: str,
    results: Results,
    recorder: Player | None = None,
) -> tuple[Season, str, str]:
    """Refuse with every problem (:class:`SittingProblems`), or return the season,
    the game's name and the event as stored."""
    problems = sitting_problems(
        date=date,
        variant=variant,
        name=name,
        event=event,
        results=results,
        recorder=recorder,
    )
    if problems:
        raise SittingProblems(problems)
    season = _season_of(date)
    return season, _name(season, variant, name), _check_event(event)
