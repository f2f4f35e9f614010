"""The roll of honour (issues 22, 23): every year on one page, newest first, and a
page and an A4 PDF (WeasyPrint, like the paper score sheet) per year in the
reader's language — the champion and places, the cup's winner, finalist and two
bronzes, each Grand Prix's winners, the free-games winners per table, and the
trophy cups reached that year (R14). The app's closed years and the archive's
come from ``competitions.selectors.honours``; officials mark each honour presented
from the year's page."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.selectors.honours import YearRoll, honour_roll_year, honour_rolls
from competitions.services.honours import honour_presented_set
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.methods import get_only, post_only
from tarokk_admin.core.roles import is_official, official_only
from trophies.models import TrophyCup

ROLL_CSS = "css/honours.css"

OFFICIALS_ONLY = gettext_lazy("Only officials mark honours as presented.")


def _cups(year: int) -> list[TrophyCup]:
    """The trophy cups reached in ``year`` (R14), the greatest first."""
    return list(
        TrophyCup.objects.filter(date__year=year)
        .select_related("player")
        .order_by("-threshold", "date", "player__name")
    )


def _year(year: int) -> tuple[YearRoll | None, list[TrophyCup]]:
    roll = honour_roll_year(year)
    if roll is None:
        raise Http404(_("The roll of honour has no year %(year)s.") % {"year": year})
    return roll, _cups(year)


@get_only
def honours_index(request: HttpRequest) -> HttpResponse:
    """Every year on the roll, newest first, with each competition's winners."""
    return render(
        request, "honours/index.html", {"rolls": honour_rolls(), "section": "honours"}
    )


@get_only
def honours_year(request: HttpRequest, year: int) -> HttpResponse:
    """The year's whole roll; officials mark each honour presented here."""
    roll, cups = _year(year)
    return render(
        request,
        "honours/year.html",
        {
            "roll": roll,
            "cups": cups,
            "official": is_official(request.user),
            "section": "honours",
        },
    )


def honours_document(roll: YearRoll, cups: list[TrophyCup], request: Any) -> Any:
    """The year's roll laid out by WeasyPrint on A4."""
    from weasyprint import CSS, HTML  # heavy; only the PDF needs it

    html = render_to_string(
        "honours/year_pdf.html", {"roll": roll, "cups": cups}, request=request
    )
    stylesheet = CSS(filename=finders.find(ROLL_CSS))
    return HTML(string=html).render(stylesheets=[stylesheet])


@get_only
def honours_year_pdf(request: HttpRequest, year: int) -> HttpResponse:
    """The year's roll as an A4 PDF in the reader's language."""
    roll, cups = _year(year)
    pdf = honours_document(roll, cups, request).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    name = _("roll-of-honour")
    response["Content-Disposition"] = f'attachment; filename="{name}-{year}.pdf"'
    return response


@official_only(OFFICIALS_ONLY)
@post_only
def honour_presented(request: HttpRequest, year: int) -> HttpResponse:
    """Mark one honour of the year's roll presented, or take the mark back."""
    try:
        honour_presented_set(
            year=year,
            key=request.POST.get("key", "")[:64],
            presented=request.POST.get("presented") != "0",
            user=request.user,
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The roll of honour is updated."))
    return redirect("honours_year", year=year)
