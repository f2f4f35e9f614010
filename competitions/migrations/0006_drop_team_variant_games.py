"""The team-based variant games are carried into sittings (0005): drop their tables."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0005_carry_variant_games"),
    ]

    operations = [
        migrations.DeleteModel(name="VariantScore"),
        migrations.DeleteModel(name="VariantGame"),
    ]
