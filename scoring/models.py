"""Hands: each a record in the interchange format, judged and scored by the engine."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from competitions.models import Match, Team


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    record = models.JSONField(_("hand record"))
    # The engine's result for the record (attack and defence parts; derived for play
    # records), and the scores and attacking team copied out for aggregate queries.
    result = models.JSONField(_("result"))
    attack_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    attack_score = models.SmallIntegerField(_("attack score"))
    defence_score = models.SmallIntegerField(_("defence score"))
    version = models.PositiveIntegerField(_("version"), default=1)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="one_hand_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.match} — {_('hand')} {self.number}"
