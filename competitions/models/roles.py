"""Who does what in the federation's year: the history of accounts and their roles,
each team's captain per season and the season's referee pool.

Roles themselves are Django groups (``tarokk_admin.core.roles``); an official gives
and withdraws them in the workspace, and every such act is an :class:`AccountEvent`
with who, when and why. A team answers through its captain *of that season*
(:class:`TeamCaptain`), and a season's matches are refereed by the people in its
pool (:class:`SeasonReferee`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import Role

from .people import Season, Team


class AccountEvent(models.Model):
    """One act on an account: an invitation, a role given or withdrawn, a
    deactivation; with who did it and why."""

    class Kind(models.TextChoices):
        CREATED = "created", _("account created")
        INVITED = "invited", _("invited")
        INVITATION_SENT = "invitation_sent", _("invitation sent again")
        ROLE_GRANTED = "role_granted", _("role given")
        ROLE_WITHDRAWN = "role_withdrawn", _("role withdrawn")
        DEACTIVATED = "deactivated", _("deactivated")
        REACTIVATED = "reactivated", _("reactivated")

    account = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="account_events",
        verbose_name=_("account"),
    )
    kind = models.CharField(_("what"), max_length=20, choices=Kind.choices)
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("account event")
        verbose_name_plural = _("account events")
        indexes = [models.Index(fields=["account", "at"])]

    def __str__(self) -> str:
        return f"{self.account} {self.kind} {self.role}".strip()


class TeamCaptain(models.Model):
    """The team's captain in one season: who confirms or disputes its results,
    accepts them at the table and registers it for the cup. One a team a season;
    a change keeps the earlier captain in the history."""

    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        related_name="captains",
        verbose_name=_("season"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        related_name="season_captains",
        verbose_name=_("team"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="captaincies",
        verbose_name=_("captain"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["season", "team"]
        verbose_name = _("team captain")
        verbose_name_plural = _("team captains")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"], name="one_captain_per_team_and_season"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.season}: {person_name(self.user)}"


class SeasonReferee(models.Model):
    """A person who may referee the season's matches (an account with the Referee
    role); every referee picker offers the season's pool."""

    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        related_name="referee_pool",
        verbose_name=_("season"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="referee_seasons",
        verbose_name=_("referee"),
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["season", "user"]
        verbose_name = _("referee of the season")
        verbose_name_plural = _("referees of the season")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "user"], name="one_pool_place_per_referee"
            )
        ]

    def __str__(self) -> str:
        return f"{self.season}: {person_name(self.user)}"
