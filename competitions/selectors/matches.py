"""Reading matches (HackSoft selectors): who may see one (R15), the lists of the
home page, what a match needs before hands are entered, and a match as a record."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from competitions.models import (
    Competition,
    CupRegistration,
    Match,
    Membership,
    Season,
    Team,
)
from competitions.selectors.teams import captain_team_ids
from tarokk_admin.core.roles import is_jury, is_official


def match_start_datetime(match: Match) -> dt.datetime:
    """When the match starts (its date at midnight when no time is set)."""
    naive = dt.datetime.combine(match.date, match.time or dt.time(0, 0))
    return timezone.make_aware(naive)


# R15's two rules, each written here once, as a test on one match and as a query
# (``path`` prefixes the match's fields: "match__" from a result). A test checks
# that each pair agrees.


def match_needs_jury_approval(match: Match) -> bool:
    """R15: a match not played in public, or dated before the annual meeting."""
    return not match.public or match.date < match.competition.season.annual_meeting


def needs_jury_approval_q(path: str = "") -> Q:
    """``match_needs_jury_approval`` as a query."""
    return Q(**{f"{path}public": False}) | Q(
        **{f"{path}date__lt": F(f"{path}competition__season__annual_meeting")}
    )


# The same rule in words, written here beside it: the jury's page states it, and
# says of each match which half of it applies (``jury_approval_why``).
JURY_APPROVAL_RULE = gettext_lazy(
    "Matches not played in public or dated before the annual meeting need the "
    "jury's approval, recorded before the match starts (R15)."
)
_WHY = {  # not in public / before the meeting: (a label, completing "because …")
    True: (
        gettext_lazy("not played in public"),
        gettext_lazy("it is not played in public"),
    ),
    False: (
        gettext_lazy("before the annual meeting"),
        gettext_lazy("it is dated before the annual meeting"),
    ),
}


def jury_approval_why(match: Match, *, label: bool = False) -> str:
    """Why R15 wants the jury's approval of ``match``: completing "because …", or
    (``label``) as the jury's page names it."""
    short, because = _WHY[not match.public]
    return str(short if label else because)


def publicly_visible(public: bool, approved: bool) -> bool:
    """R15: a match is shown to anonymous visitors when played in public or once the
    jury approved it (``approved``)."""
    return public or approved


def match_publicly_visible(match: Match) -> bool:
    """``publicly_visible`` of a match (its approval loaded or not)."""
    return publicly_visible(
        match.public, getattr(match, "jury_approval", None) is not None
    )


def publicly_visible_q(path: str = "") -> Q:
    """``match_publicly_visible`` as a query."""
    return Q(**{f"{path}public": True}) | Q(**{f"{path}jury_approval__isnull": False})


def match_visible_to(match: Match, user: Any) -> bool:
    """R15: a match not played in public is shown to anonymous visitors only once the
    jury approved it; officials, jury, its referee and its captains always see it."""
    if match_publicly_visible(match):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        is_official(user)
        or is_jury(user)
        or match.referee_id == user.pk
        or bool(
            {match.team_a_id, match.team_b_id}
            & captain_team_ids(user, match.competition.season_id)
        )
    )


def public_matches(user: Any) -> QuerySet[Match]:
    """Matches a visitor may see in lists (the same rule as ``match_visible_to`` for
    anonymous visitors; signed-in staff see the rest on the match page itself)."""
    return Match.objects.filter(publicly_visible_q())


def in_championship(competition: Competition, flagged: bool) -> bool:
    """R15: a championship match, or a match flagged to count (a Grand Prix's)."""
    return competition.kind == Competition.Kind.CHAMPIONSHIP or flagged


def championship_matches_played(
    team: Team, season_id: int, *, exclude: Match | None = None
) -> int:
    """The team's championship matches of the season, void ones left out (R15)."""
    matches = Match.objects.filter(
        Q(team_a=team) | Q(team_b=team),
        competition__season_id=season_id,
    ).exclude(status=Match.Status.VOID)
    matches = matches.filter(
        Q(competition__kind=Competition.Kind.CHAMPIONSHIP)
        | Q(counts_for_championship=True)
    )
    if exclude is not None:
        matches = matches.exclude(pk=exclude.pk)
    return matches.count()


def lineup_candidates(match: Match, team: Team) -> dict[int, str]:
    """Player id -> the role allowed in this match's line-up (R15): the season's
    members; in the cup only the registered driver and catcher, no substitute."""
    competition = match.competition
    if match.tie_id is not None and competition.kind != Competition.Kind.CUP:
        # A Grand Prix match counting for a cup tie: cup rules apply (R15).
        competition = match.tie.competition
    if competition.kind == Competition.Kind.CUP:
        registration = CupRegistration.objects.filter(
            competition=competition, team=team, withdrawn_at__isnull=True
        ).first()
        if registration is not None:
            return {
                registration.driver_id: "driver",
                registration.catcher_id: "catcher",
            }
        members = Membership.objects.filter(
            season_id=competition.season_id,
            team=team,
            role__in=[Membership.Role.DRIVER, Membership.Role.CATCHER],
        )
        return {m.player_id: m.role for m in members}
    members = Membership.objects.filter(season_id=competition.season_id, team=team)
    return {m.player_id: m.role for m in members}


def match_as_record(match: Match) -> dict[str, Any]:
    """The match as a match record (royal-tarokk-match/1, HAND_RECORD.md)."""
    first = match.team_a if match.first_attack_id == match.team_a_id else match.team_b
    record: dict[str, Any] = {
        "format": "royal-tarokk-match/1",
        "teams": [match.team_a.name, match.team_b.name],
        "first_attack": first.name,
        "hands": [hand.record for hand in match.hands.order_by("number")],
    }
    if match.tiebreak:
        record["tiebreak"] = True
    return record


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
