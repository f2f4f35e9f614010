"""Addresses of the competitions. The wiring (``tarokk_admin/urls.py``) puts each list
under its audience's prefix: ``urlpatterns`` public (stable: people bookmark and
share them), ``api_urlpatterns`` under ``api/``, ``officials_urlpatterns`` under
``officials/``."""

from django.urls import path

from competitions.views import (
    account,
    api,
    calendars,
    captaincy,
    championship,
    cup,
    free_games,
    grand_prix,
    sittings,
)
from competitions.views.officials import accounts as officials_accounts
from competitions.views.officials import closings as officials_closings
from competitions.views.officials import cup as officials_cup
from competitions.views.officials import disputes as officials_disputes
from competitions.views.officials import fixtures as officials_fixtures
from competitions.views.officials import free_games as officials_free_games
from competitions.views.officials import grand_prix as officials_grand_prix
from competitions.views.officials import grand_prix_seeding as officials_seeding
from competitions.views.officials import outbox as officials_outbox
from competitions.views.officials import paper as officials_paper
from competitions.views.officials import people as officials_people
from competitions.views.officials import players as officials_players
from competitions.views.officials import schedule as officials_schedule
from competitions.views.officials import seasons as officials_seasons
from competitions.views.officials import teams as officials_teams
from competitions.views.officials import workspace

app_name = "competitions"

urlpatterns = [
    path("championship/", championship.championship_current, name="championship"),
    path(
        "championship/<int:year>/",
        championship.championship_season,
        name="championship_season",
    ),
    path("grand-prix/", grand_prix.grand_prix_list, name="grand_prix"),
    path("grand-prix/<int:pk>/", grand_prix.grand_prix_detail, name="grand_prix_event"),
    path("free-games/", free_games.free_games_current, name="free_games"),
    path(
        "free-games/<int:year>/", free_games.free_games_season, name="free_games_season"
    ),
    path("free-games/mine/", sittings.my_free_games, name="free_games_mine"),
    path("free-games/account/", sittings.account_claim, name="free_games_account"),
    path("free-games/sittings/new/", sittings.sitting_new, name="sitting_new"),
    path(
        "free-games/sittings/<int:pk>/confirm/",
        sittings.sitting_confirm_view,
        name="sitting_confirm",
    ),
    path("cup/", cup.cup_current, name="cup"),
    path("cup/<int:year>/", cup.cup_bracket, name="cup_bracket"),
    path("cup/<int:year>/register/", cup.cup_register_view, name="cup_register"),
    path("accounts/settings/", account.account_settings, name="account_settings"),
    path("accounts/captaincy/", captaincy.captaincy, name="captaincy"),
    # iCalendar feeds: stable addresses for calendar programs.
    path("calendar/team/<int:pk>.ics", calendars.team_calendar, name="calendar_team"),
    path(
        "calendar/season/<int:year>.ics",
        calendars.season_calendar,
        name="calendar_season",
    ),
    path(
        "calendar/referee/<int:pk>/<str:token>.ics",
        calendars.referee_calendar,
        name="calendar_referee",
    ),
]

# HAND_RECORD.md "Standings API" and "Cup API": <str:…> so that a bad value gets a
# JSON 400/404 instead of the HTML 404 of an unmatched address.
api_urlpatterns = [
    path("championship/<str:year>/", api.championship_api, name="championship"),
    path("grand-prix/", api.grand_prix_list_api, name="grand_prix_list"),
    path("grand-prix/<str:pk>/", api.grand_prix_api, name="grand_prix"),
    path("cup/<str:year>/", api.cup_api, name="cup"),
    path("free-games/<str:year>/", api.free_games_api, name="free_games"),
]

# The officials' workspace: its home, the season and its people (R15).
workspace_urlpatterns = [
    path("", workspace.workspace_home, name="home"),
    path("cup/", workspace.cup_current, name="cup_current"),
    path("seasons/", officials_seasons.season_list, name="seasons"),
    path("seasons/<int:year>/", officials_seasons.season_edit, name="season"),
    path("players/", officials_players.player_list, name="players"),
    path("players/<int:pk>/", officials_players.player_edit, name="player"),
    path(
        "players/<int:pk>/active/",
        officials_players.player_active,
        name="player_active",
    ),
    path(
        "players/<int:pk>/delete/",
        officials_players.player_remove,
        name="player_delete",
    ),
    path("teams/", officials_teams.teams_current, name="teams_current"),
    path("teams/<int:year>/", officials_teams.team_list, name="teams"),
    path(
        "teams/<int:year>/copy/", officials_teams.roster_copy_view, name="roster_copy"
    ),
    path("teams/<int:year>/<int:pk>/", officials_teams.team_edit, name="team"),
    path(
        "teams/<int:year>/<int:pk>/place/",
        officials_teams.team_place,
        name="team_place",
    ),
    path(
        "teams/<int:year>/<int:pk>/place/<str:role>/remove/",
        officials_teams.team_place_remove,
        name="team_place_remove",
    ),
    path(
        "teams/<int:year>/<int:pk>/captain/",
        officials_people.team_captain_view,
        name="team_captain",
    ),
    path(
        "seasons/<int:year>/referees/",
        officials_people.referee_pool,
        name="referees",
    ),
    # Accounts and roles: nobody needs /admin/ (README "Accounts and roles").
    path("accounts/", officials_accounts.account_list, name="accounts"),
    path(
        "accounts/invite/",
        officials_accounts.account_invite_view,
        name="account_invite",
    ),
    path("accounts/<int:pk>/", officials_accounts.account_page, name="account"),
    path(
        "accounts/<int:pk>/<str:action>/",
        officials_accounts.account_action,
        name="account_action",
    ),
    path("outbox/", officials_outbox.outbox, name="outbox"),
    path(
        "competitions/<int:pk>/close/",
        officials_closings.competition_close_view,
        name="competition_close",
    ),
    path(
        "seasons/<int:year>/annual-meeting/",
        officials_closings.annual_meeting,
        name="annual_meeting",
    ),
]

officials_urlpatterns = [
    *workspace_urlpatterns,
    path("schedule/", officials_schedule.schedule, name="schedule"),
    path(
        "schedule/matches/<int:pk>/",
        officials_schedule.schedule_match,
        name="schedule_match",
    ),
    path(
        "competitions/<int:pk>/",
        officials_fixtures.competition_manage,
        name="competition",
    ),
    path("disputes/", officials_disputes.disputes, name="disputes"),
    path(
        "disputes/<int:pk>/resolve/",
        officials_disputes.dispute_resolve_view,
        name="dispute_resolve",
    ),
    path(
        "grand-prix/<int:pk>/seeding/",
        officials_seeding.grand_prix_seed,
        name="grand_prix_seed",
    ),
    path(
        "grand-prix/matches/<int:pk>/cup-tie/",
        officials_seeding.grand_prix_cup_tie,
        name="grand_prix_cup_tie",
    ),
    path(
        "grand-prix/",
        officials_grand_prix.grand_prix_manage_list,
        name="grand_prix_list",
    ),
    path(
        "grand-prix/<int:pk>/",
        officials_grand_prix.grand_prix_manage,
        name="grand_prix",
    ),
    path(
        "grand-prix/matches/<int:pk>/",
        officials_grand_prix.grand_prix_pairing_edit,
        name="grand_prix_pairing",
    ),
    path("free-games/", officials_free_games.free_games_desk, name="free_games"),
    path(
        "free-games/sittings/paper/",
        officials_paper.sitting_paper,
        name="sitting_paper",
    ),
    path(
        "free-games/claims/<int:pk>/accept/",
        officials_free_games.claim_accept,
        name="claim_accept",
    ),
    path(
        "free-games/claims/<int:pk>/refuse/",
        officials_free_games.claim_refuse,
        name="claim_refuse",
    ),
    path(
        "free-games/accounts/link/",
        officials_free_games.account_link,
        name="account_link",
    ),
    path(
        "free-games/accounts/unlink/",
        officials_free_games.account_unlink,
        name="account_unlink",
    ),
    path(
        "free-games/<int:year>/close/",
        officials_free_games.year_close,
        name="free_games_close",
    ),
    path(
        "free-games/<int:year>/reopen/",
        officials_free_games.year_reopen,
        name="free_games_reopen",
    ),
    path("cup/<int:year>/", officials_cup.cup_manage, name="cup"),
    path(
        "cup/<int:year>/ties/<int:round>/<int:slot>/",
        officials_cup.cup_tie_view,
        name="cup_tie",
    ),
]
