"""What the officials' workspace reads: the season in progress in figures, what
needs attention, the players (searched accent-blind, in the Hungarian order) and the
season's rosters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Q

from competitions.models import (
    Match,
    MatchResult,
    Membership,
    Player,
    PlayerClaim,
    Season,
    Team,
    VariantSitting,
)
from competitions.selectors.matches import needs_jury_approval_q
from competitions.selectors.outbox import outbox_problems
from tarokk_admin.core.collation import hu, hu_sorted
from tarokk_admin.core.text import fold

PLAYERS_PAGE = 50


def approvals_pending() -> Any:
    """Open matches that need a jury approval (R15: before the annual meeting or
    not in public) and have neither an approval nor a refusal: the jury's list."""
    return Match.objects.filter(
        needs_jury_approval_q(),
        status__in=(Match.Status.SCHEDULED, Match.Status.IN_PLAY),
        jury_approval__isnull=True,
        jury_refusal__isnull=True,
    )


def refusals_open() -> Any:
    """Matches still to play that the jury refused (R15) and that still need its
    approval: the officials void them or reschedule them in public."""
    return Match.objects.filter(
        needs_jury_approval_q(),
        status=Match.Status.SCHEDULED,
        jury_refusal__isnull=False,
    )


@dataclass
class SeasonDashboard:
    season: Season | None
    matches: dict[str, int] = field(default_factory=dict)
    teams: int = 0
    players: int = 0
    approvals: int = 0
    refusals: int = 0
    disputes: int = 0
    sittings: int = 0
    claims: int = 0
    outbox: int = 0
    unrostered: list[Team] = field(default_factory=list)
    uncaptained: list[Team] = field(default_factory=list)


def season_dashboard(season: Season | None) -> SeasonDashboard:
    """A handful of counting queries, whatever the season's size."""
    board = SeasonDashboard(season)
    board.approvals = approvals_pending().count()
    board.refusals = refusals_open().count()
    board.disputes = (
        MatchResult.objects.filter(answer=MatchResult.Answer.DISPUTED)
        .values("match")
        .distinct()
        .count()
    )
    board.sittings = VariantSitting.objects.filter(
        status=VariantSitting.Status.PENDING
    ).count()
    board.claims = PlayerClaim.objects.filter(status=PlayerClaim.Status.PENDING).count()
    board.players = Player.objects.filter(active=True).count()
    board.outbox = outbox_problems()
    if season is None:
        return board
    counted = Match.objects.filter(competition__season=season).aggregate(
        **{
            status: Count("id", filter=Q(status=status))
            for status in Match.Status.values
        }
    )
    board.matches = {k: v or 0 for k, v in counted.items()}
    board.teams = (
        Membership.objects.filter(season=season).values("team").distinct().count()
    )
    # Teams of the season's matches without a driver and a catcher on the roster.
    playing = set(
        Match.objects.filter(competition__season=season).values_list("team_a", "team_b")
    )
    ids = {pk for pair in playing for pk in pair}
    complete = set(
        Membership.objects.filter(season=season, role__in=("driver", "catcher"))
        .values("team")
        .annotate(n=Count("id"))
        .filter(n=2)
        .values_list("team", flat=True)
    )
    board.unrostered = list(Team.objects.filter(pk__in=ids - complete))
    # Teams with a roster but no captain this season: nobody answers for them.
    board.uncaptained = list(
        Team.objects.filter(memberships__season=season)
        .exclude(season_captains__season=season)
        .distinct()
    )
    return board


def players_search(query: str, *, inactive: bool = False) -> Any:
    """Players whose name (accents and case aside) or federation number contains
    ``query``, in the Hungarian order of their names."""
    players = Player.objects.all()
    if not inactive:
        players = players.filter(active=True)
    words = fold(query).split()
    for word in words:
        players = players.filter(
            Q(name_folded__contains=word) | Q(federation_number__icontains=word)
        )
    return players.order_by(hu("name"), "id")


@dataclass
class TeamRoster:
    team: Team
    places: dict[str, Membership]

    @property
    def listed(self) -> list[tuple[str, Membership]]:
        """(role label, place) in the order driver, catcher, substitute."""
        return [
            (label, self.places[value])
            for value, label in Membership.Role.choices
            if value in self.places
        ]

    @property
    def complete(self) -> bool:
        return {"driver", "catcher"} <= set(self.places)


def season_rosters(season: Season) -> list[TeamRoster]:
    """Every team with a roster in the season, and the teams without one, in the
    Hungarian order: two queries."""
    rosters: dict[int, TeamRoster] = {
        team.pk: TeamRoster(team, {}) for team in Team.objects.all()
    }
    for membership in Membership.objects.filter(season=season).select_related("player"):
        rosters[membership.team_id].places[membership.role] = membership
    return hu_sorted(rosters.values(), key=lambda r: r.team.name)
