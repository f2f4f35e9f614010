"""The officials' schedule (R15): the filtered list of matches with a form to
schedule one, and a match's page to move, postpone or void it and assign its
referee. Views stay thin: form -> one service -> redirect or the refusal shown."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from competitions.forms.schedule import (
    MatchMoveForm,
    MatchPostponeForm,
    MatchScheduleForm,
    MatchVoidForm,
    RefereeForm,
    ScheduleFilterForm,
)
from competitions.models import Competition, Match
from competitions.selectors.schedule import SCHEDULED_KINDS, schedule_matches
from competitions.selectors.seasons import season_current
from competitions.services.finality import closings_of_match
from competitions.services.jury import match_refusal
from competitions.services.matches import match_void
from competitions.services.schedule import (
    match_move,
    match_postpone,
    match_referee_assign,
    match_schedule,
)
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.roles import official_only

PAGE = 50

OFFICIALS_ONLY = gettext_lazy("Only officials manage the schedule.")


@official_only(OFFICIALS_ONLY)
@get_or_post
def schedule(request: HttpRequest) -> HttpResponse:
    """The schedule, filtered by competition, season, team and dates; and a form to
    schedule a championship or Royal free match."""
    # Without a filter the schedule starts today; "show all" sends an empty "from".
    query = request.GET if request.GET else {"date_from": timezone.localdate()}
    filters = ScheduleFilterForm(query)
    chosen = filters.cleaned_data if filters.is_valid() else {}
    form = MatchScheduleForm(
        request.POST or None, season=chosen.get("season") or season_current()
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        if service_run(form, lambda: match_schedule(user=request.user, **data)):
            messages.success(
                request,
                _("%(a)s – %(b)s is scheduled on %(date)s.")
                % {
                    "a": data["team_a"].name,
                    "b": data["team_b"].name,
                    "date": human_date(data["date"]),
                },
            )
            return redirect(request.get_full_path())
    season = chosen.get("season")
    team = chosen.get("team")
    matches = schedule_matches(
        competition=chosen.get("competition"),
        season_year=season.year if season else None,
        team_id=team.pk if team else None,
        day_from=chosen.get("date_from"),
        day_to=chosen.get("date_to"),
    )
    page = Paginator(matches, PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "competitions/officials/schedule.html",
        {
            "filters": filters,
            "form": form,
            "page": page,
            "competitions": Competition.objects.filter(
                kind__in=SCHEDULED_KINDS
            ).select_related("season"),
            "section": "schedule",
        },
        status=400 if form.errors else 200,
    )


ACTIONS = {
    "move": MatchMoveForm,
    "postpone": MatchPostponeForm,
    "void": MatchVoidForm,
    "referee": RefereeForm,
}


def _act(request: HttpRequest, match: Match, action: str, form: forms.Form) -> bool:
    data, user = form.cleaned_data, request.user
    if action == "move":
        return service_run(form, lambda: match_move(match=match, user=user, **data))
    if action == "postpone":
        return service_run(form, lambda: match_postpone(match=match, user=user, **data))
    if action == "void":
        return service_run(
            form, lambda: match_void(match=match, user=user, reason=data["reason"])
        )
    return service_run(
        form,
        lambda: match_referee_assign(match=match, user=user, referee=data["referee"]),
    )


DONE = {
    "move": gettext_lazy("The match is moved."),
    "postpone": gettext_lazy("The match is postponed."),
    "void": gettext_lazy("The match is void; what followed from it is undone."),
    "referee": gettext_lazy("The referee is saved."),
}


@official_only(OFFICIALS_ONLY)
@get_or_post
def schedule_match(request: HttpRequest, pk: int) -> HttpResponse:
    """One match: move, postpone, void, referee; and its history."""
    match = get_object_or_404(
        Match.objects.select_related(
            "competition__season", "team_a", "team_b", "referee__player"
        ),
        pk=pk,
    )
    action = request.POST.get("action", "")
    initial = {
        "move": {
            "date": match.date,
            "time": match.time,
            "venue": match.venue,
            "public": match.public,
        },
        "referee": {"referee": match.referee},
    }
    extra = {"referee": {"season": match.competition.season}}
    forms_ = {
        name: cls(
            request.POST if action == name else None,
            initial=initial.get(name),
            auto_id=f"id_{name}_%s",  # four forms on one page: unique ids
            **extra.get(name, {}),
        )
        for name, cls in ACTIONS.items()
    }
    form = forms_.get(action)
    if form is not None and form.is_valid() and _act(request, match, action, form):
        messages.success(request, str(DONE[action]))
        return redirect("officials:schedule_match", pk=match.pk)
    history = list(
        match.history.select_related("history_user__player").order_by("-history_date")[
            :20
        ]
    )
    return render(
        request,
        "competitions/officials/schedule_match.html",
        {
            "match": match,
            "forms": forms_,
            "history": history,
            "refusal": match_refusal(match),
            "closings": closings_of_match(match),
            "section": "schedule",
        },
        status=400 if form is not None and form.errors else 200,
    )
