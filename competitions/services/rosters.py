"""Teams and their rosters per season (R15): a fixed driver and catcher and an
optional substitute who may take either role.

A roster change never contradicts a match already on record: a player who played
for the team in the season's matches (a stored line-up of a match that is not void)
keeps a place that allows what they played — the substitute allows both roles, the
driver and the catcher only their own — or the change is refused naming the
matches. Next season's roster may start as a copy of this one.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from competitions.errors import ERRORS
from competitions.models import Lineup, Match, Membership, Player, Season, Team
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.roles import official_check
from tarokk_admin.core.words import app_words

NAMED_AT_MOST = 5
Role = Membership.Role


def _team_save(team: Team, user: Any, why: str) -> Team:
    team.name = " ".join((team.name or "").split())
    team.club = (team.club or "").strip()
    if not team.name:
        ERRORS.refuse("team_name_missing", field="name")
    history_mark(team, user, why)
    try:
        with transaction.atomic():
            team.save()
    except IntegrityError:
        ERRORS.refuse("team_exists", field="name", name=team.name)
    return team


def team_create(*, name: str, club: str = "", user: Any) -> Team:
    official_check(user, ERRORS.error("not_an_official__rosters"))
    return _team_save(Team(name=name, club=club), user, _("team created"))


def team_update(*, team: Team, name: str, club: str = "", user: Any) -> Team:
    official_check(user, ERRORS.error("not_an_official__rosters"))
    team.name, team.club = name, club
    return _team_save(team, user, _("team edited"))


def _played(season: Season, player: Player) -> list[Lineup]:
    """The player's line-ups in the season's matches that are not void."""
    return list(
        Lineup.objects.filter(match__competition__season=season)
        .filter(Q(driver=player) | Q(catcher=player))
        .exclude(match__status=Match.Status.VOID)
        .select_related("match__team_a", "match__team_b", "team")
        .order_by("match__date", "match_id")
    )


def _allows(
    lineup: Lineup, player: Player, team: Team | None, role: str | None
) -> bool:
    if team is None or lineup.team_id != team.pk:
        return False
    played = Role.DRIVER if lineup.driver_id == player.pk else Role.CATCHER
    return role in (Role.SUBSTITUTE, played)


def _contradiction_check(
    season: Season, player: Player, team: Team | None, role: str | None
) -> None:
    """Refuse when the player's played line-ups do not fit (team, role); ``team``
    None means the player leaves the roster."""
    against = [
        lineup
        for lineup in _played(season, player)
        if not _allows(lineup, player, team, role)
    ]
    if not against:
        return
    names = "; ".join(
        f"{lineup.match} ({lineup.team.name}, "
        f"{_('driver') if lineup.driver_id == player.pk else _('catcher')})"
        for lineup in against[:NAMED_AT_MOST]
    )
    if len(against) > NAMED_AT_MOST:
        names += _(" and %(n)s more") % {"n": len(against) - NAMED_AT_MOST}
    ERRORS.refuse(
        "roster_contradicts_matches",
        field="player",
        player=player.name,
        season=season.year,
        matches=names,
    )


@transaction.atomic
def membership_set(
    *, season: Season, team: Team, role: str, player: Player, user: Any
) -> Membership:
    """Put ``player`` in ``team``'s ``role`` for the season (R15): the role's holder
    leaves it, and the player leaves any other place of the season; each move is
    checked against the matches on record."""
    official_check(user, ERRORS.error("not_an_official__rosters"))
    if role not in Role.values:
        ERRORS.refuse("roster_role_unknown", field="role")
    if not player.active:
        ERRORS.refuse("roster_player_inactive", field="player", name=player.name)
    # Lock the season's roster rows of this team and of the player's old place.
    places = list(
        Membership.objects.select_for_update()
        .filter(season=season)
        .filter(Q(team=team, role=role) | Q(player=player))
    )
    holder = next((m for m in places if m.team_id == team.pk and m.role == role), None)
    own = next((m for m in places if m.player_id == player.pk), None)
    if holder is not None and holder.player_id == player.pk:
        return holder
    if holder is not None:
        _contradiction_check(season, holder.player, None, None)
    _contradiction_check(season, player, team, role)
    if holder is not None:
        history_mark(holder, user, app_words(gettext_noop("replaced")))
        holder.delete()
    if own is not None:
        own.team, own.role = team, role
        history_mark(own, user, app_words(gettext_noop("role changed")))
        own.save()
        return own
    membership = Membership(season=season, team=team, role=role, player=player)
    history_mark(membership, user, app_words(gettext_noop("joined")))
    membership.save()
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership, user: Any) -> None:
    official_check(user, ERRORS.error("not_an_official__rosters"))
    _contradiction_check(membership.season, membership.player, None, None)
    history_mark(membership, user, app_words(gettext_noop("left the roster")))
    membership.delete()


@transaction.atomic
def roster_copy(*, source: Season, target: Season, user: Any) -> dict[str, int]:
    """Start ``target``'s rosters from ``source``'s: every team without a roster in
    ``target`` gets its places back, except for players deactivated or already on a
    roster of ``target`` (a player plays for one team a season)."""
    official_check(user, ERRORS.error("not_an_official__rosters"))
    if source.pk == target.pk:
        ERRORS.refuse("roster_copy_same_season", field="source")
    taken_teams = set(
        Membership.objects.filter(season=target).values_list("team_id", flat=True)
    )
    taken_players = set(
        Membership.objects.filter(season=target).values_list("player_id", flat=True)
    )
    copied = skipped = 0
    rows: Iterable[Membership] = Membership.objects.filter(
        season=source
    ).select_related("player")
    for row in rows:
        if (
            row.team_id in taken_teams
            or row.player_id in taken_players
            or not row.player.active
        ):
            skipped += 1
            continue
        membership = Membership(
            season=target, team_id=row.team_id, role=row.role, player_id=row.player_id
        )
        history_mark(
            membership,
            user,
            app_words(gettext_noop("copied from %(year)s"), year=source.year),
        )
        membership.save()
        taken_players.add(row.player_id)
        copied += 1
    return {"copied": copied, "skipped": skipped}
