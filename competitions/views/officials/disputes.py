"""The officials' disputes (R15): the disputed results with the captains' notes and
the match's hands, and "resolve" with a note, which closes the dispute for both
teams."""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.forms.schedule import DisputeResolveForm
from competitions.models import Match
from competitions.selectors.disputes import disputed_matches
from competitions.services.disputes import dispute_resolve
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.roles import official_only

PAGE = 25

OFFICIALS_ONLY = gettext_lazy("Only officials settle disputes.")


@official_only(OFFICIALS_ONLY)
@get_only
def disputes(request: HttpRequest) -> HttpResponse:
    page = Paginator(disputed_matches(), PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "competitions/officials/disputes.html",
        {"page": page, "form": DisputeResolveForm(), "section": "disputes"},
    )


@official_only(OFFICIALS_ONLY)
@get_or_post
def dispute_resolve_view(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("competition__season", "team_a", "team_b"), pk=pk
    )
    form = DisputeResolveForm(request.POST or None)
    if (
        request.method == "POST"
        and form.is_valid()
        and service_run(
            form,
            lambda: dispute_resolve(
                match=match, user=request.user, note=form.cleaned_data["note"]
            ),
        )
    ):
        messages.success(
            request,
            _("The dispute of %(match)s is resolved for both teams.")
            % {"match": f"{match.team_a.name} – {match.team_b.name}"},
        )
        return redirect("officials:disputes")
    rows = list(match.results.select_related("team", "answered_by__player"))
    return render(
        request,
        "competitions/officials/dispute_resolve.html",
        {"match": match, "rows": rows, "form": form, "section": "disputes"},
        status=400 if form.errors else 200,
    )
