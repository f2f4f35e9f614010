"""Password reset for everyone, with Django's own views and templates
(``templates/registration/``). One difference from Django's form: an invited
person who has not set a password yet (the account's password is unusable until
then) also gets the link, so a lost invitation is never a dead end."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model


class PasswordResetForm(auth_forms.PasswordResetForm):
    def get_users(self, email: str) -> Iterator[Any]:
        """Active accounts with this address (case aside), with a password or
        invited and waiting to set one."""
        model = get_user_model()
        field = model.get_email_field_name()
        users = model._default_manager.filter(
            **{f"{field}__iexact": email, "is_active": True}
        )
        return (user for user in users if _same_address(email, getattr(user, field)))


def _same_address(one: str, other: str) -> bool:
    """Case-blind comparison of two addresses (Unicode TR 36, as Django does)."""
    return (
        unicodedata.normalize("NFKC", one).casefold()
        == unicodedata.normalize("NFKC", other).casefold()
    )
