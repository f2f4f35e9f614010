from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    """Matches and hands as the referee enters them, judged by ``scoring.engine``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # The rules engine never imports Django: hand it Django's gettext so that its
        # messages (shown to referees) come out in the active language.
        from django.utils.translation import gettext

        from scoring.engine.i18n import set_translator

        set_translator(gettext)
