"""Public addresses of the competitions (stable: people bookmark and share them), the
Standings API, and the officials' Grand Prix and free-games pages."""

from django.urls import path

from competitions import api
from competitions.views import (
    championship,
    free_games,
    grand_prix,
    matches,
    officials_free_games,
    officials_grand_prix,
    teams,
)

app_name = "competitions"

urlpatterns = [
    path("championship/", championship.championship_current, name="championship"),
    path(
        "championship/<int:year>/",
        championship.championship_season,
        name="championship_season",
    ),
    path("teams/<int:pk>/", teams.team_detail, name="team"),
    path("matches/<int:pk>/", matches.match_detail, name="match"),
    path("grand-prix/", grand_prix.grand_prix_list, name="grand_prix"),
    path("grand-prix/<int:pk>/", grand_prix.grand_prix_detail, name="grand_prix_event"),
    path("free-games/", free_games.free_games_current, name="free_games"),
    path(
        "free-games/<int:year>/", free_games.free_games_season, name="free_games_season"
    ),
    # Standings API (HAND_RECORD.md): <str:…> so a bad value gets a JSON 400/404.
    path("api/championship/<str:year>/", api.championship_api, name="api_championship"),
    path("api/grand-prix/", api.grand_prix_list_api, name="api_grand_prix_list"),
    path("api/grand-prix/<str:pk>/", api.grand_prix_api, name="api_grand_prix"),
    # Officials
    path(
        "officials/grand-prix/",
        officials_grand_prix.grand_prix_manage_list,
        name="gp_manage_list",
    ),
    path(
        "officials/grand-prix/<int:pk>/",
        officials_grand_prix.grand_prix_manage,
        name="gp_manage",
    ),
    path(
        "officials/grand-prix/matches/<int:pk>/",
        officials_grand_prix.grand_prix_pairing_edit,
        name="gp_pairing",
    ),
    path(
        "officials/free-games/variant/",
        officials_free_games.variant_game_new,
        name="variant_game_new",
    ),
]
