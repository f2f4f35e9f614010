"""Reading a season's Hungarian Cup (R15) for the bracket page and the Cup API, in a
fixed number of queries."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import (
    Competition,
    CupRegistration,
    CupRound,
    CupTie,
    Match,
    MatchResult,
    Season,
    Team,
)
from competitions.rules import bracket
from competitions.selectors.matches import match_publicly_visible, public_matches
from tarokk_admin.core.errors import ServiceBug, ServiceError
from tarokk_admin.core.l10n import human_date


@dataclass
class TieView:
    tie: CupTie
    round_label: str
    teams: tuple[Team | None, Team | None]
    matches: list[tuple[int, int]]
    tiebreaks: list[tuple[int, int]]
    scheduled: list[Match] = field(default_factory=list)
    needs_tiebreak: bool = False
    days: list[Any] = field(default_factory=list)  # the days its matches are played

    @property
    def walkover(self) -> bool:
        """R15: decided by walkover, shown "w/o" without scores."""
        return bool(self.tie.walkover) and self.tie.winner_id is not None

    @property
    def points(self) -> tuple[int, int]:
        return (sum(m[0] for m in self.matches), sum(m[1] for m in self.matches))

    @property
    def winner(self) -> Team | None:
        return self.tie.winner

    @property
    def winner_side(self) -> int | None:
        if self.tie.winner_id is None:
            return None
        return 0 if self.tie.winner_id == self.tie.team_a_id else 1

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One row per team for the template: name, points, won or not."""
        points = self.points
        return [
            {
                "team": team,
                "points": points[i],
                "won": self.winner_side == i,
                "lost": self.winner_side is not None and self.winner_side != i,
            }
            for i, team in enumerate(self.teams)
        ]

    @property
    def grid_row(self) -> str:
        """CSS grid rows of the bracket (row 1 holds the round headings; then 16
        rows): round r, slot s spans 2**r rows."""
        span = 2**self.tie.round
        return f"{(self.tie.slot - 1) * span + 2} / span {span}"


@dataclass
class CupView:
    cup: Competition
    rounds: list[CupRound]
    ties: list[TieView]
    registrations: list[CupRegistration]
    medals: bracket.Medals[Any]

    @property
    def by_round(self) -> list[tuple[CupRound | None, str, list[TieView]]]:
        deadlines = {r.number: r for r in self.rounds}
        return [
            (
                deadlines.get(number),
                str(CupRound.Number(number).label),
                [t for t in self.ties if t.tie.round == number],
            )
            for number in range(1, bracket.ROUNDS + 1)
        ]

    @property
    def by_round_days(self) -> list[tuple[CupRound | None, str, list[TieView], list]]:
        """``by_round`` with each round's playing days (their live pages, issue 16)."""
        return [
            (deadline, label, ties, sorted({day for t in ties for day in t.days}))
            for deadline, label, ties in self.by_round
        ]

    @property
    def active(self) -> list[CupRegistration]:
        """The teams that play the cup: the first 16 registered, not withdrawn."""
        return self.waiting[: bracket.CUP_TEAMS]

    @property
    def reserves(self) -> list[CupRegistration]:
        """Registered after the first 16: each takes the place of a team that
        withdraws before the draw, in order (R15)."""
        return self.waiting[bracket.CUP_TEAMS :]

    @property
    def waiting(self) -> list[CupRegistration]:
        return [r for r in self.registrations if r.withdrawn_at is None]

    @property
    def drawn(self) -> bool:
        return any(t.tie.round == 1 and t.tie.team_a_id for t in self.ties)


def cup_of_year(year: int) -> Competition | None:
    return (
        Competition.objects.select_related("season", "draw_placed_by__player")
        .filter(season__year=year, kind=Competition.Kind.CUP)
        .first()
    )


def cup_view(cup: Competition) -> CupView:
    """Everything the bracket page shows: 5 queries whatever the cup's size."""
    rounds = list(cup.cup_rounds.order_by("number"))
    ties = list(
        CupTie.objects.filter(competition=cup).select_related(
            "team_a", "team_b", "winner", "walkover_by"
        )
    )
    results: dict[int, list[MatchResult]] = {}
    for row in MatchResult.objects.filter(
        match__tie__competition=cup, match__status=Match.Status.COMPLETED
    ).select_related("match__jury_approval"):
        results.setdefault(row.match.tie_id, []).append(row)
    pending: dict[int, list[Match]] = {}
    # R15: the date of a match not played in public is public once the jury approved
    # it (``public_matches``), not before.
    for match in (
        public_matches(None)
        .filter(
            tie__competition=cup,
            status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY],
        )
        .order_by("date", "time", "pk")
    ):
        pending.setdefault(match.tie_id, []).append(match)
    registrations = list(
        CupRegistration.objects.filter(competition=cup)
        .select_related("team", "driver", "catcher")
        .order_by("registered_at", "pk")
    )
    views = []
    by_position: dict[tuple[int, int], bracket.Tie[Any]] = {}
    for tie in ties:
        matches, tiebreaks = scores_from_results(tie, results.get(tie.pk, []))
        try:
            level = bracket.decide(matches, tiebreaks).needs_tiebreak
        except bracket.BracketError:
            level = False
        views.append(
            TieView(
                tie=tie,
                round_label=str(CupRound.Number(tie.round).label),
                teams=(tie.team_a, tie.team_b),
                matches=matches,
                tiebreaks=tiebreaks,
                scheduled=pending.get(tie.pk, []),
                needs_tiebreak=level and not tie.winner_id,
                days=sorted(
                    {
                        row.match.date
                        for row in results.get(tie.pk, [])
                        if match_publicly_visible(row.match)
                    }
                    | {match.date for match in pending.get(tie.pk, [])}
                ),
            )
        )
        by_position[(tie.round, tie.slot)] = bracket.Tie(
            tie.round,
            tie.slot,
            (tie.team_a, tie.team_b),
            tie.winner,
            walkover=bool(tie.walkover),
        )
    views.sort(key=lambda v: (v.tie.round, v.tie.slot))
    return CupView(cup, rounds, views, registrations, bracket.medals(by_position))


def _name(team: Team | None) -> str | None:
    return team.name if team is not None else None


def cup_api_data(year: int) -> dict[str, Any] | None:
    """The Cup API (HAND_RECORD.md "Cup API"); None when the year has no cup."""
    cup = cup_of_year(year)
    if cup is None:
        return None
    view = cup_view(cup)
    return {
        "season": year,
        "ties": [
            {
                "round": t.tie.round,
                "slot": t.tie.slot,
                "teams": [_name(t.teams[0]), _name(t.teams[1])],
                "points": list(t.points),
                "tiebreaks": [list(pair) for pair in t.tiebreaks],
                "winner": _name(t.winner),
                # Added to HAND_RECORD.md's shape: R15's walkover (no scores count).
                "walkover": t.walkover,
            }
            for t in view.ties
        ],
        "winner": _name(view.medals.winner),
        "runner_up": _name(view.medals.runner_up),
        "bronze": [team.name for team in view.medals.bronze],
    }


def cup_is_drawn(cup: Competition) -> bool:
    return CupTie.objects.filter(competition=cup, round=1).exists()


def registration_refusal(season: Season, today: dt.date) -> ServiceError | None:
    """Why the season's cup registration is not open today (None when it is): the
    refusal a registration meets, which the page also shows."""
    opens, closes = season.cup_registration_opens, season.cup_registration_closes
    if opens is None or closes is None:
        return ERRORS.error("cup_registration_undated", year=season.year)
    if today < opens:
        return ERRORS.error(
            "cup_registration_not_open", year=season.year, date=human_date(opens)
        )
    if today > closes:
        return ERRORS.error(
            "cup_registration_closed", year=season.year, date=human_date(closes)
        )
    return None


def active_registrations(cup: Competition) -> Any:
    """Registered and not withdrawn: the 16 teams of the cup and its reserves."""
    return CupRegistration.objects.filter(competition=cup, withdrawn_at__isnull=True)


def cup_entrants(cup: Competition) -> list[CupRegistration]:
    """The teams that play the cup (R15: 16): the first registered and not
    withdrawn, in the order they registered; the others are reserves."""
    return list(
        active_registrations(cup)
        .select_related("team")
        .order_by("registered_at", "pk")[: bracket.CUP_TEAMS]
    )


def tie_name(tie: CupTie) -> str:
    return _("%(round)s, tie %(slot)s") % {
        "round": CupRound.Number(tie.round).label,
        "slot": tie.slot,
    }


def tie_scores(
    tie: CupTie,
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The completed matches' points and tie-breakers' raw totals of a tie, each as
    (first-named team, second-named team), in the order they were played."""
    results = (
        MatchResult.objects.filter(match__tie=tie, match__status=Match.Status.COMPLETED)
        .select_related("match")
        .order_by("match__tiebreak", "match__date", "match__id")
    )
    return scores_from_results(tie, list(results))


def scores_from_results(
    tie: CupTie, results: Sequence[MatchResult]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    by_match: dict[int, dict[int, int]] = {}
    order: list[Match] = []
    for row in results:
        if row.match_id not in by_match:
            by_match[row.match_id] = {}
            order.append(row.match)
        by_match[row.match_id][row.team_id] = row.points
    matches, tiebreaks = [], []
    for match in sorted(order, key=lambda m: (m.tiebreak, m.date, m.pk)):
        points = by_match[match.pk]
        pair = (points.get(tie.team_a_id, 0), points.get(tie.team_b_id, 0))
        (tiebreaks if match.tiebreak else matches).append(pair)
    return matches, tiebreaks


def tiebreak_refusal_error(refusal: bracket.Refusal) -> ServiceError:
    """The bracket's tie-breaker refusal as the table's error, in the user's
    language (R15)."""
    if refusal.code == "too_early":
        return ERRORS.error("tiebreak_too_early", n=refusal.a)
    if refusal.code == "totals_differ":
        return ERRORS.error("tiebreak_totals_differ", a=refusal.a, b=refusal.b)
    if refusal.code == "tiebreak_differs":
        return ERRORS.error("tiebreak_differs", a=refusal.a, b=refusal.b)
    if refusal.code == "inconsistent":
        return ERRORS.error("tiebreak_inconsistent", detail=refusal.detail)
    raise ServiceBug(f"the bracket refused a tie-breaker with {refusal.code!r}")


def refusal_message(refusal: bracket.Refusal) -> str:
    """The bracket's tie-breaker refusal in the user's language (R15)."""
    return tiebreak_refusal_error(refusal).message
