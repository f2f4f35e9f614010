"""The federation's roles, kept as Django groups (created by migration 0001)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """A group name and its translated label."""

    OFFICIAL = "Official", _("Official")
    JURY = "Jury", _("Jury")
    REFEREE = "Referee", _("Referee")
    TEAM_CAPTAIN = "Team captain", _("Team captain")
