"""The jury's record: the approvals it gave (R15), newest first, each linked to its
match. A juror sees their own; an official sees every approval."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from competitions.models import JuryApproval
from tarokk_admin.core.methods import get_only
from tarokk_admin.core.roles import is_jury, is_official, role_required

PAGE = 50


@role_required(is_jury, lambda: _("This page is for the jury and officials."))
@get_only
def jury_approvals_given(request: HttpRequest) -> HttpResponse:
    approvals = JuryApproval.objects.select_related(
        "match__team_a", "match__team_b", "match__competition__season", "approved_by"
    ).order_by("-approved_at", "-id")
    everyone = is_official(request.user)
    if not everyone:
        approvals = approvals.filter(approved_by=request.user)
    page = Paginator(approvals, PAGE).get_page(request.GET.get("page"))
    return render(
        request, "scoring/jury_given.html", {"page": page, "everyone": everyone}
    )
