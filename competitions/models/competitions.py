"""Competitions of a season (R15): the championship, the cup, Grand Prix events and free
games, with what each needs beyond its matches (cup rounds and ties, GP entries,
results of variant free games)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .people import Player, Season, Team


class Competition(models.Model):
    class Kind(models.TextChoices):
        CHAMPIONSHIP = "championship", _("Team Championship")
        CUP = "cup", _("Hungarian Cup")
        GRAND_PRIX = "grand_prix", _("Grand Prix")
        FREE = "free", _("Free games")

    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, related_name="competitions"
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
        return f"{self.name} {self.season}"


class CupRound(models.Model):
    """A cup round (R15): 1 last 16, 2 quarter-finals, 3 semi-finals, 4 final."""

    class Number(models.IntegerChoices):
        LAST_16 = 1, _("Last 16")
        QUARTER_FINALS = 2, _("Quarter-finals")
        SEMI_FINALS = 3, _("Semi-finals")
        FINAL = 4, _("Final")

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="cup_rounds"
    )
    number = models.PositiveSmallIntegerField(_("round"), choices=Number.choices)
    deadline = models.DateField(_("deadline"))

    class Meta:
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
        Competition, on_delete=models.CASCADE, related_name="registrations"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    driver = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    catcher = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)

    class Meta:
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
    before (HAND_RECORD.md); team_a comes from the lower slot."""

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="cup_ties"
    )
    round = models.PositiveSmallIntegerField(
        _("round"), choices=CupRound.Number.choices
    )
    slot = models.PositiveSmallIntegerField(_("slot"))
    team_a = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    team_b = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    winner = models.ForeignKey(
        Team, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

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


class GrandPrixEntry(models.Model):
    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="entries"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["competition", "team__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "team"], name="one_entry_per_team"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} — {self.competition}"


class VariantGame(models.Model):
    """A free game without Royal hands: per-team points entered by an official."""

    class Variant(models.TextChoices):
        EMPEROR = "emperor", _("Emperor Tarokk")
        ILLUSTRATED = "illustrated", _("Illustrated Tarokk")
        HIGH = "high", _("High Tarokk")
        ROYAL_VARIANT = "royal_variant", _("Royal variant")
        TRAINING = "training", _("Training game")
        TEST = "test", _("Test game")

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="variant_games"
    )
    variant = models.CharField(_("variant"), max_length=16, choices=Variant.choices)
    date = models.DateField(_("date"))
    event = models.CharField(_("event"), max_length=120, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-date"]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} {self.date}"


class VariantScore(models.Model):
    game = models.ForeignKey(
        VariantGame, on_delete=models.CASCADE, related_name="scores"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    points = models.IntegerField(_("points"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "team"], name="one_score_per_team")
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.points}"
