"""URLs: every audience's prefix written once. Addresses carry no language prefix so
they stay stable and shareable."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from competitions import urls as competitions
from scoring import urls as scoring
from stats import urls as stats
from tarokk_admin import health
from tarokk_admin.core.login import StaffLoginView, StaffLogoutView
from tarokk_admin.core.passwords import PasswordResetForm
from tarokk_admin.views import api_schema, home, honours, language, sittings, teams
from trophies import urls as trophies

# A database that does not answer is a 503 with a sentence, not a 500 (core/outage).
handler500 = "tarokk_admin.core.outage.server_error"
# Text over Django's form limit is a 413 naming the limit, not a bare 400.
handler400 = "tarokk_admin.views.refusals.bad_request"

api = competitions.api_urlpatterns + trophies.api_urlpatterns + stats.api_urlpatterns
# A variant sitting's page, correction and void know its trophies (R14, R15): the
# recorder's under free-games/, the officials' under officials/free-games/.
sitting_urlpatterns = [
    path("free-games/sittings/<int:pk>/", sittings.sitting_page, name="sitting"),
    path(
        "free-games/sittings/<int:pk>/correct/",
        sittings.sitting_correct_view,
        name="sitting_correct",
    ),
    path(
        "free-games/sittings/<int:pk>/void/",
        sittings.sitting_void_view,
        name="sitting_void",
    ),
]
officials_sitting_urlpatterns = [
    path(
        "free-games/sittings/<int:pk>/",
        sittings.officials_sitting_page,
        name="sitting",
    ),
    path(
        "free-games/sittings/<int:pk>/correct/",
        sittings.officials_sitting_correct,
        name="sitting_correct",
    ),
    path(
        "free-games/sittings/<int:pk>/void/",
        sittings.officials_sitting_void,
        name="sitting_void",
    ),
]

officials_honours_urlpatterns = [
    path(
        "honours/<int:year>/presented/",
        honours.honour_presented,
        name="honour_presented",
    ),
]

officials = (
    competitions.officials_urlpatterns
    + scoring.officials_urlpatterns
    + trophies.officials_urlpatterns
    + officials_sitting_urlpatterns
    + officials_honours_urlpatterns
)

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path(
        "accounts/login/",
        StaffLoginView.as_view(),
        name="login",
    ),
    path("accounts/logout/", StaffLogoutView.as_view(), name="logout"),
    # Django's own password views (templates/registration/); an invitation's link
    # is a password-reset link (competitions/services/invitations.py).
    path(
        "accounts/password/change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "accounts/password/reset/",
        auth_views.PasswordResetView.as_view(form_class=PasswordResetForm),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("i18n/setlang/", language.language_set, name="set_language"),
    path("admin/", admin.site.urls),
    path("teams/<int:pk>/", teams.team_detail, name="team"),
    # The roll of honour (issues 22, 23): all years, a year, its A4 PDF.
    path("honours/", honours.honours_index, name="honours"),
    path("honours/<int:year>/", honours.honours_year, name="honours_year"),
    path("honours/<int:year>/pdf/", honours.honours_year_pdf, name="honours_pdf"),
    *sitting_urlpatterns,
    path("", include(competitions)),
    path("", include(scoring)),
    path("", include(trophies)),
    path("", include(stats)),  # /statistics/…, /live/…
    path("api/schema.json", api_schema.api_schema, name="api_schema"),
    path("api/", include((api, "api"))),
    path("officials/", include((officials, "officials"))),
    path("referee/", include((scoring.referee_urlpatterns, "referee"))),
    path("jury/", include((scoring.jury_urlpatterns, "jury"))),
    path("captain/", include((scoring.captain_urlpatterns, "captain"))),
]
