"""Who acts for the demo teams and at the demo tables, through the services: the
demo captain is the first team's captain of the season (their account linked to
its driver's federation record, as a captain is one of the team's members), and
the demo referee is in the season's referee pool."""

from __future__ import annotations

from competitions.models import Membership, Season, SeasonReferee, Team, TeamCaptain
from competitions.services.captains import team_captain_set
from competitions.services.claims import player_account_link
from competitions.services.referees import referee_pool_add
from tarokk_admin.demo.common import demo_user

# The reason the demo official gives, typed as an official would (in Hungarian).
CAPTAIN_REASON = "A csapat kapitánya a bemutató idényében."


def demo_people_seed(season: Season, captains_team: Team) -> list[str]:
    """The captain of ``captains_team`` and the referee pool of ``season``;
    idempotent."""
    official, referee = demo_user("official"), demo_user("referee")
    lines = []
    if not SeasonReferee.objects.filter(season=season, user=referee).exists():
        referee_pool_add(
            season=season, referee=referee, by=official, reason="demo referee"
        )
        lines.append(f"'referee' referees in {season.year}.")
    if not TeamCaptain.objects.filter(season=season, team=captains_team).exists():
        driver = (
            Membership.objects.select_related("player")
            .get(season=season, team=captains_team, role=Membership.Role.DRIVER)
            .player
        )
        if driver.user_id is None:
            player_account_link(player=driver, username="captain", user=official)
            driver.refresh_from_db()
        team_captain_set(
            season=season,
            team=captains_team,
            player=driver,
            by=official,
            reason=CAPTAIN_REASON,
        )
        lines.append(
            f"'captain' ({driver.name}) captains {captains_team} in {season.year}."
        )
    return lines
