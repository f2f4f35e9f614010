"""The officials' workspace home (``/officials/``): the season in progress in
figures, what needs attention, and the way to every officials' page."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.selectors.seasons import season_current
from competitions.selectors.workspace import season_dashboard
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import is_official, role_required

official_only = role_required(
    is_official, lambda: _("The officials' workspace is for officials.")
)


def service_run(form: forms.Form, action: Callable[[], object]) -> object | None:
    """Run a service; its refusal goes on the field it names (or above the form)
    and the result is None."""
    try:
        return action() or True
    except ServiceError as error:
        form_error_add(form, error)
        return None


@official_only
@get_only
def workspace_home(request: HttpRequest) -> HttpResponse:
    season = season_current()
    return render(
        request,
        "competitions/officials/home.html",
        {"board": season_dashboard(season), "season": season, "section": "officials"},
    )


@official_only
@get_only
def cup_current(request: HttpRequest) -> HttpResponse:
    """The menu's way to the current season's cup desk."""
    season = season_current()
    if season is None:
        return redirect("officials:seasons")
    return redirect("officials:cup", year=season.year)
