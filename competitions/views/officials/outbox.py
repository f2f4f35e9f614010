"""E-mails and follow-ups in the workspace: the notices that failed and the
follow-ups of the outbox still undelivered, each sent or delivered again with its
result shown, through the same services the admin's actions use
(``notice_delivery.notice_send``, ``core.background.followup_deliver``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.models import Notice
from competitions.selectors.outbox import followups_stuck, notices_unsent
from competitions.services.notice_delivery import notice_send
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.background import followup_deliver
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.models import Followup
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import official_only


def _send(request: HttpRequest, ids: list[int]) -> None:
    sent = [pk for pk in ids if notice_send(notice_id=pk, again=True)]
    failed = Notice.objects.filter(pk__in=ids).exclude(pk__in=sent)
    if sent:
        messages.success(
            request,
            ngettext("%(n)s e-mail sent.", "%(n)s e-mails sent.", len(sent))
            % {"n": len(sent)},
        )
    for notice in failed:
        messages.error(
            request,
            _("Not sent to %(email)s: %(error)s")
            % {"email": notice.email, "error": notice.last_error or notice.status},
        )


def _deliver(request: HttpRequest, ids: list[int]) -> None:
    done = [pk for pk in ids if followup_deliver(pk)]
    if done:
        messages.success(
            request,
            ngettext(
                "%(n)s follow-up delivered.", "%(n)s follow-ups delivered.", len(done)
            )
            % {"n": len(done)},
        )
    for row in Followup.objects.filter(pk__in=ids).exclude(pk__in=done):
        messages.error(
            request,
            _("Follow-up %(kind)s #%(id)s is not delivered: %(error)s")
            % {
                "kind": row.kind,
                "id": row.pk,
                "error": row.last_error[:300]
                or _("delivered already or being delivered"),
            },
        )


@official_only(OFFICIALS_ONLY)
@get_or_post
def outbox(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        action = request.POST.get("action", "")
        one = whole_number(request.POST.get("id"))
        if action == "notice":
            _send(request, [one] if one else [n.pk for n in notices_unsent()])
        elif action == "followup":
            _deliver(request, [one] if one else [f.pk for f in followups_stuck()])
        else:
            messages.error(request, _("Unknown action."))
        return redirect("officials:outbox")
    return render(
        request,
        "competitions/officials/outbox.html",
        {
            "notices": list(notices_unsent()),
            "followups": list(followups_stuck()),
            "section": "outbox",
        },
    )
