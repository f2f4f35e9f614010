"""URLs. Addresses carry no language prefix so they stay stable and shareable."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tarokk_admin import health, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("competitions.urls_cup")),  # before: /cup/ is the cup's
    path("", include("competitions.urls")),
    path("officials/", include("competitions.urls_officials")),
    path("", include("trophies.urls")),
    path("", include("scoring.urls")),
    path("", include("stats.urls")),  # /statistics/, /live/, /api/statistics/
]
