"""Each team's captain, season by season: chosen by officials from the team's
members of that season (a member needs an account), or handed over by the current
captain to a successor. The captain answers for the team in that season only:
confirming or disputing its results, accepting them at the table, registering it
for the cup (:func:`captain_check`). A change keeps the earlier captain in the
history, with who and why."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import Membership, Player, Season, Team, TeamCaptain
from competitions.selectors.accounts import account_name
from competitions.selectors.teams import is_captain_of
from competitions.services.accounts import role_add
from tarokk_admin.core.history import history_mark
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import Role, is_official, official_check


def captain_check(user: Any, team: Team, season_id: int) -> None:
    """Refuse unless ``user`` is the team's captain in that season."""
    if not is_captain_of(user, team.pk, season_id):
        year = Season.objects.filter(pk=season_id).values_list("year", flat=True)
        ERRORS.refuse(
            "not_the_captain",
            user=person_name(user),
            team=team.name,
            year=next(iter(year), "?"),
        )


def _member_account(season: Season, team: Team, player: Player) -> Any:
    """The account of a member of the team's roster in the season (R15's teams)."""
    if not Membership.objects.filter(season=season, team=team, player=player).exists():
        ERRORS.refuse(
            "not_a_member",
            field="player",
            player=player.name,
            team=team.name,
            year=season.year,
        )
    account = player.user
    if account is None:
        ERRORS.refuse("no_account", field="player", player=player.name)
    if not account.is_active:
        ERRORS.refuse("captain_account_inactive", field="player", player=player.name)
    return account


@transaction.atomic
def team_captain_set(
    *, season: Season, team: Team, player: Player, by: Any, reason: str = ""
) -> TeamCaptain:
    """Make a member of the team's roster its captain for the season: an official,
    or the team's current captain naming a successor. The new captain gets the
    Team captain role when they lack it."""
    Season.objects.select_for_update().filter(pk=season.pk).first()
    current = (
        TeamCaptain.objects.select_for_update()
        .filter(season=season, team=team)
        .select_related("user")
        .first()
    )
    official = is_official(by)
    successor = current is not None and current.user_id == by.pk
    if not official and not successor:
        ERRORS.refuse("not_allowed", year=season.year)
    account = _member_account(season, team, player)
    if current is not None and current.user_id == account.pk:
        ERRORS.refuse(
            "already_captain",
            field="player",
            name=player.name,
            team=team.name,
            year=season.year,
        )
    why = " ".join(reason.split()) or (
        _("handed over by the captain") if successor and not official else ""
    )
    why = why or _("chosen by an official")
    role_add(
        account,
        Role.TEAM_CAPTAIN,
        by,
        _("captain of %(team)s in %(year)s") % {"team": team.name, "year": season.year},
    )
    row = current or TeamCaptain(season=season, team=team)
    row.user = account
    history_mark(row, by, why)
    row.save()
    for name in ("_tarokk_captaincies",):
        for user in (by, account):
            if hasattr(user, name):
                delattr(user, name)
    return row


@transaction.atomic
def team_captain_remove(*, season: Season, team: Team, by: Any, reason: str) -> None:
    """An official leaves the team without a captain for the season (kept in the
    history with the reason)."""
    official_check(by, ERRORS.error("not_an_official__captains"))
    reason = " ".join(reason.split())
    if not reason:
        ERRORS.refuse("captain_removal_reason_missing", field="reason")
    row = TeamCaptain.objects.filter(season=season, team=team).first()
    if row is None:
        ERRORS.refuse("no_captain", team=team.name, year=season.year)
    history_mark(row, by, reason)
    row.delete()


def captain_label(row: TeamCaptain | None) -> str:
    return account_name(row.user) if row is not None else ""
