"""The Hungarian Cup (R15): its rounds, registrations and ties."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .competitions import Competition
from .people import Player, Team


class CupRound(models.Model):
    """A cup round (R15): 1 last 16, 2 quarter-finals, 3 semi-finals, 4 final."""

    class Number(models.IntegerChoices):
        LAST_16 = 1, _("Last 16")
        QUARTER_FINALS = 2, _("Quarter-finals")
        SEMI_FINALS = 3, _("Semi-finals")
        FINAL = 4, _("Final")

    competition = models.ForeignKey(
        Competition,
        on_delete=models.CASCADE,
        related_name="cup_rounds",
        verbose_name=_("competition"),
    )
    number = models.PositiveSmallIntegerField(_("round"), choices=Number.choices)
    deadline = models.DateField(_("deadline"))

    class Meta:
        verbose_name = _("cup round")
        verbose_name_plural = _("cup rounds")
        ordering = ["competition", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "number"], name="one_cup_round_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.competition} — {self.get_number_display()}"


class CupRegistration(models.Model):
    """A team's cup entry: exactly its driver and catcher, no substitute (R15)."""

    competition = models.ForeignKey(
        Competition,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("competition"),
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team")
    )
    driver = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("driver")
    )
    catcher = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("catcher")
    )
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)

    class Meta:
        verbose_name = _("cup registration")
        verbose_name_plural = _("cup registrations")
        ordering = ["competition", "registered_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "team"], name="one_registration_per_team"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} — {self.competition}"


class CupTie(models.Model):
    """Slot k of a round is played by the winners of slots 2k-1 and 2k of the round
    before (HAND_RECORD.md); team_a comes from the lower slot. A tie lost by
    walkover (R15) keeps how and why, and its winner advances without scores."""

    class Walkover(models.TextChoices):
        WITHDRAWN = "withdrawn", _("the other team withdrew")
        NOT_PLAYED = "not_played", _("the other team did not play in the round's month")

    competition = models.ForeignKey(
        Competition,
        on_delete=models.CASCADE,
        related_name="cup_ties",
        verbose_name=_("competition"),
    )
    round = models.PositiveSmallIntegerField(
        _("round"), choices=CupRound.Number.choices
    )
    slot = models.PositiveSmallIntegerField(_("slot"))
    team_a = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team A"),
    )
    team_b = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team B"),
    )
    winner = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("winner"),
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    walkover = models.CharField(
        _("walkover"), max_length=12, choices=Walkover.choices, blank=True
    )
    walkover_reason = models.TextField(_("reason of the walkover"), blank=True)
    walkover_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("walkover recorded by"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["competition", "round", "slot"]
        verbose_name = _("cup tie")
        verbose_name_plural = _("cup ties")
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "round", "slot"], name="one_tie_per_slot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.competition} R{self.round}/{self.slot}"
