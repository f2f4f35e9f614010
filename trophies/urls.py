"""Public addresses of the trophies; the pages arrive in later releases."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from tarokk_admin.views import coming_soon

app_name = "trophies"

urlpatterns = [
    path(
        "trophies/",
        coming_soon,
        {
            "title": _("Trophy list"),
            "intro": _(
                "Every trophy announced and made, and the players' trophy cups."
            ),
        },
        name="list",
    ),
]
