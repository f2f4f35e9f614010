"""Hands: each a record in the interchange format, judged and scored by the engine."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from competitions.models import Match, Team


class Hand(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(_("hand"))
    record = models.JSONField(_("hand record"))
    # The engine's result for the record (attack and defence parts; derived for play
    # records), and the scores and attacking team copied out for aggregate queries.
    result = models.JSONField(_("result"))
    attack_team = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    attack_score = models.SmallIntegerField(_("attack score"))
    defence_score = models.SmallIntegerField(_("defence score"))
    version = models.PositiveIntegerField(_("version"), default=1)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["match", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number"], name="one_hand_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.match} — {_('hand')} {self.number}"


class ImportRun(models.Model):
    """One import of a matches file by an official (or the command line): who, when,
    which file, how far it got and what came of it. The file is kept until the run
    ends, so a queued run waits for the worker through a restart (one cut off while
    running is marked failed: ``services.imports.runs``); progress is written as it
    goes, so the progress page shows it while the matches are stored
    in one transaction (all or nothing)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting to start")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    file_name = models.CharField(_("file"), max_length=255)
    content = models.TextField(_("file content"), blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.QUEUED
    )
    total = models.PositiveIntegerField(_("matches in the file"), default=0)
    checked = models.PositiveIntegerField(_("matches checked"), default=0)
    stored = models.PositiveIntegerField(_("matches stored"), default=0)
    imported = models.PositiveIntegerField(_("matches imported"), default=0)
    present = models.JSONField(_("matches already stored"), default=list, blank=True)
    errors = models.JSONField(_("problems"), default=list, blank=True)
    failure = models.TextField(_("why it failed"), blank=True)
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("last progress"), default=timezone.now)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("import")
        verbose_name_plural = _("imports")
        indexes = [
            models.Index(fields=["status", "updated_at"], name="importrun_status")
        ]

    def __str__(self) -> str:
        return f"{self.file_name} ({self.get_status_display()})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def percent(self) -> int:
        if not self.total:
            return 0
        return min(100, (self.checked + self.stored) * 50 // self.total)
