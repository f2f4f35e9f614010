from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """The shared core; its one model is the outbox of follow-up work
    (core/background.py). When the apps are ready it connects the work-session
    policy to logins and hardens the admin (core/admin_safe.py)."""

    name = "tarokk_admin.core"
    label = "tarokk_core"
    verbose_name = _("Core")

    def ready(self) -> None:
        from django.contrib import admin
        from django.contrib.auth.signals import user_logged_in
        from django.db.backends.signals import connection_created

        from tarokk_admin.core.admin_safe import admin_site_harden
        from tarokk_admin.core.collation import sqlite_collation_register
        from tarokk_admin.core.sessions import work_session_start

        # Names sort the Hungarian way on SQLite too (core/collation.py).
        connection_created.connect(
            sqlite_collation_register, dispatch_uid="tarokk-hu-collation"
        )
        user_logged_in.connect(work_session_start, dispatch_uid="tarokk-work-session")
        # After django.contrib.admin's ready() has imported every app's admin.py.
        admin_site_harden(admin.site)
