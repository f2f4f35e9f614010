"""Team.captains is carried into TeamCaptain (0012): the per-season record is the
one place that says who captains a team."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0012_captains_per_season"),
    ]

    operations = [
        migrations.RemoveField(model_name="team", name="captains"),
    ]
