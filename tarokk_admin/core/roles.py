"""The federation's roles and the one way to refuse a page.

Roles are Django groups (created by the migration ``competitions/0001``). A page that
a visitor may not open calls :func:`refuse` (or is wrapped in :func:`role_required`,
:func:`official_only` for the officials' pages; a service checks with
:func:`official_check`):
an anonymous visitor goes to the login page, a signed-in user gets the 403 page
(``templates/403.html``) saying in one sentence why.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NoReturn

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.errors import ServiceBug, ServiceError

View = Callable[..., HttpResponse]

# The code of every refusal for want of the official's role, whichever its sentence.
NOT_AN_OFFICIAL = "not_an_official"


class Role(models.TextChoices):
    """A group name and its translated label."""

    OFFICIAL = "Official", _("Official")
    JURY = "Jury", _("Jury")
    REFEREE = "Referee", _("Referee")
    TEAM_CAPTAIN = "Team captain", _("Team captain")


def roles(user: Any) -> frozenset[str]:
    """The user's role group names, looked up once per request and kept on the user;
    a superuser is an official."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cached = getattr(user, "_tarokk_roles", None)
    if cached is None:
        cached = frozenset(user.groups.values_list("name", flat=True))
        if user.is_superuser:
            cached |= {Role.OFFICIAL.value}
        user._tarokk_roles = cached
    return cached


def is_official(user: Any) -> bool:
    return Role.OFFICIAL.value in roles(user)


def is_jury(user: Any) -> bool:
    """The jury, and officials (who may do the jury's work)."""
    return bool({Role.JURY.value, Role.OFFICIAL.value} & roles(user))


def is_referee(user: Any) -> bool:
    """Referees, and officials (who may do a referee's work)."""
    return bool({Role.REFEREE.value, Role.OFFICIAL.value} & roles(user))


def is_captain(user: Any) -> bool:
    return Role.TEAM_CAPTAIN.value in roles(user)


def official_check(user: Any, refusal: ServiceError) -> None:
    """The one check a service makes before an official's work: raises
    ``refusal``, made from the app's table (``ERRORS.error("not_an_official__…")``,
    its sentence saying why), when ``user`` is not an official."""
    if refusal.code != NOT_AN_OFFICIAL:
        raise ServiceBug(f"an official's check refuses with {refusal.code!r}")
    if not is_official(user):
        raise refusal


class LoginRequired(Exception):
    """Raised by :func:`refuse` for an anonymous visitor; the middleware sends them to
    the login page and back."""


def refuse(request: HttpRequest, message: str) -> NoReturn:
    """Refuse the page: the login page for an anonymous visitor, else the 403 page
    with ``message``."""
    if not request.user.is_authenticated:
        raise LoginRequired
    raise PermissionDenied(message)


def role_required(
    check: Callable[[Any], bool], message: Callable[[], str]
) -> Callable[[View], View]:
    """Only users passing ``check`` reach the view; ``message`` (called per request,
    so it is translated into the visitor's language) explains a refusal."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated or not check(request.user):
                refuse(request, message())
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def official_only(message: str | Promise) -> Callable[[View], View]:
    """Only officials reach the view; ``message`` (a lazy translation, shown in the
    visitor's language) explains a refusal."""
    return role_required(is_official, lambda: str(message))


class RefusalMiddleware:
    """Turns :class:`LoginRequired` into the redirect to the login page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if isinstance(exception, LoginRequired):
            return redirect_to_login(request.get_full_path())
        return None
