"""The jury's approval of a correction after closing (R15): a match of a closed
competition is corrected only once the jury approved it with a reason."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from competitions.forms.closings import CorrectionApprovalForm
from competitions.models import ClosingCorrection, Match
from competitions.services.closings import closing_correction_approve
from competitions.services.finality import closings_of_match
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import is_jury, role_required


@role_required(is_jury, lambda: _("Only the jury approves a correction after closing."))
@get_or_post
def correction_approve(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("competition__season", "team_a", "team_b"), pk=pk
    )
    form = CorrectionApprovalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            closing_correction_approve(
                match=match, user=request.user, reason=form.cleaned_data["reason"]
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(
                request,
                _("The correction of %(m)s is approved: it may now be corrected.")
                % {"m": match},
            )
            return redirect("jury:correction", pk=pk)
    return render(
        request,
        "scoring/jury_correction.html",
        {
            "match": match,
            "closings": closings_of_match(match),
            "approvals": list(
                ClosingCorrection.objects.filter(match=match).select_related(
                    "approved_by__player"
                )
            ),
            "form": form,
        },
        status=400 if form.is_bound else 200,
    )
