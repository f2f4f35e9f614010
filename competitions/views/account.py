"""My account: the e-mail notices a person gets (one switch per kind), the language
of their e-mails, and a referee's personal calendar address."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from competitions.forms.account import AccountSettingsForm
from competitions.models import AccountSettings, NoticeKind
from competitions.selectors.calendars import referee_calendar_token
from competitions.services.notices import account_settings_update
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import is_referee, role_required


def _signed_in(user) -> bool:
    return user.is_authenticated


@role_required(_signed_in, lambda: _("Sign in to see your account."))
@get_or_post
def account_settings(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = AccountSettingsForm(request.POST)
        if form.is_valid():
            try:
                account_settings_update(
                    user=request.user,
                    notices_off=form.notices_off(),
                    language=form.cleaned_data["language"],
                )
            except ServiceError as error:
                form_error_add(form, error)
            else:
                messages.success(request, _("Your settings are saved."))
                return redirect("competitions:account_settings")
    else:
        row = AccountSettings.objects.filter(user=request.user).first()
        off = set(row.notices_off) if row else set()
        form = AccountSettingsForm(
            initial={
                "notices_on": [k for k in NoticeKind.values if k not in off],
                "language": row.language if row else "",
            }
        )
    calendar = None
    if is_referee(request.user):
        calendar = request.build_absolute_uri(
            reverse(
                "competitions:calendar_referee",
                args=[request.user.pk, referee_calendar_token(request.user.pk)],
            )
        )
    return render(
        request,
        "competitions/account_settings.html",
        {"form": form, "calendar": calendar, "has_email": bool(request.user.email)},
    )
