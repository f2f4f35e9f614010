"""The best trophy of each stored match result (R15's tie-break), from its hands."""

from django.db import migrations

from scoring.engine import trophies_made
from scoring.engine.catalogue import FEASTS


def _rank(code):
    return FEASTS[code].trophy_rank


def best_trophies_fill(apps, schema_editor):
    Hand = apps.get_model("scoring", "Hand")
    MatchResult = apps.get_model("competitions", "MatchResult")
    made = {}
    for hand in Hand.objects.select_related("match").iterator():
        match = hand.match
        defence = match.team_b_id if hand.attack_team_id == match.team_a_id else match.team_a_id
        for _index, announcement in trophies_made(hand.record, hand.result or {}):
            team = hand.attack_team_id if announcement.get("team") == "attack" else defence
            made.setdefault((match.pk, team), []).append(announcement["feast"])
    for result in MatchResult.objects.all().iterator():
        codes = made.get((result.match_id, result.team_id))
        if codes:
            result.best_trophy = max(codes, key=_rank)
            result.save(update_fields=["best_trophy"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0001_initial"),
        ("competitions", "0003_history_and_best_trophy"),
    ]

    operations = [migrations.RunPython(best_trophies_fill, migrations.RunPython.noop)]
