"""A variant sitting's page, its correction and its void (R15). They live in the
wiring because a sitting's trophies (R14) belong to the trophies app: the page lists
them, and correcting or voiding the sitting asks what becomes of them.

The same correction and void pages serve the recorder (before confirmation, under
``/free-games/``) and officials (at any time, under ``/officials/free-games/``); the
services decide who may do what.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.forms.free_games import SittingForm
from competitions.models import VariantSitting
from competitions.selectors.sittings import (
    SittingRights,
    sitting_detail,
    sitting_history,
    sitting_rights,
)
from competitions.views.sittings import (
    form_refusal,
    sitting_form_context,
    sitting_rules_check,
)
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.roles import official_only, refuse
from trophies.forms import SittingCorrectSettlingForm, SittingVoidSettlingForm
from trophies.selectors import sitting_trophies
from trophies.services.sittings import sitting_correct_settling, sitting_void_settling

OFFICIALS_ONLY = gettext_lazy("Only officials may correct confirmed sittings.")


def _sitting(request: HttpRequest, pk: int) -> tuple[VariantSitting, SittingRights]:
    sitting = sitting_detail(pk)
    if sitting is None:
        raise Http404(_("There is no such sitting."))
    rights = sitting_rights(sitting, request.user)
    if not rights.see:
        # A sitting awaiting confirmation (or void) counts nowhere: only its table,
        # its recorder and officials see it.
        raise Http404(_("There is no such sitting."))
    return sitting, rights


def _may_change(request: HttpRequest, rights: SittingRights) -> None:
    if not rights.correct:
        refuse(
            request,
            _(
                "Only the player who recorded this sitting may change it before it is "
                "confirmed; after that, an official."
            ),
        )


@get_only
def sitting_page(request: HttpRequest, pk: int) -> HttpResponse:
    sitting, rights = _sitting(request, pk)
    show_history = rights.official or rights.at_table or rights.recorder
    return render(
        request,
        "competitions/sittings/detail.html",
        {
            "sitting": sitting,
            "rights": rights,
            "trophies": sitting_trophies(sitting),
            "history": sitting_history(sitting) if show_history else [],
            "show_history": show_history,
            "officials": request.resolver_match.namespace == "officials",
            "section": "free_games",
        },
    )


def _after(request: HttpRequest, sitting: VariantSitting) -> HttpResponse:
    if request.resolver_match.namespace == "officials":
        return redirect("officials:sitting", pk=sitting.pk)
    return redirect("sitting", pk=sitting.pk)


@get_or_post
def sitting_correct_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Correct a sitting with a reason; when it has trophies, say what becomes of
    them (R14, R15)."""
    sitting, rights = _sitting(request, pk)
    _may_change(request, rights)
    trophies = sitting_trophies(sitting)
    form = SittingCorrectSettlingForm(
        request.POST or None,
        initial=SittingForm.initial_for(sitting),
        trophies=len(trophies),
    )
    if request.method == "POST" and not form.is_valid():
        sitting_rules_check(form)
    elif request.method == "POST":
        data = form.cleaned_data
        try:
            sitting_correct_settling(
                sitting=sitting,
                user=request.user,
                reason=data["reason"],
                date=data["date"],
                variant=data["variant"],
                name=data["name"],
                event=data["event"],
                results=data["results"],
                trophies=data.get("trophies", ""),
            )
        except ServiceError as error:
            form_refusal(form, error)
        else:
            messages.success(request, _("The sitting is corrected."))
            return _after(request, sitting)
    context = sitting_form_context(form)
    context.update({"sitting": sitting, "trophies": trophies, "correcting": True})
    return render(request, "competitions/sittings/form.html", context)


@get_or_post
def sitting_void_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Void a sitting with a reason; when it has trophies, withdraw or move them."""
    sitting, rights = _sitting(request, pk)
    _may_change(request, rights)
    trophies = sitting_trophies(sitting)
    form = SittingVoidSettlingForm(
        request.POST or None, sitting=sitting, trophies=len(trophies)
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            sitting_void_settling(
                sitting=sitting,
                user=request.user,
                reason=data["reason"],
                trophies=data.get("trophies", ""),
                move_to=data.get("move_to"),
            )
        except ServiceError as error:
            form_error_add(form, error)
        else:
            messages.success(request, _("The sitting is void: it counts nowhere."))
            return _after(request, sitting)
    return render(
        request,
        "competitions/sittings/void.html",
        {
            "form": form,
            "sitting": sitting,
            "trophies": trophies,
            "section": "free_games",
        },
    )


officials_sitting_page = official_only(OFFICIALS_ONLY)(sitting_page)
officials_sitting_correct = official_only(OFFICIALS_ONLY)(sitting_correct_view)
officials_sitting_void = official_only(OFFICIALS_ONLY)(sitting_void_view)
