"""Addresses of the statistics and the live event day. The wiring
(``tarokk_admin/urls.py``) puts each list under its audience's prefix:
``urlpatterns`` public (stable: people bookmark and share them), ``api_urlpatterns``
under ``api/`` — ``<str:…>`` so that a bad value gets a JSON 400 or 404."""

from django.urls import path

from stats.views import api, live, season, subjects

app_name = "statistics"

urlpatterns = [
    path("statistics/", season.statistics_current, name="current"),
    path("statistics/<int:year>/", season.federation_page, name="season"),
    path("statistics/<int:year>/teams/", season.teams_page, name="teams"),
    path("statistics/<int:year>/teams/<int:pk>/", subjects.team_page, name="team"),
    path("statistics/<int:year>/players/", season.players_page, name="players"),
    path(
        "statistics/<int:year>/players/<int:pk>/", subjects.player_page, name="player"
    ),
    path("live/", live.live_today, name="live_today"),
    path("live/<str:day>/", live.live_page, name="live"),
    path("live/<str:day>/projector/", live.live_projector, name="live_projector"),
    path("live/<str:day>/board/", live.live_board, name="live_board"),
]

api_urlpatterns = [
    path("statistics/", api.seasons_api, name="statistics_seasons"),
    path("statistics/<str:year>/", api.season_api, name="statistics_season"),
    path("statistics/<str:year>/teams/", api.teams_api, name="statistics_teams"),
    path("statistics/<str:year>/teams/<str:pk>/", api.team_api, name="statistics_team"),
    path("statistics/<str:year>/players/", api.players_api, name="statistics_players"),
    path(
        "statistics/<str:year>/players/<str:pk>/",
        api.player_api,
        name="statistics_player",
    ),
]
