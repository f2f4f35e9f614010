"""Precomputed statistics of a season: rebuilt per match by the refresh.

Two tables, both derived data that can always be thrown away and rebuilt with
``manage.py statistics_rebuild``:

- :class:`MatchTally` — what one completed match adds, per subject: the federation,
  each of its two teams, each of its four players. Kept so that a correction or a
  void can take exactly that contribution out again.
- :class:`SeasonStatistics` — the season's sums per subject: one row for the
  federation, one per team, one per player. A page reads one row (or, for the lists,
  the headline columns of many); nothing is summed per request.

The counters are a flat mapping of keys to whole numbers, described in
``stats/rules/counting.py`` (and the README); the headline columns
(``HEADLINES``, declared there) repeat the numbers the lists sort by.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from competitions.models import Match, Player, Season, Team


class Scope(models.TextChoices):
    FEDERATION = "federation", _("federation")
    TEAM = "team", _("team")
    PLAYER = "player", _("player")


class SeasonStatistics(models.Model):
    """A subject's sums over the season's completed public matches."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="+", verbose_name=_("season")
    )
    scope = models.CharField(_("scope"), max_length=12, choices=Scope.choices)
    team = models.ForeignKey(
        Team,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player"),
    )
    counts = models.JSONField(_("counters"), default=dict)
    matches = models.PositiveIntegerField(_("matches"), default=0)
    match_points = models.IntegerField(_("match points"), default=0)
    hands = models.PositiveIntegerField(_("hands"), default=0)
    hands_attack = models.PositiveIntegerField(_("hands in attack"), default=0)
    score_attack = models.IntegerField(_("hand scores in attack"), default=0)
    hands_defence = models.PositiveIntegerField(_("hands in defence"), default=0)
    score_defence = models.IntegerField(_("hand scores in defence"), default=0)
    announced = models.PositiveIntegerField(_("announcements"), default=0)
    made = models.PositiveIntegerField(_("announcements made"), default=0)
    contras = models.PositiveIntegerField(_("contras given"), default=0)
    contras_won = models.PositiveIntegerField(_("contras won"), default=0)
    trophies = models.PositiveIntegerField(_("trophies"), default=0)
    trophy_points = models.PositiveIntegerField(_("trophy points"), default=0)
    # Every change sets it: the newest one is the data mark of the cached pages.
    updated_at = models.DateTimeField(_("updated at"), db_index=True)

    class Meta:
        verbose_name = _("season statistics")
        verbose_name_plural = _("season statistics")
        constraints = [
            models.UniqueConstraint(
                fields=["season"],
                condition=models.Q(scope="federation"),
                name="one_federation_row_per_season",
            ),
            models.UniqueConstraint(
                fields=["season", "team"],
                condition=models.Q(scope="team"),
                name="one_row_per_team_and_season",
            ),
            models.UniqueConstraint(
                fields=["season", "player"],
                condition=models.Q(scope="player"),
                name="one_row_per_player_and_season",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(scope="federation", team__isnull=True, player__isnull=True)
                    | models.Q(scope="team", team__isnull=False, player__isnull=True)
                    | models.Q(scope="player", team__isnull=True, player__isnull=False)
                ),
                name="subject_fits_the_scope",
            ),
        ]
        indexes = [models.Index(fields=["season", "scope"])]

    def __str__(self) -> str:
        subject = self.team or self.player or _("federation")
        return f"{subject} {self.season}"


class MatchTally(models.Model):
    """What one completed public match adds to its season, per subject:
    ``{"federation": {...}, "team:<id>": {...}, "player:<id>": {...}}``."""

    match = models.OneToOneField(
        Match,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="+",
        verbose_name=_("match"),
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="+", verbose_name=_("season")
    )
    counts = models.JSONField(_("counters"), default=dict)

    class Meta:
        verbose_name = _("match tally")
        verbose_name_plural = _("match tallies")

    def __str__(self) -> str:
        return f"{self.match_id}"
