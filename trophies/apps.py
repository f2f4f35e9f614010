from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrophiesConfig(AppConfig):
    """Trophy awards, trophy cups and the public trophy list."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "trophies"
    verbose_name = _("Trophies")
