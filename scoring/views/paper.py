"""The paper fallback: a match's A4 score sheet as a printable page and as a PDF
(WeasyPrint), for whoever may see the match (R15: the public for a match played in
public or approved by the jury; officials, the jury, its referee and captains)."""

from __future__ import annotations

from typing import Any

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.text import slugify
from django.utils.translation import gettext as _

from competitions.models import Match
from competitions.selectors.matches import match_visible_to
from scoring.selectors.paper import paper_sheet
from tarokk_admin.core.methods import get_only

SHEET_CSS = "css/sheet.css"


def _visible_match(request: HttpRequest, pk: int) -> Match:
    match = (
        Match.objects.select_related(
            "competition__season", "team_a", "team_b", "jury_approval", "referee"
        )
        .filter(pk=pk)
        .first()
    )
    if match is None or not match_visible_to(match, request.user):
        raise Http404(_("There is no such match."))
    return match


def _context(match: Match, *, pdf: bool) -> dict:
    return {"match": match, "sheet": paper_sheet(match), "pdf": pdf}


@get_only
def match_sheet_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The sheet as a page of its own, laid out for printing on A4."""
    match = _visible_match(request, pk)
    return render(request, "scoring/match_sheet.html", _context(match, pdf=False))


def sheet_document(match: Match, request: HttpRequest | None = None) -> Any:
    """The sheet laid out by WeasyPrint (one A4 page; ``.pages`` counts them)."""
    from weasyprint import CSS, HTML  # heavy; only the PDF needs it

    html = render_to_string(
        "scoring/match_sheet.html", _context(match, pdf=True), request=request
    )
    stylesheet = CSS(filename=finders.find(SHEET_CSS))
    return HTML(string=html).render(stylesheets=[stylesheet])


@get_only
def match_sheet_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The same sheet as a PDF download."""
    match = _visible_match(request, pk)
    pdf = sheet_document(match, request).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    name = slugify(f"{match.date} {match.team_a.name} {match.team_b.name}")
    response["Content-Disposition"] = f'attachment; filename="sheet-{name}.pdf"'
    return response
