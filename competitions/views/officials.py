"""Access to the officials' pages of this package."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from competitions.permissions import is_official

View = Callable[..., HttpResponse]


def official_only(view: View) -> View:
    """Anonymous visitors go to the login page; other roles get a 403 saying why."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_official(request.user):
            return render(
                request,
                "competitions/officials/forbidden.html",
                {"message": _("Only officials may manage Grand Prix and free games.")},
                status=403,
            )
        return view(request, *args, **kwargs)

    return wrapped
