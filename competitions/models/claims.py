"""A user's claim to be a player of the federation: the user names their federation
record, an official confirms it, and the account is linked (``Player.user``)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .people import Player


class PlayerClaim(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting an official")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="player_claims",
        verbose_name=_("user account"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="claims",
        verbose_name=_("player"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(_("claimed at"), auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("decided by"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    note = models.TextField(_("note"), blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("player claim")
        verbose_name_plural = _("player claims")
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="pending"),
                name="one_pending_claim_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} → {self.player}"
