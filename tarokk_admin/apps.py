from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TarokkAdminConfig(AppConfig):
    """The wiring that knows every app: URL prefixes, what follows a completed match,
    the demo and bench seeds, the pages that show several apps' records."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "tarokk_admin"
    verbose_name = _("Tarokk Admin")

    def ready(self) -> None:
        from competitions.services.matches import MATCH_FOLLOWUP, MATCHES_FOLLOWUP
        from tarokk_admin.core.background import followup_register
        from tarokk_admin.tasks import match_completed, matches_completed

        followup_register(MATCH_FOLLOWUP, match_completed)
        followup_register(MATCHES_FOLLOWUP, matches_completed)
