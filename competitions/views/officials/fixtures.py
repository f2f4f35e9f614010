"""A competition's officials' page: its matches and scheduling them in bulk from a
fixtures file (HAND_RECORD.md "Fixtures file (CSV)"), all or nothing."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from competitions.forms.schedule import FixturesForm
from competitions.models import Competition
from competitions.selectors.schedule import SCHEDULED_KINDS, schedule_matches
from competitions.services.fixtures import FixturesOutcome, fixtures_import
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.problems import problem_where
from tarokk_admin.core.roles import official_only

OFFICIALS_ONLY = gettext_lazy("Only officials manage the schedule.")


@official_only(OFFICIALS_ONLY)
@get_or_post
def competition_manage(request: HttpRequest, pk: int) -> HttpResponse:
    competition = get_object_or_404(Competition.objects.select_related("season"), pk=pk)
    form = FixturesForm(request.POST or None, request.FILES or None)
    outcome: FixturesOutcome | None = None
    if request.method == "POST" and form.is_valid():
        try:
            outcome = fixtures_import(
                competition=competition,
                content=form.cleaned_data["file"],
                user=request.user,
            )
        except ServiceError as error:
            form.add_error("file", error.message)
        if outcome is not None and outcome.ok:
            text = ngettext(
                "%(n)s match scheduled.",
                "%(n)s matches scheduled.",
                len(outcome.scheduled),
            ) % {"n": len(outcome.scheduled)}
            messages.success(request, text)
            for row in outcome.present:
                messages.info(
                    request,
                    _("Line %(line)s: %(message)s")
                    % {"line": row.line, "message": row.message},
                )
            return redirect("officials:competition", pk=competition.pk)
    matches = schedule_matches(competition=competition)[:200]
    return render(
        request,
        "competitions/officials/competition.html",
        {
            "competition": competition,
            "form": form,
            "outcome": outcome,
            # Each problem with its line and column in words, as every import says.
            "problems": [
                problem.described(problem_where(problem))
                for problem in (outcome.problems if outcome else [])
            ],
            "matches": matches,
            "schedulable": competition.kind in SCHEDULED_KINDS,
            "section": "schedule",
        },
        status=400 if form.errors or (outcome and not outcome.ok) else 200,
    )
