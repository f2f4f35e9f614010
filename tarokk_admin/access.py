"""Page access for signed-in work: anonymous visitors go to the login page, signed-in
users without the right role get a 403 page that says why in one sentence."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

View = Callable[..., HttpResponse]


def forbidden(request: HttpRequest, message: str) -> HttpResponse:
    """The 403 page, saying in one sentence why."""
    return render(request, "forbidden.html", {"message": message}, status=403)


def role_required(
    check: Callable[[Any], bool], message: Callable[[], str]
) -> Callable[[View], View]:
    """Only users passing ``check`` reach the view; ``message`` (called per request,
    so it is translated into the visitor's language) explains a refusal."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user):
                return forbidden(request, message())
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
