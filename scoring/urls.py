"""Addresses of everything about hands. The wiring (``tarokk_admin/urls.py``) puts
each list under its audience's prefix: the public match page, the referee's pages
under ``referee/``, the jury's under ``jury/``, the captains' under ``captain/`` and
the officials' import under ``officials/``."""

from django.urls import path

from scoring.views import (
    captain,
    completion,
    feast_data,
    hand,
    jury_corrections,
    jury_given,
    lists,
    match,
    offline,
    paper,
    public,
)
from scoring.views.officials import archive, imports

app_name = "scoring"

urlpatterns = [
    path("matches/<int:pk>/", public.match_detail, name="match"),
    path(
        "matches/<int:pk>/record.json",
        public.match_record_download,
        name="match_record",
    ),
    path("matches/<int:pk>/sheet.pdf", paper.match_sheet_pdf, name="match_sheet_pdf"),
    path("matches/<int:pk>/sheet/", paper.match_sheet_page, name="match_sheet"),
]

referee_urlpatterns = [
    path("", lists.referee_home, name="home"),
    # The referee offline: the service worker looks after every page under referee/.
    path("sw.js", offline.service_worker, name="service_worker"),
    path("offline/", offline.offline_page, name="offline"),
    path("feasts.<str:language>.js", feast_data.feast_data, name="feast_data"),
    path("offline/token/", offline.offline_token, name="offline_token"),
    path("matches/<int:pk>/", match.match_detail, name="match"),
    path(
        "matches/<int:pk>/lineup/<int:team_id>/",
        match.match_lineup,
        name="match_lineup",
    ),
    path("matches/<int:pk>/cut/", match.match_cut, name="match_cut"),
    path(
        "matches/<int:pk>/complete/",
        completion.match_completion,
        name="match_complete",
    ),
    path(
        "matches/<int:pk>/complete/accept/<int:team_id>/",
        completion.match_accept,
        name="match_accept",
    ),
    path("matches/<int:pk>/referee/", match.match_referee, name="match_referee"),
    path("matches/<int:pk>/record.json", match.match_download, name="match_download"),
    path("matches/<int:pk>/upload/", match.match_upload, name="match_upload"),
    path("matches/<int:pk>/hands/<int:number>/", hand.hand_edit, name="hand"),
    path(
        "matches/<int:pk>/hands/<int:number>/preview/",
        hand.hand_preview,
        name="hand_preview",
    ),
    path(
        "matches/<int:pk>/hands/<int:number>/replay/",
        offline.hand_replay,
        name="hand_replay",
    ),
    path(
        "matches/<int:pk>/hands/<int:number>/upload/",
        hand.hand_upload,
        name="hand_upload",
    ),
]

jury_urlpatterns = [
    path("", lists.jury_home, name="home"),
    path("matches/<int:pk>/approve/", lists.jury_approve_view, name="approve"),
    path("matches/<int:pk>/refuse/", lists.jury_refuse_view, name="refuse"),
    path("given/", jury_given.jury_approvals_given, name="given"),
    path(
        "matches/<int:pk>/correction/",
        jury_corrections.correction_approve,
        name="correction",
    ),
]

captain_urlpatterns = [
    path("", lists.captain_home, name="home"),
    path("matches/<int:pk>/", captain.captain_match, name="match"),
    path("matches/<int:pk>/answer/", lists.captain_answer, name="answer"),
]

officials_urlpatterns = [
    path("import/", imports.matches_import_view, name="import"),
    path("import/archive/", archive.archive_import_view, name="import_archive"),
    path("import/<int:pk>/", imports.import_run_view, name="import_run"),
    path(
        "import/<int:pk>/confirm/",
        archive.import_run_confirm,
        name="import_run_confirm",
    ),
    path(
        "import/<int:pk>/discard/",
        archive.import_run_discard,
        name="import_run_discard",
    ),
    path(
        "import/<int:pk>/status/", imports.import_run_status, name="import_run_status"
    ),
]
