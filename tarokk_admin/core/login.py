"""The login forms (the site's and the admin's): a username longer than an account
can have is refused on the field, before it reaches authentication and the lockout's
records (django-axes keeps at most 255 characters of it and failed on more)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.utils.translation import gettext as _


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
