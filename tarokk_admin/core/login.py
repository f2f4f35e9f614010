"""The login forms (the site's and the admin's): a username longer than an account
can have is refused on the field, before it reaches authentication and the lockout's
records (django-axes keeps at most 255 characters of it and failed on more)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView, LogoutView
from django.urls import reverse
from django.utils.translation import gettext as _

from tarokk_admin.core.redirects import SafeNextMixin
from tarokk_admin.core.roles import Role, is_official, roles


class UsernameLimitMixin:
    """``clean_username``: at most as long as the user model's username field."""

    cleaned_data: dict[str, Any]
    username_field: Any

    def clean_username(self) -> str:
        username: str = self.cleaned_data.get("username") or ""
        limit = self.username_field.max_length or 150
        if len(username) > limit:
            raise forms.ValidationError(
                _(
                    "A username has at most %(limit)s characters; this one has "
                    "%(count)s."
                )
                % {"limit": limit, "count": len(username)},
                code="username_too_long",
            )
        return username


class LoginForm(UsernameLimitMixin, AuthenticationForm):
    pass


class AdminLoginForm(UsernameLimitMixin, AdminAuthenticationForm):
    pass


def staff_home_url(user: Any) -> str:
    """Where a user lands after login when no ``next`` says otherwise: each role on
    its own work area (an official on the workspace, a referee on their matches, the
    jury on its approvals, a captain on the team's matches), everyone else, a
    player, on their own free games (which asks an account not yet linked to a
    federation record to claim it)."""
    held = roles(user)
    if is_official(user):
        return reverse("officials:home")
    if Role.REFEREE.value in held:
        return reverse("referee:home")
    if Role.JURY.value in held:
        return reverse("jury:home")
    if Role.TEAM_CAPTAIN.value in held:
        return reverse("captain:home")
    return reverse("competitions:free_games_mine")


class StaffLoginView(SafeNextMixin, LoginView):
    """The site's login: a safe ``next`` wins (a local path, ``core.redirects``),
    otherwise the user's own work page."""

    authentication_form = LoginForm
    http_method_names = ["get", "head", "post"]  # not LoginView's PUT

    def get_default_redirect_url(self) -> str:
        return staff_home_url(self.request.user)


class StaffLogoutView(SafeNextMixin, LogoutView):
    """The site's logout: to a safe ``next``, else to ``LOGOUT_REDIRECT_URL``."""
