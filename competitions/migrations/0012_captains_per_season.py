"""Carry each team's captains (``Team.captains``, without a season) into the
per-season record (``TeamCaptain``): for every season in which the team has a
roster. A team has one captain a season; where a team had several, the one whose
federation record is on that season's roster is kept (else the first account), and
the history of the new rows says where they came from."""

from django.db import migrations
from django.utils import timezone

REASON = "carried over from the team's captains"


def _chosen(captains, members):
    """The captain to keep for one season: a member of the roster first."""
    on_roster = [user for user in captains if user.pk in members]
    return (on_roster or captains)[0]


def carry_captains(apps, schema_editor):
    Team = apps.get_model("competitions", "Team")
    Membership = apps.get_model("competitions", "Membership")
    Player = apps.get_model("competitions", "Player")
    TeamCaptain = apps.get_model("competitions", "TeamCaptain")
    History = apps.get_model("competitions", "HistoricalTeamCaptain")
    now = timezone.now()
    for team in Team.objects.order_by("pk"):
        captains = list(team.captains.order_by("pk"))
        if not captains:
            continue
        seasons = (
            Membership.objects.filter(team=team)
            .values_list("season_id", flat=True)
            .distinct()
        )
        for season_id in sorted(set(seasons)):
            if TeamCaptain.objects.filter(season_id=season_id, team=team).exists():
                continue
            players = Membership.objects.filter(
                team=team, season_id=season_id
            ).values_list("player_id", flat=True)
            members = set(
                Player.objects.filter(pk__in=list(players))
                .exclude(user__isnull=True)
                .values_list("user_id", flat=True)
            )
            user = _chosen(captains, members)
            row = TeamCaptain.objects.create(season_id=season_id, team=team, user=user)
            History.objects.create(
                id=row.pk,
                season_id=season_id,
                team_id=team.pk,
                user_id=user.pk,
                history_date=now,
                history_type="+",
                history_change_reason=REASON,
            )


def carry_back(apps, schema_editor):
    TeamCaptain = apps.get_model("competitions", "TeamCaptain")
    for row in TeamCaptain.objects.select_related("team"):
        row.team.captains.add(row.user_id)


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0011_accounts_captains_referees_walkovers"),
    ]

    operations = [
        migrations.RunPython(carry_captains, carry_back),
    ]
