"""Short sessions for staff and work roles, who sign in on a venue's shared computer.

When an account that is staff, a superuser or in one of ``WORK_SESSION_GROUPS``
(officials, jury, referees) signs in, its session cookie lasts until the browser
closes, and the session itself ends ``WORK_SESSION_SECONDS`` after the login (8 hours
by default) even if the browser stays open; the next request then signs it out and
asks for the login again. Other accounts (team captains) keep Django's two weeks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

SESSION_KEY = "tarokk_work_session_ends"


def works_at_venues(user: Any) -> bool:
    """Staff, superusers and members of the work groups."""
    if user.is_staff or user.is_superuser:
        return True
    names = settings.WORK_SESSION_GROUPS
    return bool(user.groups.filter(name__in=names).exists())


def work_session_start(sender: Any, request: HttpRequest, user: Any, **_: Any) -> None:
    """On login (``user_logged_in``): a browser-session cookie and a deadline."""
    if request is None or not hasattr(request, "session"):
        return
    if works_at_venues(user):
        request.session.set_expiry(0)
        request.session[SESSION_KEY] = int(time.time()) + settings.WORK_SESSION_SECONDS
    else:
        request.session.pop(SESSION_KEY, None)


class WorkSessionMiddleware:
    """Signs out a work session past its deadline (after AuthenticationMiddleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        ends = request.session.get(SESSION_KEY)
        if ends is not None and time.time() >= ends:
            logout(request)
            hours = settings.WORK_SESSION_SECONDS // 3600
            messages.info(
                request,
                _(
                    "You were signed out: a work session lasts at most %(hours)s "
                    "hours. Please log in again."
                )
                % {"hours": hours},
            )
            response = redirect_to_login(request.get_full_path())
            if request.headers.get("HX-Request"):  # htmx: load the login page whole
                response = HttpResponse(
                    status=204, headers={"HX-Redirect": response.url}
                )
            return response
        return self.get_response(request)
