"""Pages for officials (issue 5): bringing played matches in from a matches file."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.forms.imports import MatchesImportForm
from scoring.services.imports.store import (
    ImportOutcome,
    matches_file_parse,
    matches_import,
)
from tarokk_admin.core.roles import is_official, role_required

# Anonymous visitors go to the login page; other roles get a 403 saying why.
official_required = role_required(
    is_official, lambda: _("Only officials may import matches.")
)


def _where(path: str) -> str:
    """Paths count from 0; people count matches and hands from 1."""
    parts = path.split("/")
    words = []
    if len(parts) > 2 and parts[1] == "matches" and parts[2].isdigit():
        words.append(_("match %(n)s of the file") % {"n": int(parts[2]) + 1})
        if len(parts) > 5 and parts[4] == "hands" and parts[5].isdigit():
            words.append(_("hand %(n)s") % {"n": int(parts[5]) + 1})
    return ", ".join(words)


@official_required
def matches_import_view(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = (
        MatchesImportForm(request.POST, request.FILES)
        if posted
        else MatchesImportForm()
    )
    outcome: ImportOutcome | None = None
    if posted and form.is_valid():
        data, error = matches_file_parse(
            form.cleaned_data["content"], source=form.cleaned_data["source"]
        )
        outcome = (
            ImportOutcome(errors=[error])
            if error
            else matches_import(data=data, user=request.user)
        )
        if outcome.ok:
            text = ngettext(
                "%(n)s match imported.", "%(n)s matches imported.", outcome.imported
            ) % {"n": outcome.imported}
            if outcome.present:
                text += " " + ngettext(
                    "%(n)s match of the file was already stored and was not "
                    "imported again.",
                    "%(n)s matches of the file were already stored and were not "
                    "imported again.",
                    outcome.present,
                ) % {"n": outcome.present}
            messages.success(request, text)
            return redirect("officials:import")
    if outcome is not None:
        for error in outcome.errors:
            error["where"] = _where(error["path"])
    status = 400 if outcome is not None or form.errors else 200
    return render(
        request,
        "competitions/officials/import.html",
        {"form": form, "outcome": outcome},
        status=status,
    )
