"""The roll of honour's past (HAND_RECORD.md "Archive files", **honours**): a
placing of a year before the app, as the federation's archive writes it, and the
ceremony's mark that an honour of the roll (archive or the app's own) was
presented."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords


class HonourCompetition(models.TextChoices):
    CHAMPIONSHIP = "championship", _("Team championship")
    CUP = "cup", _("Cup")
    GRAND_PRIX = "grand_prix", _("Grand Prix")
    FREE_GAMES = "free_games", _("Free games")


class Honour(models.Model):
    """A placing of a past year from the archive: a team's name as written then
    (linked to the team when the name is one of the federation's teams) or a
    player (linked by federation number or an unambiguous name)."""

    class Source(models.TextChoices):
        ARCHIVE = "archive", _("archive")

    year = models.PositiveSmallIntegerField(_("year"), db_index=True)
    competition = models.CharField(
        _("competition"), max_length=16, choices=HonourCompetition.choices
    )
    event = models.CharField(_("event"), max_length=120, blank=True)
    place = models.PositiveSmallIntegerField(_("place"))
    name = models.CharField(_("name as written then"), max_length=120)
    team = models.ForeignKey(
        "competitions.Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="honours",
        verbose_name=_("team"),
    )
    player = models.ForeignKey(
        "competitions.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="honours",
        verbose_name=_("player"),
    )
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    source = models.CharField(
        _("source"), max_length=8, choices=Source.choices, default=Source.ARCHIVE
    )
    archive_key = models.CharField(
        _("archive key"), max_length=40, db_index=True, editable=False
    )
    # The import (scoring.ImportRun) by its number: scoring is a layer above.
    import_run_id = models.PositiveIntegerField(_("import"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-year", "competition", "event", "place", "id"]
        verbose_name = _("honour")
        verbose_name_plural = _("honours")

    def __str__(self) -> str:
        return f"{self.year} {self.get_competition_display()} {self.place}. {self.name}"


class HonourPresentation(models.Model):
    """The ceremony's mark: an honour of the year's roll presented (who, when).
    Keyed by the honour's place on the roll, so that it serves the archive's
    honours and the app's own closed years alike."""

    year = models.PositiveSmallIntegerField(_("year"))
    key = models.CharField(_("honour"), max_length=40)
    competition = models.CharField(
        _("competition"), max_length=16, choices=HonourCompetition.choices
    )
    # The event and the place with the name, in no language: "1. Egri Dobó".
    label = models.CharField(_("honour"), max_length=300)
    presented = models.BooleanField(_("presented"), default=True)
    presented_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("presented by"),
    )
    presented_at = models.DateTimeField(_("presented at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-year", "key"]
        verbose_name = _("honour presented")
        verbose_name_plural = _("honours presented")
        constraints = [
            models.UniqueConstraint(
                fields=["year", "key"], name="one_presentation_per_honour"
            )
        ]

    def __str__(self) -> str:
        return f"{self.year} {self.get_competition_display()}: {self.label}"
