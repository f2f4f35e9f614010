"""Create the federation's role groups: Official, Jury, Referee, Team captain."""

from django.db import migrations

# Frozen copy of competitions.roles.Role: migrations do not import app code.
ROLE_GROUPS = ["Official", "Jury", "Referee", "Team captain"]


def create_role_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


def delete_role_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.filter(name__in=ROLE_GROUPS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(create_role_groups, delete_role_groups),
    ]
