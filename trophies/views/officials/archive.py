"""Officials look after the trophies brought in from the federation's archive (R14):
the list (by player and year), and one award's page to correct or withdraw it with
a reason, with its history. Withdrawn awards stay in their history, listed here."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.utils.translation import gettext_lazy as _lazy

from scoring.engine import feast_name
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.people import person_name
from tarokk_admin.core.roles import official_only
from tarokk_admin.core.words import shown
from trophies.forms import ArchiveAwardCorrectForm, ArchiveAwardWithdrawForm
from trophies.models import TrophyAward
from trophies.selectors import archive_awards, archive_awards_withdrawn
from trophies.services.archive_awards import (
    trophy_archive_correct,
    trophy_archive_withdraw,
)

OFFICIALS_ONLY = gettext_lazy("Only officials look after the archive's trophies.")
PER_PAGE = 50


@official_only(OFFICIALS_ONLY)
@get_only
def archive_trophies(request: HttpRequest) -> HttpResponse:
    """The archive's awards, newest first, by player name and year."""
    q = request.GET.get("q", "")[:100].replace("\x00", "")
    year = whole_number(request.GET.get("year", ""), max_digits=4)
    paginator = Paginator(archive_awards(q=q, year=year), PER_PAGE)
    page = paginator.get_page(request.GET.get("page"))
    return render(
        request,
        "trophies/archive_list.html",
        {
            "page": page,
            "q": q,
            "year": year or "",
            "withdrawn": [_history_row(row) for row in archive_awards_withdrawn()],
        },
    )


def _award(pk: int) -> TrophyAward:
    award = (
        TrophyAward.objects.select_related("player", "partner", "import_run")
        .filter(pk=pk, source=TrophyAward.Source.ARCHIVE)
        .first()
    )
    if award is None:
        raise Http404(_("There is no archive trophy with this number."))
    return award


def _post(request: HttpRequest, award: TrophyAward, forms: dict[str, Any]) -> bool:
    """Apply the posted correction or withdrawal; True when it succeeded."""
    action = request.POST.get("action")
    form = forms.get(action or "")
    if form is None or not form.is_valid():
        return False
    data, user = form.cleaned_data, request.user
    if action == "withdraw":
        return bool(
            service_run(
                form,
                lambda: trophy_archive_withdraw(
                    award=award, user=user, reason=data["reason"]
                ),
            )
        )
    return bool(
        service_run(
            form, lambda: trophy_archive_correct(award=award, user=user, **data)
        )
    )


HISTORY_TYPES = {
    "+": _lazy("entered"),
    "~": _lazy("corrected"),
    "-": pgettext_lazy("a trophy", "withdrawn from the list"),
}


def _history_row(row: Any) -> dict[str, Any]:
    """One version of the award as the page lists it, in the reader's language."""
    return {
        "when": row.history_date,
        "who": person_name(row.history_user) or "—",
        "what": HISTORY_TYPES.get(row.history_type, row.history_type),
        "date": row.date,
        "player": row.player.name if row.player else "—",
        "trophy": feast_name(row.feast),
        "event": row.event,
        "reason": shown(row.history_change_reason),
    }


@official_only(OFFICIALS_ONLY)
@get_or_post
def archive_trophy(request: HttpRequest, pk: int) -> HttpResponse:
    """One archive award: correct it or withdraw it, each with a reason; its history."""
    award = _award(pk)
    posted = request.method == "POST"
    action = request.POST.get("action") if posted else None
    correct = ArchiveAwardCorrectForm(
        request.POST if action == "correct" else None,
        initial=ArchiveAwardCorrectForm.initial_for(award),
        prefix="correct",
    )
    withdraw = ArchiveAwardWithdrawForm(
        request.POST if action == "withdraw" else None, prefix="withdraw"
    )
    if posted and _post(request, award, {"correct": correct, "withdraw": withdraw}):
        if action == "withdraw":
            messages.success(
                request, _("The trophy is withdrawn from the trophy list.")
            )
            return redirect("officials:archive_trophies")
        messages.success(request, _("The trophy is corrected."))
        return redirect("officials:archive_trophy", pk=pk)
    history = award.history.select_related("history_user__player", "player").order_by(
        "-history_date"
    )
    return render(
        request,
        "trophies/archive_award.html",
        {
            "award": award,
            "correct": correct,
            "withdraw": withdraw,
            "history": [_history_row(row) for row in history[:50]],
        },
        status=400 if posted else 200,
    )
