"""Players, teams, seasons and the season's rosters (R15 Teams)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tarokk_admin.core.collation import hu
from tarokk_admin.core.text import fold


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    name_folded = models.CharField(
        max_length=120,
        db_index=True,
        editable=False,
        verbose_name=_("name without accents"),
    )
    federation_number = models.CharField(
        _("federation number"), max_length=20, unique=True
    )
    club = models.CharField(_("club or town"), max_length=120, blank=True)
    active = models.BooleanField(_("active"), default=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("user account"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = [hu("name"), "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: object, **kwargs: object) -> None:
        # The folded name is a search key derived from the name, not business logic.
        self.name_folded = fold(self.name)
        super().save(*args, **kwargs)  # type: ignore[arg-type]


class Team(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    club = models.CharField(_("club or town"), max_length=120, blank=True)
    # Its captain is per season: ``TeamCaptain`` (``season_captains``).
    history = HistoricalRecords(m2m_fields=[])

    class Meta:
        ordering = [hu("name")]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    """A calendar year: the championship runs 1 Jan - 31 Dec (R15)."""

    year = models.PositiveSmallIntegerField(_("year"), unique=True)
    annual_meeting = models.DateField(
        _("annual meeting"),
        help_text=_("Matches before this date need a jury approval (R15)."),
    )
    cup_registration_opens = models.DateField(
        _("cup registration opens"), null=True, blank=True
    )
    cup_registration_closes = models.DateField(
        _("cup registration closes"), null=True, blank=True
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["-year"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return str(self.year)


class Membership(models.Model):
    """A player's role in a team for one season: a transfer never rewrites history."""

    class Role(models.TextChoices):
        DRIVER = "driver", _("driver")
        CATCHER = "catcher", _("catcher")
        SUBSTITUTE = "substitute", _("substitute")

    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        related_name="memberships",
        verbose_name=_("season"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=_("team"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="memberships",
        verbose_name=_("player"),
    )
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    history = HistoricalRecords()

    class Meta:
        ordering = ["season", "team", "role"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team", "role"], name="one_player_per_role"
            ),
            models.UniqueConstraint(
                fields=["season", "player"], name="one_team_per_player_and_season"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} ({self.get_role_display()}, {self.team}, {self.season})"
