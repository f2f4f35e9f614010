"""What the team, match and home pages show: a fixed number of queries each, whatever
the season's size (issue 6 "Speed")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from competitions.models import (
    Competition,
    Lineup,
    Match,
    MatchResult,
    Membership,
    Season,
    Team,
)
from competitions.permissions import captain_team_ids, is_jury, is_official
from scoring.engine.catalogue import FEASTS


def match_visible_to(match: Match, user: Any) -> bool:
    """R15: a match not played in public is shown to anonymous visitors only once the
    jury approved it; officials, jury, its referee and its captains always see it."""
    if match.public or getattr(match, "jury_approval", None) is not None:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        is_official(user)
        or is_jury(user)
        or match.referee_id == user.pk
        or bool({match.team_a_id, match.team_b_id} & captain_team_ids(user))
    )


def public_matches(user: Any) -> QuerySet[Match]:
    """Matches a visitor may see in lists (the same rule as ``match_visible_to`` for
    anonymous visitors; signed-in staff see the rest on the match page itself)."""
    return Match.objects.filter(Q(public=True) | Q(jury_approval__isnull=False))


# --- Team page ------------------------------------------------------------------------


@dataclass
class TeamSeason:
    team: Team
    season: Season | None
    roster: list[Membership]
    history: list[Membership]
    results: list[MatchResult]
    upcoming: list[Match]
    trophies: list[Any]
    cumulative: list[tuple[Any, int]] = field(default_factory=list)


def team_season(*, team: Team, season: Season | None, user: Any) -> TeamSeason:
    """Five queries: memberships (all seasons), the season's results, the next
    matches, the trophies made by its players."""
    from trophies.models import TrophyAward

    memberships = list(
        Membership.objects.filter(team=team)
        .select_related("player", "season")
        .order_by("-season__year", "role")
    )
    roster = [m for m in memberships if season and m.season_id == season.pk]
    visible = Q(match__public=True) | Q(match__jury_approval__isnull=False)
    results: list[MatchResult] = []
    upcoming: list[Match] = []
    trophies: list[Any] = []
    if season is not None:
        results = list(
            MatchResult.objects.filter(
                visible,
                team=team,
                match__competition__season=season,
                match__status=Match.Status.COMPLETED,
            )
            .select_related("match__competition", "opponent")
            .order_by("match__date", "match__time", "match_id")
        )
        upcoming = list(
            public_matches(user)
            .filter(
                Q(team_a=team) | Q(team_b=team),
                competition__season=season,
                status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY],
            )
            .select_related("team_a", "team_b", "competition")
            .order_by("date", "time", "id")[:10]
        )
        trophies = list(
            TrophyAward.objects.filter(team=team, date__year=season.year)
            .select_related("player")
            .order_by("-date", "-id")[:50]
        )
    for award in trophies:
        award.feast_name = _feast_name(award.feast)
    data = TeamSeason(team, season, roster, memberships, results, upcoming, trophies)
    running = 0
    for result in results:
        if _counts_for_championship(result.match):
            running += result.points
            data.cumulative.append((result.match.date, running))
    return data


def _counts_for_championship(match: Match) -> bool:
    return (
        match.competition.kind == Competition.Kind.CHAMPIONSHIP
        or match.counts_for_championship
    )


def points_chart(points: list[tuple[Any, int]], *, width: int = 640, height: int = 240):
    """Coordinates of the cumulative points chart (server-side SVG, no JS)."""
    left, right, top, bottom = 48, 12, 12, 28
    inner_w, inner_h = width - left - right, height - top - bottom
    top_value = max((value for _, value in points), default=0) or 1
    step = inner_w / max(len(points) - 1, 1)
    coords = [
        (
            round(left + index * step, 1),
            round(top + inner_h - value / top_value * inner_h, 1),
            value,
            day,
        )
        for index, (day, value) in enumerate(points)
    ]
    ticks = [
        (round(top + inner_h - fraction * inner_h, 1), round(top_value * fraction))
        for fraction in (0, 0.25, 0.5, 0.75, 1)
    ]
    return {
        "width": width,
        "height": height,
        "left": left,
        "right": width - right,
        "bottom": top + inner_h,
        "polyline": " ".join(f"{x},{y}" for x, y, _, _ in coords),
        "points": coords,
        "ticks": ticks,
        "total": points[-1][1] if points else 0,
        "first": points[0][0] if points else None,
        "last": points[-1][0] if points else None,
    }


# --- Match page -----------------------------------------------------------------------


@dataclass
class HandLine:
    number: int
    attack: str
    defence: str
    attack_result: dict[str, Any]
    defence_result: dict[str, Any]
    announcements: list[dict[str, Any]]
    silent: dict[str, list[str]]
    tricks: int | None

    @property
    def rows(self) -> list[tuple[str, str, dict[str, Any]]]:
        return [
            ("attack", self.attack, self.attack_result),
            ("defence", self.defence, self.defence_result),
        ]


def match_sheet(match: Match) -> dict[str, Any]:
    """The score sheet hand by hand (three queries: line-ups, hands, results)."""
    from scoring.models import Hand

    names = {match.team_a_id: match.team_a.name, match.team_b_id: match.team_b.name}
    lineups = {
        lineup.team_id: lineup
        for lineup in Lineup.objects.filter(match=match).select_related(
            "driver", "catcher", "team"
        )
    }
    hands = []
    for hand in Hand.objects.filter(match=match).order_by("number"):
        attack = names.get(hand.attack_team_id, "")
        defence = next((n for t, n in names.items() if t != hand.attack_team_id), "")
        derived = hand.result.get("derived") or {}
        silent = derived.get("silent") or hand.record.get("silent") or {}
        made = derived.get("made")
        announcements = []
        for index, item in enumerate(hand.record.get("announcements", [])):
            feast = FEASTS.get(item.get("feast", ""))
            announcements.append(
                {
                    "name": gettext(feast.name) if feast else item.get("feast", ""),
                    "value": feast.value if feast else None,
                    "team": attack if item.get("team") == "attack" else defence,
                    "side": item.get("team"),
                    "by": item.get("by"),
                    "made": made[index] if made else item.get("made"),
                    "contra": item.get("contra"),
                    "cards": item.get("cards") or [],
                    "suits": item.get("suits") or [],
                }
            )
        tricks = (derived.get("tricks") or hand.record.get("tricks") or {}).get(
            "attack"
        )
        hands.append(
            HandLine(
                number=hand.number,
                attack=attack,
                defence=defence,
                attack_result=hand.result.get("attack", {}),
                defence_result=hand.result.get("defence", {}),
                announcements=announcements,
                silent={
                    "attack": [_feast_name(c) for c in silent.get("attack", [])],
                    "defence": [_feast_name(c) for c in silent.get("defence", [])],
                },
                tricks=tricks,
            )
        )
    results = {r.team_id: r for r in MatchResult.objects.filter(match=match)}
    return {
        "lineups": [lineups.get(match.team_a_id), lineups.get(match.team_b_id)],
        "hands": hands,
        "results": [results.get(match.team_a_id), results.get(match.team_b_id)],
    }


def _feast_name(code: str) -> str:
    feast = FEASTS.get(code)
    return gettext(feast.name) if feast else code


# --- Home page ------------------------------------------------------------------------


def with_scores(matches: list[Match]) -> list[Match]:
    """Put each team's points and total on the match (``results`` prefetched)."""
    for match in matches:
        by_team = {result.team_id: result for result in match.results.all()}
        a, b = by_team.get(match.team_a_id), by_team.get(match.team_b_id)
        match.points_a = a.points if a else None  # type: ignore[attr-defined]
        match.points_b = b.points if b else None  # type: ignore[attr-defined]
        match.total_a = a.total if a else None  # type: ignore[attr-defined]
        match.total_b = b.total if b else None  # type: ignore[attr-defined]
    return matches


def latest_results(*, season: Season, user: Any, limit: int = 8) -> list[Match]:
    return with_scores(
        list(
            public_matches(user)
            .filter(competition__season=season, status=Match.Status.COMPLETED)
            .select_related("team_a", "team_b", "competition")
            .prefetch_related("results")
            .order_by("-completed_at", "-date", "-id")[:limit]
        )
    )


def next_matches(*, season: Season, user: Any, limit: int = 8) -> list[Match]:
    return list(
        public_matches(user)
        .filter(
            competition__season=season,
            status__in=[Match.Status.SCHEDULED, Match.Status.IN_PLAY],
        )
        .select_related("team_a", "team_b", "competition")
        .order_by("date", "time", "id")[:limit]
    )
