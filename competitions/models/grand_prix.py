"""A Grand Prix event's teams (R15), in seeding order."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.collation import hu

from .competitions import Competition
from .people import Team


class GrandPrixEntry(models.Model):
    competition = models.ForeignKey(
        Competition,
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("Grand Prix event"),
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team")
    )
    # 1 = first seed; round 1 pairs 1-2, 3-4, ... (competitions.rules.pairing).
    seed = models.PositiveSmallIntegerField(_("seed"), default=0)

    class Meta:
        verbose_name = _("Grand Prix entry")
        verbose_name_plural = _("Grand Prix entries")
        ordering = ["competition", "seed", hu("team__name")]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "team"], name="one_entry_per_team"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} — {self.competition}"
