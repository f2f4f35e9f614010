"""The invitation e-mail: a one-time link to set a password, made with Django's
password-reset token (``default_token_generator``) and opened by Django's own
``PasswordResetConfirmView``.

Nothing secret is stored: the follow-up recorded with the invitation (through the
outbox, so a mail server that does not answer delays it and the workspace shows it)
carries only the account's id and the site's address, and the link is made when the
e-mail is written. The link works until the password is set or for
``PASSWORD_RESET_TIMEOUT`` (three days by default); an official may send it again."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from competitions.models import AccountSettings
from tarokk_admin.core.background import followup_queue

INVITATION_FOLLOWUP = "account_invitation"
DEFAULT_SITE = "http://127.0.0.1:8000"  # `make run`'s address
DEFAULT_LANGUAGE = "hu"


def invitation_queue(account: Any, site: str) -> None:
    """Send the invitation after the surrounding transaction commits."""
    followup_queue(INVITATION_FOLLOWUP, account.pk, site.rstrip("/"))


def invitation_path(account: Any) -> str:
    """The set-a-password page of the account, with a fresh one-time token."""
    return reverse(
        "password_reset_confirm",
        kwargs={
            "uidb64": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        },
    )


def invitation_link(account: Any, site: str) -> str:
    return (site.rstrip("/") or DEFAULT_SITE) + invitation_path(account)


def invitation_send(*, account_id: int, site: str) -> bool:
    """Write and send the invitation; False (nothing sent) when the account is
    gone, deactivated, without an address or has set its password meanwhile. A mail
    server's refusal is raised, so the outbox retries it."""
    account = get_user_model().objects.filter(pk=account_id).first()
    if (
        account is None
        or not account.is_active
        or not account.email
        or account.has_usable_password()
    ):
        return False
    row = AccountSettings.objects.filter(user=account).first()
    language = (row.language if row else "") or DEFAULT_LANGUAGE
    hours = settings.PASSWORD_RESET_TIMEOUT // 3600
    with translation.override(language):
        subject = _("Your account at the Hungarian Royal Tarokk federation")
        body = render_to_string(
            "registration/invitation_email.txt",
            {
                "account": account,
                "username": account.get_username(),
                "link": invitation_link(account, site),
                "login": (site.rstrip("/") or DEFAULT_SITE) + reverse("login"),
                "hours": hours,
            },
        )
    EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [account.email]).send()
    return True
