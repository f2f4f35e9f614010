"""A captain's own page (``/accounts/captaincy/``): the teams they captain this
season and later, and handing a team over to a successor, one of its members of
the season (the successor gets the Team captain role)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.forms.accounts import CaptainForm
from competitions.models import TeamCaptain
from competitions.selectors.teams import team_members
from competitions.services.captains import team_captain_set
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import form_error_add
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import refuse


def _successors(request: HttpRequest, row: TeamCaptain) -> list:
    """The team's other members of the season who have an account (an official
    invites the others)."""
    return [
        p
        for p in team_members(row.season_id, row.team)
        if p.user_id and p.user_id != request.user.pk
    ]


def _form(request: HttpRequest, row: TeamCaptain, data: object = None) -> CaptainForm:
    return CaptainForm(
        data,
        prefix=f"c{row.pk}",
        members=_successors(request, row),
        label=_("The new captain"),
    )


def _forms(request: HttpRequest, rows: list[TeamCaptain], bound: dict) -> list:
    return [(row, bound.get(row.pk) or _form(request, row)) for row in rows]


@get_or_post
def captaincy(request: HttpRequest) -> HttpResponse:
    """The signed-in captain's teams; POST hands one over to a successor."""
    if not request.user.is_authenticated:
        refuse(request, "")
    rows = list(
        TeamCaptain.objects.filter(
            user=request.user, season__year__gte=timezone.localdate().year
        )
        .select_related("team", "season")
        .order_by("season__year", "team__name")
    )
    bound: dict[int, CaptainForm] = {}
    if request.method == "POST":
        row = get_object_or_404(
            TeamCaptain.objects.select_related("team", "season"),
            pk=whole_number(request.POST.get("captaincy")) or 0,
            user=request.user,
        )
        form = _form(request, row, request.POST)
        if form.is_valid():
            try:
                team_captain_set(
                    season=row.season,
                    team=row.team,
                    player=form.cleaned_data["player"],
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                )
            except ServiceError as error:
                form_error_add(form, error)
            else:
                messages.success(
                    request,
                    _("%(name)s captains %(team)s in %(year)s now.")
                    % {
                        "name": form.cleaned_data["player"].name,
                        "team": row.team.name,
                        "year": row.season.year,
                    },
                )
                return redirect("competitions:captaincy")
        bound[row.pk] = form
    return render(
        request,
        "competitions/captaincy.html",
        {"items": _forms(request, rows, bound)},
        status=400 if bound else 200,
    )
