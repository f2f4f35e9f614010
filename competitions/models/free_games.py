"""Variant free games (R15): sittings of 3-5 players, each with their points in the
variant's own unit, recorded by a player of the table and confirmed by another (or an
official); and the closing of a season's free games, which names each table's winner.

Royal free games are ordinary matches of the season's ``free`` competition.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .people import Player, Season, Team


class Variant(models.TextChoices):
    """The free games that have no Royal hands (R15)."""

    EMPEROR = "emperor", _("Emperor Tarokk")
    ILLUSTRATED = "illustrated", _("Illustrated Tarokk")
    HIGH = "high", _("High Tarokk")
    ROYAL_VARIANT = "royal_variant", _("Royal variant")
    TRAINING = "training", _("Training game")
    TEST = "test", _("Test game")


# R15: Royal variants, training and test games are recorded "under their own name";
# each name is a table of its own (its rules, its unit).
NAMED_VARIANTS = frozenset({Variant.ROYAL_VARIANT, Variant.TRAINING, Variant.TEST})
# R14: trophies of "Emperor Tarokk and other free games" go on the trophy list: the
# recognised variants; training and test games (other rules) are not among them.
RECOGNISED_VARIANTS = (
    Variant.EMPEROR,
    Variant.ILLUSTRATED,
    Variant.HIGH,
    Variant.ROYAL_VARIANT,
)


class VariantSitting(models.Model):
    """One sitting of a variant game (R15): date, variant, event, and each player's
    points at the end of it. Counts nowhere until confirmed."""

    Variant = Variant

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        VOID = "void", _("void")

    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        related_name="variant_sittings",
        verbose_name=_("season"),
    )
    variant = models.CharField(_("variant"), max_length=16, choices=Variant.choices)
    name = models.CharField(
        _("name of the game"),
        max_length=80,
        blank=True,
        help_text=_("Royal variants, training and test games: the game's own name."),
    )
    date = models.DateField(_("date"), db_index=True)
    event = models.CharField(_("event"), max_length=120, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.PENDING
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )
    recorded_at = models.DateTimeField(_("recorded at"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    # The reason of the last correction or of the void; the history keeps each one.
    reason = models.TextField(_("reason"), blank=True)
    # Keyed in by an official from a paper sheet (players without accounts): the
    # official confirms it as they key it in, and the sheet's note is kept.
    from_paper = models.BooleanField(_("from a paper sheet"), default=False)
    paper_note = models.TextField(_("note from the paper sheet"), blank=True)
    # Carried over from the team-based variant games entered before player sittings:
    # its results are teams, not players (nothing is invented when carrying).
    carried = models.BooleanField(_("carried over from a team entry"), default=False)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("variant sitting")
        verbose_name_plural = _("variant sittings")
        indexes = [models.Index(fields=["season", "status", "variant"])]

    def __str__(self) -> str:
        return f"{self.title} {self.date}"

    @property
    def title(self) -> str:
        label = str(self.get_variant_display())
        return f"{label}: {self.name}" if self.name else label


class SittingResult(models.Model):
    """A player's points at the end of a sitting, in the variant's own unit (R15).
    A sitting carried over from a team entry holds teams instead of players."""

    sitting = models.ForeignKey(
        VariantSitting,
        on_delete=models.CASCADE,
        related_name="results",
        verbose_name=_("sitting"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sitting_results",
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    points = models.IntegerField(_("points"))
    history = HistoricalRecords()

    class Meta:
        ordering = ["-points", "id"]
        verbose_name = _("sitting result")
        verbose_name_plural = _("sitting results")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(player__isnull=False, team__isnull=True)
                | models.Q(player__isnull=True, team__isnull=False),
                name="sitting_result_of_a_player_or_a_team",
            ),
            models.UniqueConstraint(
                fields=["sitting", "player"],
                condition=models.Q(player__isnull=False),
                name="one_result_per_player_and_sitting",
            ),
            models.UniqueConstraint(
                fields=["sitting", "team"],
                condition=models.Q(team__isnull=False),
                name="one_result_per_team_and_sitting",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player or self.team}: {self.points}"


class FreeGamesClosing(models.Model):
    """The free games of a season, closed by an official when the year is over
    (R15): the winners named then stand (shared ranks stand)."""

    season = models.OneToOneField(
        Season,
        on_delete=models.PROTECT,
        related_name="free_games_closing",
        verbose_name=_("season"),
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
        verbose_name = _("closing of the free games")
        verbose_name_plural = _("closings of the free games")

    def __str__(self) -> str:
        return str(self.season)


class FreeGamesWinner(models.Model):
    """A winner named by a closing: a table's first (all of them on a shared rank)."""

    closing = models.ForeignKey(
        FreeGamesClosing,
        on_delete=models.CASCADE,
        related_name="winners",
        verbose_name=_("closing"),
    )
    table = models.CharField(_("table"), max_length=120)
    title = models.CharField(_("table title"), max_length=200)
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    name = models.CharField(_("name"), max_length=120)
    points = models.IntegerField(_("points"))

    class Meta:
        ordering = ["id"]
        verbose_name = _("free-games winner")
        verbose_name_plural = _("free-games winners")

    def __str__(self) -> str:
        return f"{self.title}: {self.name}"
