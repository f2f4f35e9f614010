"""Addresses of the officials' pages (``/officials/…``)."""

from django.urls import path

from competitions import views_officials

app_name = "officials"

urlpatterns = [
    path("import/", views_officials.matches_import_view, name="import"),
]
