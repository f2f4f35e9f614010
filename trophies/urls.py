"""Addresses of the national trophy list (R14): public pages, the officials' entry
of variant-game trophies and the read-only JSON API (HAND_RECORD.md)."""

from django.urls import path

from trophies import api, views

app_name = "trophies"

urlpatterns = [
    path("trophies/", views.trophy_list, name="list"),
    path("players/<int:pk>/", views.player_detail, name="player"),
    path("officials/trophies/new/", views.variant_trophy_new, name="variant_new"),
    path("api/trophy-list/", api.trophy_list_api, name="api_list"),
    path("api/trophies/", api.trophies_api, name="api_trophies"),
    path(
        "api/players/<str:player_id>/trophies/",
        api.player_trophies_api,
        name="api_player",
    ),
]
