"""Addresses of the Hungarian Cup (R15): the public bracket and API, registration,
and the officials' pages. Included from ``tarokk_admin/urls.py`` before
``competitions.urls`` so that ``/cup/`` lands on the latest cup's bracket."""

from django.urls import path

from competitions import views_cup

app_name = "cup"

urlpatterns = [
    path("cup/", views_cup.cup_current, name="current"),
    path("cup/<int:year>/", views_cup.cup_bracket, name="bracket"),
    path("cup/<int:year>/register/", views_cup.cup_register_view, name="register"),
    path("api/cup/<str:year>/", views_cup.cup_api_view, name="api"),
    path("officials/cup/<int:year>/", views_cup.cup_manage, name="manage"),
    path(
        "officials/cup/<int:year>/ties/<int:round>/<int:slot>/",
        views_cup.cup_tie_view,
        name="tie",
    ),
]
