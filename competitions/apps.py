from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    """Players, teams, seasons: the championship, cup, Grand Prix and free games."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "competitions"
    verbose_name = _("Competitions")

    def ready(self) -> None:
        # The rules engine never imports Django: hand it Django's gettext so that its
        # messages and names (feasts, tie-breaks) come out in the active language.
        # Installed by the lowest app that shows the engine's words.
        from django.utils.translation import gettext

        from scoring.engine.i18n import set_translator

        set_translator(gettext)

        from competitions.services.invitations import INVITATION_FOLLOWUP
        from competitions.services.notices import NOTICES_FOLLOWUP
        from competitions.tasks import account_invitation_task, notices_send_task
        from tarokk_admin.core.background import followup_register

        followup_register(NOTICES_FOLLOWUP, notices_send_task)
        followup_register(INVITATION_FOLLOWUP, account_invitation_task)

        # The federation's archive files this app owns (core/archive.py).
        from competitions.services.archive_honours import HONOURS_KIND
        from competitions.services.archive_players import PLAYERS_KIND
        from competitions.services.archive_sittings import SITTINGS_KIND
        from tarokk_admin.core.archive import archive_kind_register

        archive_kind_register(PLAYERS_KIND)
        archive_kind_register(HONOURS_KIND)
        archive_kind_register(SITTINGS_KIND)
