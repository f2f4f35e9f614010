"""Link the variant-game trophies entered before sittings to the sitting they were
made in (R14), where the carried sittings say so unambiguously.

An award entered from a variant game (no match) is linked to the one carried sitting
of the same variant and date (and the same event when the award names one; and, when
the award names a team, one where that team sat). An award with no such sitting, or
with several, stays as it was: its variant, event, date, jury note and points are
kept, and it still counts on the trophy list. Each link is written in the award's
history.
"""

from django.db import migrations
from django.utils import timezone

LINKED = "linked to its carried variant sitting %s"
UNLINKED = "unlinked from the variant sitting before migrating back"


def _values(instance):
    return {
        field.attname: getattr(instance, field.attname)
        for field in instance._meta.concrete_fields
    }


def _sitting_for(award, sitting_model):
    candidates = sitting_model.objects.filter(
        carried=True, variant=award.variant, date=award.date
    )
    if award.event:
        candidates = candidates.filter(event=award.event)
    if award.team_id is not None:
        candidates = candidates.filter(results__team_id=award.team_id)
    found = list(candidates.distinct()[:2])
    return found[0] if len(found) == 1 else None


def _relink(award, history_model, sitting_id, reason):
    award.sitting_id = sitting_id
    award.save(update_fields=["sitting"])
    history_model.objects.create(
        **_values(award),
        history_date=timezone.now(),
        history_type="~",
        history_user_id=None,
        history_change_reason=reason,
    )


def link_forward(apps, schema_editor):
    award_model = apps.get_model("trophies", "TrophyAward")
    history_model = apps.get_model("trophies", "HistoricalTrophyAward")
    sitting_model = apps.get_model("competitions", "VariantSitting")
    awards = award_model.objects.filter(
        match__isnull=True, hand__isnull=True, sitting__isnull=True
    ).exclude(variant="")
    for award in awards.order_by("date", "id"):
        sitting = _sitting_for(award, sitting_model)
        if sitting is not None:
            _relink(award, history_model, sitting.pk, LINKED % sitting.pk)


def link_back(apps, schema_editor):
    award_model = apps.get_model("trophies", "TrophyAward")
    history_model = apps.get_model("trophies", "HistoricalTrophyAward")
    for award in award_model.objects.filter(sitting__isnull=False).order_by("id"):
        _relink(award, history_model, None, UNLINKED)


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0005_carry_variant_games"),
        ("trophies", "0004_award_sitting"),
    ]

    operations = [migrations.RunPython(link_forward, link_back)]
