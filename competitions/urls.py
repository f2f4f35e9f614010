"""Public addresses of the competitions; the pages arrive in later releases."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from tarokk_admin.views import coming_soon

app_name = "competitions"

urlpatterns = [
    path(
        "championship/",
        coming_soon,
        {
            "title": _("Championship"),
            "intro": _("The season's championship table and its matches."),
        },
        name="championship",
    ),
    path(
        "cup/",
        coming_soon,
        {"title": _("Cup"), "intro": _("The cup bracket, its ties and tie-breakers.")},
        name="cup",
    ),
    path(
        "grand-prix/",
        coming_soon,
        {
            "title": _("Grand Prix"),
            "intro": _("Grand Prix events, their rounds, pairings and totals."),
        },
        name="grand_prix",
    ),
    path(
        "free-games/",
        coming_soon,
        {
            "title": _("Free games"),
            "intro": _("Royal free games and the variant games of the season."),
        },
        name="free_games",
    ),
]
