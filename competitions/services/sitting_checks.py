"""The checks every variant sitting passes (R15), whoever records it: the variant, a
day of an open season not in the future, the game's name, the event, 3-5 different
players with plausible points, the recorder among them. :func:`sitting_problems`
finds every problem at once, each on its field (issue 20: four mistakes took three
tries); :func:`sitting_checked` refuses with all of them."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from django.utils import timezone
from django.utils.translation import gettext as _

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


def _refuse(
    message: str, *, field: str | None = None, code: str = "refused"
) -> NoReturn:
    raise ServiceError(message, field=field, code=code)


def _season_of(date: dt.date) -> Season:
    if date > timezone.localdate():
        _refuse(
            _("%(date)s is in the future: enter the day the sitting was played.")
            % {"date": date.isoformat()},
            field="date",
        )
    season = Season.objects.filter(year=date.year).first()
    if season is None:
        _refuse(
            _("There is no %(year)s season: an official creates it first.")
            % {"year": date.year},
            field="date",
        )
    return season


def open_year_check(year: int) -> None:
    """R15: once an official closes a year's free games, its sittings stand; once
    the annual meeting approves the year, they are final."""
    year_final_guard(year)
    if year in free_games_closed_years([year]):
        _refuse(
            _(
                "The free games of %(year)s are closed: their sittings can no "
                "longer change (an official may reopen the year)."
            )
            % {"year": year},
            code="closed",
        )


def _name(season: Season | None, variant: str, name: str) -> str:
    """The game's name for Royal variants, training and test games (R15), spelled as
    an earlier sitting of the season spelled it when the two differ only in case or
    accents (so one game keeps one table)."""
    name = " ".join(name.split())
    if variant not in NAMED_VARIANTS:
        if name:
            _refuse(
                _(
                    "%(variant)s has no name of its own: leave the name empty "
                    "(only Royal variants, training and test games are named)."
                )
                % {"variant": Variant(variant).label},
                field="name",
            )
        return ""
    if not name:
        _refuse(
            _("Name the game: %(variant)s sittings are recorded under their name.")
            % {"variant": Variant(variant).label},
            field="name",
        )
    if len(name) > 80:
        _refuse(_("Keep the game's name under 80 characters."), field="name")
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
        _refuse(
            _("A sitting has 3 to 5 players (R15); %(n)s are entered.")
            % {"n": len(results)},
            field="results",
        )
    seen: set[int] = set()
    for player, points in results:
        if player.pk in seen:
            _refuse(
                _("%(player)s is entered twice.") % {"player": player.name},
                field="results",
            )
        seen.add(player.pk)
        if abs(points) > POINTS_LIMIT:
            _refuse(
                _("%(points)s points for %(player)s is not a plausible score.")
                % {"points": points, "player": player.name},
                field="results",
            )


def _check_variant(variant: str) -> None:
    if variant not in Variant.values:
        _refuse(
            _("Unknown variant %(variant)s.") % {"variant": variant[:40]},
            field="variant",
        )


def _check_event(event: str) -> str:
    event = " ".join(event.split())
    if len(event) > 120:
        _refuse(_("Keep the event under 120 characters."), field="event")
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
            problems.append(
                ServiceError(
                    _(
                        "You record a sitting you played in: add yourself to its "
                        "players."
                    ),
                    field="results",
                )
            )
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
