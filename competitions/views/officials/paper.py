"""Sittings from paper (R15): an official keys in a variant sitting from its paper
sheet, for a table where nobody has an account. The same rules and form checks as
a player's sitting (``SittingForm``, ``services.sittings``); the official who keys
it in confirms it, and the sheet's note is kept."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from competitions.forms.accounts import PaperSittingForm
from competitions.selectors.sittings import game_names, players_offered
from competitions.services.sittings import sitting_record_from_paper
from competitions.views.officials.workspace import OFFICIALS_ONLY
from competitions.views.sittings import form_refusal, sitting_rules_check
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_problems
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import official_only


@official_only(OFFICIALS_ONLY)
@get_or_post
def sitting_paper(request: HttpRequest) -> HttpResponse:
    form = PaperSittingForm(request.POST or None)
    if request.method == "POST" and not form.is_valid():
        sitting_rules_check(form)  # every problem at once
    elif request.method == "POST":
        data = form.cleaned_data
        try:
            sitting = sitting_record_from_paper(
                user=request.user,
                date=data["date"],
                variant=data["variant"],
                name=data["name"],
                event=data["event"],
                results=data["results"],
                note=data["note"],
            )
        except ServiceError as error:
            form_refusal(form, error)
        else:
            messages.success(
                request,
                _("The sitting from the paper sheet is recorded and confirmed."),
            )
            return redirect("officials:sitting", pk=sitting.pk)
    return render(
        request,
        "competitions/officials/sitting_paper.html",
        {
            "form": form,
            "problems": form_problems([form]),
            "players_offered": players_offered(),
            "game_names": game_names(),
            "section": "free_games",
        },
        status=400 if form.is_bound else 200,
    )
