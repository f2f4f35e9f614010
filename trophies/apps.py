from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TrophiesConfig(AppConfig):
    """The national trophy list (R14): awards from completed hands, variant trophies,
    the archive's awards, trophy cups."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "trophies"
    verbose_name = _("Trophies")

    def ready(self) -> None:
        from tarokk_admin.core.archive import archive_kind_register
        from tarokk_admin.core.background import followup_register
        from trophies.services.archive import TROPHIES_KIND
        from trophies.services.trophy_cups import (
            TROPHY_CUPS_ARCHIVE_FOLLOWUP,
            TROPHY_CUPS_FOLLOWUP,
        )
        from trophies.tasks import trophy_cups_archive_notice, trophy_cups_refresh

        followup_register(TROPHY_CUPS_FOLLOWUP, trophy_cups_refresh)
        followup_register(TROPHY_CUPS_ARCHIVE_FOLLOWUP, trophy_cups_archive_notice)
        # The trophy list's archive file (core/archive.py).
        archive_kind_register(TROPHIES_KIND)
