"""An account that had turned off "A match is moved or postponed" (``match_moved``)
keeps postponements off now that they are a kind of their own (``match_postponed``)."""

from django.db import migrations

MOVED, POSTPONED = "match_moved", "match_postponed"


def postponed_off(apps, schema_editor):
    settings = apps.get_model("competitions", "AccountSettings")
    for row in settings.objects.all().iterator():
        if MOVED in row.notices_off and POSTPONED not in row.notices_off:
            row.notices_off = [*row.notices_off, POSTPONED]
            row.save(update_fields=["notices_off"])


def postponed_back(apps, schema_editor):
    settings = apps.get_model("competitions", "AccountSettings")
    for row in settings.objects.all().iterator():
        if POSTPONED in row.notices_off:
            row.notices_off = [kind for kind in row.notices_off if kind != POSTPONED]
            row.save(update_fields=["notices_off"])


class Migration(migrations.Migration):
    dependencies = [("competitions", "0018_notice_kinds_declared_match_postponed")]

    operations = [migrations.RunPython(postponed_off, postponed_back)]
