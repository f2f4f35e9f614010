"""Line-ups: who plays driver and catcher for a team in a match (R15)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from competitions.errors import ERRORS
from competitions.models import Competition, Lineup, Match, Player, Team
from competitions.selectors.matches import lineup_candidates
from competitions.services.jury import match_refusal_check


def lineup_set(*, match: Match, team: Team, driver: Player, catcher: Player) -> Lineup:
    """Who plays driver and catcher for a team (R15): members only; a substitute may
    take either role in the championship, never in the cup; nobody on both sides."""
    if team.pk not in (match.team_a_id, match.team_b_id):
        ERRORS.refuse("team_not_in_match", team=team.name)
    if match.status in (Match.Status.COMPLETED, Match.Status.VOID):
        ERRORS.refuse("lineup_match_over")
    match_refusal_check(match)  # R15: a refused match is not played
    if driver.pk == catcher.pk:
        ERRORS.refuse("lineup_same_player")
    eligible = lineup_candidates(match, team)
    is_cup = match.competition.kind == Competition.Kind.CUP
    for player, role in ((driver, "driver"), (catcher, "catcher")):
        if player.pk not in eligible:
            reason = (
                _("the cup admits only the team's registered driver and catcher (R15)")
                if is_cup
                else _("only the team's members of the season may play (R15)")
            )
            ERRORS.refuse(
                "lineup_not_eligible",
                field=role,
                player=player.name,
                team=team.name,
                reason=reason,
            )
        if eligible[player.pk] != "substitute" and eligible[player.pk] != role:
            ERRORS.refuse(
                "lineup_wrong_role",
                field=role,
                player=player.name,
                their=_(eligible[player.pk]),
                role=_(role),
            )
    other = Lineup.objects.filter(match=match).exclude(team=team).first()
    if other and {driver.pk, catcher.pk} & {other.driver_id, other.catcher_id}:
        ERRORS.refuse("lineup_both_sides")
    lineup, _created = Lineup.objects.update_or_create(
        match=match, team=team, defaults={"driver": driver, "catcher": catcher}
    )
    return lineup
