from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    """Players, teams, seasons: the championship, cup, Grand Prix and free games."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "competitions"
    verbose_name = _("Competitions")
