"""Addresses of the national trophy list (R14). The wiring (``tarokk_admin/urls.py``)
puts each list under its audience's prefix: public pages, the read-only JSON API
(HAND_RECORD.md) under ``api/``, the officials' entry of variant-game trophies and
their care of the archive's trophies under ``officials/``."""

from django.urls import path

from trophies.views import api, players, trophy_list
from trophies.views.officials import archive, variants

app_name = "trophies"

urlpatterns = [
    path("trophies/", trophy_list.trophy_list, name="list"),
    path("players/<int:pk>/", players.player_detail, name="player"),
]

api_urlpatterns = [
    path("trophy-list/", api.trophy_list_api, name="trophy_list"),
    path("trophies/", api.trophies_api, name="trophies"),
    path(
        "players/<str:player_id>/trophies/",
        api.player_trophies_api,
        name="player_trophies",
    ),
]

officials_urlpatterns = [
    path("trophies/new/", variants.variant_trophy_new, name="variant_trophy_new"),
    path("trophies/archive/", archive.archive_trophies, name="archive_trophies"),
    path("trophies/archive/<int:pk>/", archive.archive_trophy, name="archive_trophy"),
    path(
        "free-games/sittings/<int:pk>/trophies/new/",
        variants.sitting_trophy_new,
        name="sitting_trophy_new",
    ),
]
