"""Variant free games (R15): games without Royal hands."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .competitions import Competition
from .people import Team


class VariantGame(models.Model):
    """A free game without Royal hands: per-team points entered by an official."""

    class Variant(models.TextChoices):
        EMPEROR = "emperor", _("Emperor Tarokk")
        ILLUSTRATED = "illustrated", _("Illustrated Tarokk")
        HIGH = "high", _("High Tarokk")
        ROYAL_VARIANT = "royal_variant", _("Royal variant")
        TRAINING = "training", _("Training game")
        TEST = "test", _("Test game")

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="variant_games"
    )
    variant = models.CharField(_("variant"), max_length=16, choices=Variant.choices)
    date = models.DateField(_("date"))
    event = models.CharField(_("event"), max_length=120, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} {self.date}"


class VariantScore(models.Model):
    game = models.ForeignKey(
        VariantGame, on_delete=models.CASCADE, related_name="scores"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    points = models.IntegerField(_("points"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "team"], name="one_score_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.points}"
