from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    """Season statistics from the stored hands, and the live event day."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "stats"
    verbose_name = _("Statistics")
