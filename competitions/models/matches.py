"""Matches, their line-ups, jury approvals and results (R3, R11, R15)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from scoring.engine import MATCH_HANDS, TIEBREAK_HANDS, hand_sides
from tarokk_admin.core.collation import hu

from .competitions import Competition
from .cup import CupTie
from .people import Player, Team


class Match(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("scheduled")
        IN_PLAY = "in_play", _("in play")
        COMPLETED = "completed", _("completed")
        VOID = "void", _("void")

    competition = models.ForeignKey(
        Competition,
        on_delete=models.PROTECT,
        related_name="matches",
        verbose_name=_("competition"),
    )
    team_a = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team A")
    )
    team_b = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("team B")
    )
    date = models.DateField(_("date"), db_index=True)
    time = models.TimeField(_("time"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=120, blank=True)
    public = models.BooleanField(
        _("played in public"),
        default=True,
        help_text=_("A match not played in public needs a jury approval (R15)."),
    )
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="refereed_matches",
        verbose_name=_("referee"),
    )
    first_attack = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("first attack (the cut)"),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.SCHEDULED
    )
    # Where it belongs beyond its competition.
    tie = models.ForeignKey(
        CupTie,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="matches",
        verbose_name=_("cup tie"),
    )
    tiebreak = models.PositiveSmallIntegerField(
        _("tie-breaker number"),
        default=0,
        help_text=_("0 for a regular match; N for a cup tie's N-th tie-breaker."),
    )
    round = models.PositiveSmallIntegerField(
        _("round"), null=True, blank=True, help_text=_("Grand Prix round 1-3.")
    )
    counts_for_championship = models.BooleanField(
        _("counts for the championship"), default=False
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    completed_at = models.DateTimeField(_("completed at"), null=True, blank=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-time", "-id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(team_a=models.F("team_b")), name="two_teams"
            )
        ]
        indexes = [models.Index(fields=["competition", "status"])]

    def __str__(self) -> str:
        return f"{self.team_a} – {self.team_b} ({self.date})"

    @property
    def hands_expected(self) -> int:
        return TIEBREAK_HANDS if self.tiebreak else MATCH_HANDS

    @property
    def teams(self) -> tuple[Team, Team]:
        return (self.team_a, self.team_b)

    def attack_team_id(self, number: int) -> int | None:
        """R3: hand 1's attack is the cut's team; attack alternates every hand."""
        if self.first_attack_id is None:
            return None
        teams = (self.team_a_id, self.team_b_id)
        return hand_sides(teams, self.first_attack_id, number)[0]


class Lineup(models.Model):
    """Who played driver and who catcher for a team in a match (R15)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="lineups", verbose_name=_("match")
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
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"], name="one_lineup_per_team"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.driver} / {self.catcher}"


class JuryApproval(models.Model):
    """R15: needed, recorded before the match, for a match not played in public or one
    dated before the annual meeting."""

    match = models.OneToOneField(
        Match,
        on_delete=models.CASCADE,
        related_name="jury_approval",
        verbose_name=_("match"),
    )
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("approved by"),
    )
    approved_at = models.DateTimeField(_("approved at"))
    note = models.TextField(_("note"), blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("jury approval")
        verbose_name_plural = _("jury approvals")

    def __str__(self) -> str:
        return f"{self.match} — {self.approved_by} {self.approved_at:%Y-%m-%d}"


class JuryRefusal(models.Model):
    """R15: the jury refuses, with a reason, a match that needs its approval; a
    refused match is not played as a championship match (officials void it or
    reschedule it in public). Approving it later replaces the refusal."""

    match = models.OneToOneField(
        Match,
        on_delete=models.CASCADE,
        related_name="jury_refusal",
        verbose_name=_("match"),
    )
    refused_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("refused by"),
    )
    refused_at = models.DateTimeField(_("refused at"))
    reason = models.TextField(_("reason"))
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("jury refusal")
        verbose_name_plural = _("jury refusals")

    def __str__(self) -> str:
        return f"{self.match} — {self.refused_by} {self.refused_at:%Y-%m-%d}"


class MatchResult(models.Model):
    """One team's result of a completed match (R11), and its captain's answer."""

    class Answer(models.TextChoices):
        PENDING = "pending", _("awaiting confirmation")
        CONFIRMED = "confirmed", _("confirmed")
        DISPUTED = "disputed", _("disputed")
        RESOLVED = "resolved", _("dispute resolved")

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="results", verbose_name=_("match")
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="results", verbose_name=_("team")
    )
    opponent = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("opponent")
    )
    total = models.IntegerField(_("total of the hand scores"))
    points = models.IntegerField(_("match points"))
    # The highest-ranking trophy the team made in the match (R15's tie-break), from
    # its hands when the result is stored; blank when it made none.
    best_trophy = models.CharField(_("best trophy"), max_length=24, blank=True)
    answer = models.CharField(
        _("captain's answer"),
        max_length=12,
        choices=Answer.choices,
        default=Answer.PENDING,
    )
    answer_note = models.TextField(_("note"), blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("answered by"),
    )
    answered_at = models.DateTimeField(
        null=True, blank=True, verbose_name=_("answered at")
    )
    # An official's resolution of a dispute (both teams' rows of the match).
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("resolved by"),
    )
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolution_note = models.TextField(_("resolution"), blank=True)
    history = HistoricalRecords()

    class Meta:
        verbose_name = _("match result")
        verbose_name_plural = _("match results")
        ordering = ["match", hu("team__name")]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "team"], name="one_result_per_team"
            )
        ]
        indexes = [models.Index(fields=["team", "match"])]

    def __str__(self) -> str:
        return f"{self.team}: {self.points} ({self.total})"
