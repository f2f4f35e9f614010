"""The national trophy list (R14): awards of made trophies and the cups they earn."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from competitions.models import Match, Player, Team, Variant, VariantSitting
from scoring.engine import feast_name
from scoring.models import Hand, ImportRun


class TrophyAward(models.Model):
    """A made trophy credited to the announcing player (R14): made in a match (its
    hand), in a variant game (its sitting), or before the app, brought in from the
    federation's archive (``source`` archive: no match, hand nor sitting; its date,
    event and the import it came with)."""

    class Source(models.TextChoices):
        APP = "app", _("entered in the app")
        ARCHIVE = "archive", _("from the archive")

    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="trophies",
        verbose_name=_("player"),
    )
    partner = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("partner"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    feast = models.CharField(_("trophy"), max_length=24, db_index=True)
    value = models.PositiveSmallIntegerField(_("trophy points"))
    date = models.DateField(_("date"), db_index=True)
    hand = models.ForeignKey(
        Hand,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="trophies",
        verbose_name=_("hand"),
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("match"),
    )
    # A trophy made in a recognised variant game (R14), entered by an official
    # against its sitting; variant, event and date are the sitting's. Awards entered
    # before sittings existed keep their variant and event without one.
    sitting = models.ForeignKey(
        VariantSitting,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="trophies",
        verbose_name=_("variant sitting"),
    )
    variant = models.CharField(
        _("variant"), max_length=16, choices=Variant.choices, blank=True
    )
    event = models.CharField(_("event"), max_length=120, blank=True)
    jury_note = models.TextField(_("jury note"), blank=True)
    source = models.CharField(
        _("source"), max_length=8, choices=Source.choices, default=Source.APP
    )
    # An archive award's row as first imported (date, player, trophy, partner,
    # event, hashed): a second import of the file finds it, also once an official
    # has corrected the award (``trophies.services.archive``).
    archive_key = models.CharField(
        _("archive row"), max_length=40, blank=True, db_index=True, editable=False
    )
    import_run = models.ForeignKey(
        ImportRun,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("import"),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("entered at"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("trophy award")
        verbose_name_plural = _("trophy awards")
        constraints = [
            models.UniqueConstraint(
                fields=["hand", "team"],
                condition=models.Q(hand__isnull=False),
                name="one_trophy_per_team_and_hand",
            )
        ]
        indexes = [
            models.Index(fields=["player", "date"]),
            models.Index(fields=["source", "date"], name="trophy_award_source_date"),
        ]

    def __str__(self) -> str:
        return f"{self.player} — {self.feast_label} ({self.value})"

    @property
    def feast_label(self) -> str:
        """The trophy's name in the active language."""
        return feast_name(self.feast)

    @property
    def from_archive(self) -> bool:
        return self.source == self.Source.ARCHIVE


class TrophyCup(models.Model):
    """A cup for cumulative trophy points reaching a threshold (R14), once each."""

    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="trophy_cups",
        verbose_name=_("player"),
    )
    threshold = models.PositiveSmallIntegerField(_("threshold"))
    # The award that crossed the threshold. SET_NULL, not CASCADE: when that award is
    # removed (a corrected hand, a void match) the cup waits for the recompute, which
    # re-dates it to the award that now crosses, or withdraws it (trophies.services).
    award = models.ForeignKey(
        TrophyAward,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="trophy_cups",
        verbose_name=_("award"),
    )
    date = models.DateField(_("date"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["player", "threshold"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "threshold"], name="one_cup_per_threshold"
            )
        ]
        verbose_name = _("trophy cup")
        verbose_name_plural = _("trophy cups")

    def __str__(self) -> str:
        return f"{self.player} — {self.threshold}"


class TrophyTally(models.Model):
    """A player's trophy points (R14), kept by the cup recompute for the ranked list:
    the sum of the player's awards, so the list never aggregates every award."""

    player = models.OneToOneField(
        Player,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="trophy_tally",
        verbose_name=_("player"),
    )
    points = models.PositiveIntegerField(_("trophy points"), default=0, db_index=True)
    # When the recompute last changed the points: the trophy list's data mark (the
    # tallies are written in bulk, without history; ``core.page_cache.Mark``).
    updated_at = models.DateTimeField(_("updated at"), auto_now=True, db_index=True)

    class Meta:
        verbose_name = _("trophy points of a player")
        verbose_name_plural = _("trophy points of the players")

    def __str__(self) -> str:
        return f"{self.player} — {self.points}"
