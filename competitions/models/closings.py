"""The end of the year (R15): a competition's closing with its kept final table, the
jury's approvals of corrections after closing, and the annual meeting that makes a
year's records final.

A closing is one ``Closing`` row plus one ``ClosingRow`` per place rather than one
model with the table in JSON: the rows name their team by key (the honours roll, a
team's page and the demo read them with plain queries and joins), the database
keeps a place per row honest, and the history of each row stays in
django-simple-history like every other record of the federation.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .competitions import Competition
from .free_games import FreeGamesClosing
from .matches import Match
from .people import Team


class Closing(models.Model):
    """A competition (a season's championship, a Grand Prix, the cup) closed by an
    official once each of its matches is completed or voided (R15)."""

    competition = models.OneToOneField(
        Competition,
        on_delete=models.PROTECT,
        related_name="closing",
        verbose_name=_("competition"),
    )
    closed_at = models.DateTimeField(_("closed at"))
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("closed by"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-closed_at"]
        verbose_name = _("closing of a competition")
        verbose_name_plural = _("closings of competitions")

    def __str__(self) -> str:
        return str(self.competition)


class ClosingRow(models.Model):
    """A place of a closed competition's kept table, as it stood when closed: a
    shared rank stands (two rows with one place); the cup's rows are its winner (1),
    finalist (2) and both losing semi-finalists (3, 3)."""

    closing = models.ForeignKey(
        Closing,
        on_delete=models.CASCADE,
        related_name="rows",
        verbose_name=_("closing"),
    )
    place = models.PositiveSmallIntegerField(_("place"))
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team")
    )
    team_name = models.CharField(_("team name"), max_length=120)
    # The players' names as they stood (the season's members; the cup's registered
    # driver and catcher), in that order.
    players = models.JSONField(_("players"), default=list)
    matches = models.PositiveSmallIntegerField(_("matches"), default=0)
    # Championship: table points; Grand Prix: raw total; cup: None.
    points = models.IntegerField(_("points"), null=True, blank=True)
    best_match = models.IntegerField(_("best match"), null=True, blank=True)
    best_trophy = models.CharField(_("best trophy"), max_length=24, blank=True)
    shared = models.BooleanField(_("shared rank"), default=False)
    # The tie-break (a ``competitions.rules.standings`` metric's code) that put the
    # row below the one above it, "" if none: put into words in each visitor's
    # language as the live table does (``selectors.closings.kept_table``).
    decided = models.CharField(_("tie-break"), max_length=16, blank=True)

    class Meta:
        ordering = ["closing", "place", "id"]
        verbose_name = _("place of a closed competition")
        verbose_name_plural = _("places of closed competitions")

    def __str__(self) -> str:
        return f"{self.place}. {self.team_name}"


class ClosingCorrection(models.Model):
    """The jury's approval, with a reason, to correct a match of a closed
    competition (R15). It stands for that match (its hands and its result may be
    corrected after it); the kept table does not change, and the competition's page
    shows the corrected table beside it."""

    closing = models.ForeignKey(
        Closing,
        on_delete=models.CASCADE,
        related_name="corrections",
        verbose_name=_("closing"),
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.PROTECT,
        related_name="closing_corrections",
        verbose_name=_("match"),
    )
    reason = models.TextField(_("reason"))
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("approved by"),
    )
    approved_at = models.DateTimeField(_("approved at"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["-approved_at"]
        verbose_name = _("correction after closing")
        verbose_name_plural = _("corrections after closing")

    def __str__(self) -> str:
        return f"{self.match} — {self.approved_by}"


class AnnualMeeting(models.Model):
    """The annual meeting (mid January) that approves a year's results (R15): from
    then on that year's records are final."""

    year = models.PositiveSmallIntegerField(
        _("year approved"),
        unique=True,
        help_text=_("The year whose results the meeting approves."),
    )
    date = models.DateField(_("date of the meeting"))
    closings = models.ManyToManyField(
        Closing,
        related_name="meetings",
        blank=True,
        verbose_name=_("closings approved"),
    )
    free_games = models.ForeignKey(
        FreeGamesClosing,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("free games approved"),
    )
    note = models.TextField(_("note"), blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["-year"]
        verbose_name = _("annual meeting")
        verbose_name_plural = _("annual meetings")

    def __str__(self) -> str:
        return f"{self.year} ({self.date})"
