"""Line-ups: who plays driver and catcher for a team in a match (R15)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from competitions.models import Competition, Lineup, Match, Player, Team
from competitions.selectors.matches import lineup_candidates
from competitions.services.jury import match_refusal_check
from tarokk_admin.core.errors import ServiceError


def lineup_set(*, match: Match, team: Team, driver: Player, catcher: Player) -> Lineup:
    """Who plays driver and catcher for a team (R15): members only; a substitute may
    take either role in the championship, never in the cup; nobody on both sides."""
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise ServiceError(
            _("%(team)s does not play this match.") % {"team": team.name}
        )
    if match.status in (Match.Status.COMPLETED, Match.Status.VOID):
        raise ServiceError(_("The line-up of a completed or void match cannot change."))
    match_refusal_check(match)  # R15: a refused match is not played
    if driver.pk == catcher.pk:
        raise ServiceError(
            _("The driver and the catcher must be two different players.")
        )
    eligible = lineup_candidates(match, team)
    is_cup = match.competition.kind == Competition.Kind.CUP
    for player, role in ((driver, "driver"), (catcher, "catcher")):
        if player.pk not in eligible:
            reason = (
                _("the cup admits only the team's registered driver and catcher (R15)")
                if is_cup
                else _("only the team's members of the season may play (R15)")
            )
            raise ServiceError(
                _("%(player)s cannot play for %(team)s: %(reason)s.")
                % {"player": player.name, "team": team.name, "reason": reason},
                field=role,
            )
        if eligible[player.pk] != "substitute" and eligible[player.pk] != role:
            raise ServiceError(
                _("%(player)s is the team's %(their)s and cannot play %(role)s (R15).")
                % {
                    "player": player.name,
                    "their": _(eligible[player.pk]),
                    "role": _(role),
                },
                field=role,
            )
    other = Lineup.objects.filter(match=match).exclude(team=team).first()
    if other and {driver.pk, catcher.pk} & {other.driver_id, other.catcher_id}:
        raise ServiceError(_("A player cannot play on both sides of a match."))
    lineup, _created = Lineup.objects.update_or_create(
        match=match, team=team, defaults={"driver": driver, "catcher": catcher}
    )
    return lineup
