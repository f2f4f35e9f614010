"""E-mail notices of the federation's events and each person's choice of them.

A :class:`Notice` is one e-mail to one person, written (subject and body in the
recipient's language) in the same transaction as the event it tells of, and sent by
the worker after the commit; it keeps its state, attempts and last error so a failed
e-mail is retried and a sent one is never sent again."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from competitions.notices.kinds import NOTICE_KINDS

from .matches import Match

# What a notice tells (each person may turn each kind off): the choices come from
# the kinds' one declaration, ``NoticeKind.MATCH_MOVED`` == "match_moved".
NoticeKind = models.TextChoices(
    "NoticeKind",
    [(kind.code.upper(), (kind.code, kind.label)) for kind in NOTICE_KINDS],
)


class Notice(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        SENDING = "sending", _("being sent")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    kind = models.CharField(_("kind"), max_length=24, choices=NoticeKind.choices)
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notices",
        verbose_name=_("recipient"),
    )
    email = models.EmailField(_("address"))
    language = models.CharField(_("language"), max_length=8)
    subject = models.CharField(_("subject"), max_length=200)
    body = models.TextField(_("body"))
    match = models.ForeignKey(
        Match,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notices",
        verbose_name=_("match"),
    )
    # Set for a notice that must exist once per address (the cup's calendar).
    key = models.CharField(_("key"), max_length=120, blank=True)
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    created_at = models.DateTimeField(_("written"), default=timezone.now)
    due_at = models.DateTimeField(_("next attempt"), default=timezone.now)
    claimed_at = models.DateTimeField(
        null=True, blank=True, verbose_name=_("sending started at")
    )
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("e-mail notice")
        verbose_name_plural = _("e-mail notices")
        constraints = [
            models.UniqueConstraint(
                fields=["key", "email"],
                condition=~Q(key=""),
                name="notice_once_per_key_and_address",
            )
        ]
        indexes = [
            models.Index(
                fields=["due_at"],
                condition=Q(status__in=["pending", "failed", "sending"]),
                name="notice_unsent_due",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} → {self.email}"


class AccountSettings(models.Model):
    """A person's choices: the notice kinds they turned off and the language of
    their e-mails (blank: Hungarian)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="account_settings",
        verbose_name=_("user account"),
    )
    language = models.CharField(
        _("language of e-mails"), max_length=8, choices=settings.LANGUAGES, blank=True
    )
    notices_off = models.JSONField(_("notices turned off"), default=list, blank=True)

    class Meta:
        verbose_name = _("account settings")
        verbose_name_plural = _("account settings")

    def __str__(self) -> str:
        return str(self.user)
