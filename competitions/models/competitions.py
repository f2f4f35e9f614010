"""Competitions of a season (R15): the championship, the cup, Grand Prix events and
free games."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .people import Season


class Competition(models.Model):
    class Kind(models.TextChoices):
        CHAMPIONSHIP = "championship", _("Team Championship")
        CUP = "cup", _("Hungarian Cup")
        GRAND_PRIX = "grand_prix", _("Grand Prix")
        FREE = "free", _("Free games")

    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        related_name="competitions",
        verbose_name=_("season"),
    )
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=120)
    starts = models.DateField(_("starts"), null=True, blank=True)
    ends = models.DateField(_("ends"), null=True, blank=True)
    counts_for_championship = models.BooleanField(
        _("counts for the championship"),
        default=False,
        help_text=_("Grand Prix only: its matches also count for the championship."),
    )
    draw_seed = models.BigIntegerField(
        _("draw seed"),
        null=True,
        blank=True,
        help_text=_(
            "Cup only: the seed of the random draw, kept so it can be audited."
        ),
    )
    draw_placed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("draw placed by"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-season__year", "kind", "name"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "kind"],
                condition=~models.Q(kind="grand_prix"),
                name="one_championship_cup_and_free_games_per_season",
            ),
            models.UniqueConstraint(
                fields=["season", "kind", "name"], name="unique_competition_name"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.title} {self.season}"

    @property
    def title(self) -> str:
        """The name to show: a fixed name ("Hungarian Cup", "Team Championship",
        "Free games", stored in English) in the reader's language; a name an
        official gave (a Grand Prix's) as given."""
        kind = self.Kind(self.kind) if self.kind in self.Kind.values else None
        if kind is not None and self.name in ("", _ENGLISH_NAMES[kind]):
            return str(kind.label)
        return self.name


# The kinds' fixed names as stored (untranslated): Competition.title shows them
# translated.
_ENGLISH_NAMES = {
    Competition.Kind.CHAMPIONSHIP: "Team Championship",
    Competition.Kind.CUP: "Hungarian Cup",
    Competition.Kind.GRAND_PRIX: "Grand Prix",
    Competition.Kind.FREE: "Free games",
}
