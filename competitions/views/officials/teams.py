"""Teams and their rosters per season for officials (R15): create and rename teams,
put players in the driver's, catcher's and substitute's places, remove them, and
start a season's rosters from another's. A change that contradicts a played match is
refused on the page, naming the matches."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.forms.accounts import AccountReasonForm, CaptainForm
from competitions.forms.officials import PlaceForm, RosterCopyForm, TeamForm
from competitions.models import Membership, Season, Team, TeamCaptain
from competitions.selectors.accounts import account_name
from competitions.selectors.seasons import season_current, season_or_404
from competitions.selectors.sittings import players_offered
from competitions.selectors.teams import season_captains, team_members
from competitions.selectors.workspace import season_rosters
from competitions.services.rosters import (
    membership_remove,
    membership_set,
    roster_copy,
    team_create,
    team_update,
)
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.roles import official_only


def _teams_page(
    request: HttpRequest,
    season: Season,
    *,
    form: forms.Form | None = None,
    copy_form: forms.Form | None = None,
) -> HttpResponse:
    others = Season.objects.exclude(pk=season.pk).order_by("-year")
    context = {
        "season": season,
        "seasons": Season.objects.order_by("-year"),
        "rosters": season_rosters(season),
        "form": form or TeamForm(prefix="new"),
        "copy_form": copy_form
        or RosterCopyForm(prefix="copy", initial={"source": others.first()}),
        "can_copy": others.exists(),
    }
    status = 400 if form is not None or copy_form is not None else 200
    return render(request, "competitions/officials/teams.html", context, status=status)


@official_only(OFFICIALS_ONLY)
@get_only
def teams_current(request: HttpRequest) -> HttpResponse:
    season = season_current()
    if season is None:
        messages.info(request, _("Create a season first."))
        return redirect("officials:seasons")
    return redirect("officials:teams", year=season.year)


@official_only(OFFICIALS_ONLY)
@get_or_post
def team_list(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    if request.method != "POST":
        return _teams_page(request, season)
    form = TeamForm(request.POST, prefix="new")
    if form.is_valid():
        data = form.cleaned_data
        team = service_run(
            form,
            lambda: team_create(
                name=data["name"], club=data["club"], user=request.user
            ),
        )
        if isinstance(team, Team):
            messages.success(
                request,
                _("%(team)s is created: fill its roster.") % {"team": team.name},
            )
            return redirect("officials:team", year=year, pk=team.pk)
    return _teams_page(request, season, form=form)


@official_only(OFFICIALS_ONLY)
@require_POST
def roster_copy_view(request: HttpRequest, year: int) -> HttpResponse:
    season = season_or_404(year)
    form = RosterCopyForm(request.POST, prefix="copy")
    if form.is_valid():
        done = service_run(
            form,
            lambda: roster_copy(
                source=form.cleaned_data["source"], target=season, user=request.user
            ),
        )
        if isinstance(done, dict):
            messages.success(
                request,
                _("%(copied)s roster places copied, %(skipped)s left out.") % done,
            )
            return redirect("officials:teams", year=year)
    return _teams_page(request, season, copy_form=form)


def team_page(
    request: HttpRequest,
    season: Season,
    team: Team,
    *,
    form: forms.Form | None = None,
    place_form: forms.Form | None = None,
    captain_form: forms.Form | None = None,
    remove_form: forms.Form | None = None,
) -> HttpResponse:
    """The team's season: its roster, its captain and the team itself."""
    places = {
        m.role: m
        for m in Membership.objects.filter(season=season, team=team).select_related(
            "player"
        )
    }
    members = team_members(season.pk, team)
    captain = season_captains(season.pk).get(team.pk)
    context = {
        "season": season,
        "team": team,
        "places": [
            (value, label, places.get(value))
            for value, label in Membership.Role.choices
        ],
        "form": form or TeamForm(initial={"name": team.name, "club": team.club}),
        "place_form": place_form or PlaceForm(prefix="place"),
        "players_offered": players_offered(),
        "captain": captain,
        "captain_name": account_name(captain.user) if captain else "",
        "members": members,
        "captain_form": captain_form
        or CaptainForm(
            prefix="captain",
            members=members,
            initial={"player": getattr(getattr(captain, "user", None), "player", None)},
        ),
        "remove_form": remove_form or AccountReasonForm(prefix="nocaptain"),
        "captain_history": list(
            TeamCaptain.history.filter(season_id=season.pk, team_id=team.pk)
            .select_related("history_user__player", "user__player")
            .order_by("-history_date")[:10]
        ),
    }
    bound = (form, place_form, captain_form, remove_form)
    status = 400 if any(f is not None for f in bound) else 200
    return render(request, "competitions/officials/team.html", context, status=status)


@official_only(OFFICIALS_ONLY)
@get_or_post
def team_edit(request: HttpRequest, year: int, pk: int) -> HttpResponse:
    season = season_or_404(year)
    team = get_object_or_404(Team, pk=pk)
    if request.method != "POST":
        return team_page(request, season, team)
    form = TeamForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        if service_run(
            form,
            lambda: team_update(
                team=team, name=data["name"], club=data["club"], user=request.user
            ),
        ):
            messages.success(request, _("The team is saved."))
            return redirect("officials:team", year=year, pk=pk)
        team.refresh_from_db()
    return team_page(request, season, team, form=form)


@official_only(OFFICIALS_ONLY)
@require_POST
def team_place(request: HttpRequest, year: int, pk: int) -> HttpResponse:
    season = season_or_404(year)
    team = get_object_or_404(Team, pk=pk)
    form = PlaceForm(request.POST, prefix="place")
    if form.is_valid():
        data = form.cleaned_data
        if service_run(
            form,
            lambda: membership_set(
                season=season,
                team=team,
                role=data["role"],
                player=data["player"],
                user=request.user,
            ),
        ):
            messages.success(
                request,
                _("%(player)s is the team's %(role)s in %(year)s.")
                % {
                    "player": data["player"].name,
                    "role": Membership.Role(data["role"]).label,
                    "year": year,
                },
            )
            return redirect("officials:team", year=year, pk=pk)
    return team_page(request, season, team, place_form=form)


@official_only(OFFICIALS_ONLY)
@require_POST
def team_place_remove(
    request: HttpRequest, year: int, pk: int, role: str
) -> HttpResponse:
    season = season_or_404(year)
    membership = get_object_or_404(
        Membership.objects.select_related("player", "season"),
        season=season,
        team_id=pk,
        role=role,
    )
    try:
        membership_remove(membership=membership, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("%(player)s left the roster.") % {"player": membership.player.name},
        )
    return redirect(reverse("officials:team", kwargs={"year": year, "pk": pk}))
