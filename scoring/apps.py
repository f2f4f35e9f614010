from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    """Matches and hands as the referee enters them, judged by ``scoring.engine``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from scoring.services.imports.runs import IMPORT_FOLLOWUP
        from scoring.tasks import import_run_task
        from tarokk_admin.core.background import followup_register

        followup_register(IMPORT_FOLLOWUP, import_run_task)
