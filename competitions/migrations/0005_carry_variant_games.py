"""Carry the team-based variant games into variant sittings (R15), nothing lost.

Each old game (an official's entry of per-team points) becomes a *confirmed* sitting
marked ``carried``, recorded and confirmed by the official who entered it, with one
result per team and the same points: the old entry named teams, not the players who
sat, so no player is invented. Its history starts with a row saying where it came
from. An official may later correct a carried sitting with its players.

Backwards, carried sittings become team games again; sittings recorded by players
have no team-based form, so going back with any of them is refused.
"""

from django.db import migrations
from django.utils import timezone

CARRIED = "carried from the team-based variant game %s"


def _values(instance):
    return {
        field.attname: getattr(instance, field.attname)
        for field in instance._meta.concrete_fields
    }


def _history(model, instance, when, user_id, reason):
    model.objects.create(
        **_values(instance),
        history_date=when,
        history_type="+",
        history_user_id=user_id,
        history_change_reason=reason,
    )


def carry_forward(apps, schema_editor):
    game_model = apps.get_model("competitions", "VariantGame")
    sitting_model = apps.get_model("competitions", "VariantSitting")
    result_model = apps.get_model("competitions", "SittingResult")
    sitting_history = apps.get_model("competitions", "HistoricalVariantSitting")
    result_history = apps.get_model("competitions", "HistoricalSittingResult")
    now = timezone.now()
    games = game_model.objects.select_related("competition").order_by("date", "id")
    for game in games:
        sitting = sitting_model.objects.create(
            season_id=game.competition.season_id,
            variant=game.variant,
            name="",
            date=game.date,
            event=game.event,
            status="confirmed",
            recorded_by_id=game.entered_by_id,
            recorded_at=now,
            confirmed_by_id=game.entered_by_id,
            confirmed_at=now,
            reason="",
            carried=True,
        )
        reason = CARRIED % game.pk
        _history(sitting_history, sitting, now, game.entered_by_id, reason)
        for score in game.scores.order_by("id"):
            result = result_model.objects.create(
                sitting=sitting, team_id=score.team_id, points=score.points
            )
            _history(result_history, result, now, game.entered_by_id, reason)
    game_model.objects.all().delete()


def carry_back(apps, schema_editor):
    game_model = apps.get_model("competitions", "VariantGame")
    score_model = apps.get_model("competitions", "VariantScore")
    sitting_model = apps.get_model("competitions", "VariantSitting")
    competition_model = apps.get_model("competitions", "Competition")
    recorded = sitting_model.objects.filter(carried=False).count()
    if recorded:
        raise RuntimeError(
            f"{recorded} variant sittings were recorded by players and have no "
            "team-based form: migrating back would lose them."
        )
    for sitting in sitting_model.objects.exclude(status="void").order_by("date", "id"):
        competition, _created = competition_model.objects.get_or_create(
            season_id=sitting.season_id,
            kind="free",
            defaults={"name": "Free games"},
        )
        game = game_model.objects.create(
            competition=competition,
            variant=sitting.variant,
            date=sitting.date,
            event=sitting.event,
            entered_by_id=sitting.recorded_by_id,
        )
        for result in sitting.results.filter(team__isnull=False).order_by("id"):
            score_model.objects.create(
                game=game, team_id=result.team_id, points=result.points
            )
    sitting_model.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("competitions", "0004_variant_sittings_and_claims"),
    ]

    operations = [migrations.RunPython(carry_forward, carry_back)]
