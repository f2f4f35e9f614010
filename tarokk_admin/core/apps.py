from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The shared core: no models; connects the work-session policy to logins."""

    name = "tarokk_admin.core"
    label = "tarokk_core"
    verbose_name = _("Core")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from tarokk_admin.core.sessions import work_session_start

        user_logged_in.connect(work_session_start, dispatch_uid="tarokk-work-session")
