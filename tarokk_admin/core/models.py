"""The core's one model: the outbox of follow-up work (``core.background``)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Followup(models.Model):
    """Work that must follow a commit (a completed match's trophies, cup decision
    and standings; a trophy cup's recompute and e-mail), recorded in the same
    transaction as the change that calls for it and delivered afterwards by the
    worker. A broker outage delays it; it is never lost, never run twice."""

    kind = models.CharField(_("kind"), max_length=200)
    args = models.JSONField(_("arguments"), default=list, blank=True)
    kwargs = models.JSONField(_("keyword arguments"), default=dict, blank=True)
    created_at = models.DateTimeField(_("recorded"), default=timezone.now)
    # The periodic delivery takes a pending follow-up from this time on: a short
    # while after it was recorded (it is usually delivered at the commit), later
    # after each failure (backoff).
    due_at = models.DateTimeField(_("next attempt"), default=timezone.now)
    delivered_at = models.DateTimeField(_("delivered"), null=True, blank=True)
    attempts = models.PositiveIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        verbose_name = _("follow-up")
        verbose_name_plural = _("follow-ups")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(
                fields=["due_at"],
                condition=Q(delivered_at__isnull=True),
                name="followup_pending_due",
            ),
            models.Index(fields=["delivered_at"], name="followup_delivered"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.args} #{self.pk}"

    @property
    def pending(self) -> bool:
        return self.delivered_at is None
