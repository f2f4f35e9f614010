"""The result-entry workflow: the referee's pages, the jury's and the captains'."""

from django.urls import path

from scoring.views import hand, lists, match

app_name = "scoring"

urlpatterns = [
    path("referee/", lists.referee_home, name="referee"),
    path("referee/matches/<int:pk>/", match.match_detail, name="match"),
    path(
        "referee/matches/<int:pk>/lineup/<int:team_id>/",
        match.match_lineup,
        name="match_lineup",
    ),
    path("referee/matches/<int:pk>/cut/", match.match_cut, name="match_cut"),
    path(
        "referee/matches/<int:pk>/complete/", match.match_finish, name="match_complete"
    ),
    path(
        "referee/matches/<int:pk>/referee/", match.match_referee, name="match_referee"
    ),
    path(
        "referee/matches/<int:pk>/record.json",
        match.match_download,
        name="match_download",
    ),
    path("referee/matches/<int:pk>/upload/", match.match_upload, name="match_upload"),
    path("referee/matches/<int:pk>/hands/<int:number>/", hand.hand_edit, name="hand"),
    path(
        "referee/matches/<int:pk>/hands/<int:number>/preview/",
        hand.hand_preview,
        name="hand_preview",
    ),
    path(
        "referee/matches/<int:pk>/hands/<int:number>/upload/",
        hand.hand_upload,
        name="hand_upload",
    ),
    path("jury/", lists.jury_home, name="jury"),
    path(
        "jury/matches/<int:pk>/approve/", lists.jury_approve_view, name="jury_approve"
    ),
    path("captain/", lists.captain_home, name="captain"),
    path(
        "captain/matches/<int:pk>/answer/", lists.captain_answer, name="captain_answer"
    ),
]
