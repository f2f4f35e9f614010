"""Hungarian Cup pages (R15): the public bracket and its API, registration for
captains, and the officials' pages for the draw, withdrawals, deadlines and a tie's
matches. Views stay thin: form -> one service -> render or show the error."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.forms_cup import DeadlineForm, PlacementForm, TieMatchForm
from competitions.models import (
    Competition,
    CupRegistration,
    CupTie,
    Membership,
    Season,
    Team,
)
from competitions.permissions import captain_team_ids, is_official
from competitions.selectors_cup import cup_api, cup_of_year, cup_view
from competitions.services import ServiceError
from competitions.services.cup import (
    active_registrations,
    cup_draw,
    cup_ensure,
    cup_is_drawn,
    cup_match_schedule,
    cup_register,
    cup_round_deadline_set,
    cup_withdraw,
    registration_refusal,
)
from tarokk_admin.api import BadParameter, api_get
from tarokk_admin.params import whole_number


def cup_current(request: HttpRequest) -> HttpResponse:
    """/cup/: the latest season's cup, or a page saying there is none yet."""
    cup = (
        Competition.objects.filter(kind=Competition.Kind.CUP)
        .select_related("season")
        .order_by("-season__year")
        .first()
    )
    if cup is not None:
        return redirect("cup:bracket", year=cup.season.year)
    return render(request, "competitions/cup/none.html", status=200)


def cup_bracket(request: HttpRequest, year: int) -> HttpResponse:
    cup = cup_of_year(year)
    if cup is None:
        raise Http404(_("There is no cup in %(year)s.") % {"year": year})
    view = cup_view(cup)
    seasons = Competition.objects.filter(kind=Competition.Kind.CUP).values_list(
        "season__year", flat=True
    )
    return render(
        request,
        "competitions/cup/bracket.html",
        {
            "view": view,
            "year": year,
            "years": sorted(seasons, reverse=True),
            "official": is_official(request.user),
            "can_register": bool(
                request.user.is_authenticated
                and (is_official(request.user) or captain_team_ids(request.user))
            ),
        },
    )


@api_get
def cup_api_view(request: HttpRequest, year: str) -> JsonResponse:
    """GET /api/cup/<year>/ (HAND_RECORD.md "Cup API"); not a year: 400 JSON; no cup
    that year: 404 JSON."""
    number = whole_number(year, max_digits=4)
    if number is None:
        raise BadParameter(
            _("The year must be written in digits, such as 2025, not %(value)s.")
            % {"value": year[:20]}
        )
    data = cup_api(number)
    if data is None:
        return JsonResponse(
            {"error": _("There is no cup in %(year)s.") % {"year": year}}, status=404
        )
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def _int(value: str | None) -> int:
    """A posted id; 0 (which matches nothing) when it is not a whole number."""
    return whole_number(value) or 0


def _season(year: int) -> Season:
    return get_object_or_404(Season, year=year)


@login_required
def cup_register_view(request: HttpRequest, year: int) -> HttpResponse:
    """A captain registers a team's driver and catcher (R15); officials any team."""
    season = _season(year)
    official = is_official(request.user)
    own = captain_team_ids(request.user)
    if not official and not own:
        raise PermissionDenied(_("Only team captains and officials register teams."))
    cup = cup_of_year(year)
    teams = Team.objects.all() if official else Team.objects.filter(pk__in=own)
    pairs: dict[int, dict[str, object]] = {}
    for m in Membership.objects.filter(
        season=season,
        team__in=teams,
        role__in=[Membership.Role.DRIVER, Membership.Role.CATCHER],
    ).select_related("player", "team"):
        pairs.setdefault(m.team_id, {"team": m.team})[m.role] = m.player
    if request.method == "POST":
        pair = pairs.get(_int(request.POST.get("team")))
        if cup is None:
            messages.error(
                request, _("There is no cup in %(year)s yet.") % {"year": year}
            )
        elif pair is None or "driver" not in pair or "catcher" not in pair:
            messages.error(
                request,
                _(
                    "Choose one of your teams that has a driver and a catcher this season."
                ),
            )
        else:
            try:
                cup_register(
                    cup=cup,
                    team=pair["team"],
                    driver=pair["driver"],
                    catcher=pair["catcher"],
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                messages.success(
                    request,
                    _("%(team)s is registered for the %(year)s cup.")
                    % {"team": pair["team"], "year": year},
                )
        return redirect("cup:register", year=year)
    registered = (
        {r.team_id for r in active_registrations(cup)} if cup is not None else set()
    )
    return render(
        request,
        "competitions/cup/register.html",
        {
            "year": year,
            "cup": cup,
            "closed": registration_refusal(season, timezone.localdate())
            if cup is not None
            else _("There is no cup in %(year)s yet.") % {"year": year},
            "pairs": sorted(pairs.values(), key=lambda p: str(p["team"])),
            "registered": registered,
            "count": len(registered),
        },
    )


def _official(request: HttpRequest) -> None:
    if not request.user.is_authenticated or not is_official(request.user):
        raise PermissionDenied(_("Only officials manage the cup."))


@login_required
def cup_manage(request: HttpRequest, year: int) -> HttpResponse:
    """Officials: create the cup, withdraw teams, draw or place, round deadlines."""
    _official(request)
    season = _season(year)
    cup = cup_of_year(year)
    placement = None
    deadline_form = DeadlineForm()
    if request.method == "POST":
        action = request.POST.get("action")
        try:
            if action == "create":
                cup_ensure(season=season)
                messages.success(
                    request, _("The %(year)s cup is open.") % {"year": year}
                )
            elif cup is None:
                raise ServiceError(_("Create the cup first."))
            elif action == "withdraw":
                registration = get_object_or_404(
                    CupRegistration,
                    competition=cup,
                    pk=_int(request.POST.get("registration")),
                )
                cup_withdraw(registration=registration, user=request.user)
                messages.success(
                    request, _("%(team)s is withdrawn.") % {"team": registration.team}
                )
            elif action == "draw":
                cup_draw(cup=cup, user=request.user)
                messages.success(request, _("The bracket is drawn."))
            elif action == "place":
                teams = [
                    r.team for r in active_registrations(cup).select_related("team")
                ]
                placement = PlacementForm(request.POST, teams=teams)
                if not placement.is_valid():
                    raise ServiceError(_("Fix the placement below."))
                cup_draw(cup=cup, user=request.user, order=placement.order())
                messages.success(request, _("The bracket is placed."))
            elif action == "deadline":
                deadline_form = DeadlineForm(request.POST)
                if not deadline_form.is_valid():
                    raise ServiceError(_("Fix the deadline below."))
                cup_round_deadline_set(cup=cup, **deadline_form.cleaned_data)
                messages.success(request, _("The deadline is saved."))
            else:
                raise ServiceError(_("Unknown action."))
        except ServiceError as error:
            if error.field and action == "deadline":
                deadline_form.add_error(error.field, error.message)
            else:
                messages.error(request, error.message)
        else:
            return redirect("cup:manage", year=year)
    view = cup_view(cup) if cup is not None else None
    if cup is not None and placement is None and not cup_is_drawn(cup):
        teams = [r.team for r in active_registrations(cup).select_related("team")]
        placement = PlacementForm(teams=teams)
    return render(
        request,
        "competitions/cup/manage.html",
        {
            "year": year,
            "season": season,
            "cup": cup,
            "view": view,
            "placement": placement,
            "deadline_form": deadline_form,
            "active_count": sum(
                1 for r in (view.registrations if view else []) if not r.withdrawn_at
            ),
        },
    )


@login_required
def cup_tie_view(
    request: HttpRequest, year: int, round: int, slot: int
) -> HttpResponse:
    """Officials: a tie's matches and tie-breakers, and scheduling the next one."""
    _official(request)
    tie = get_object_or_404(
        CupTie.objects.select_related("competition__season", "team_a", "team_b"),
        competition__season__year=year,
        competition__kind=Competition.Kind.CUP,
        round=round,
        slot=slot,
    )
    form = TieMatchForm(initial={"public": True})
    if request.method == "POST":
        form = TieMatchForm(request.POST)
        if form.is_valid():
            try:
                match = cup_match_schedule(tie=tie, **form.cleaned_data)
            except ServiceError as error:
                form.add_error(None, error.message)
            else:
                messages.success(
                    request,
                    _("Scheduled: %(match)s.") % {"match": match},
                )
                return redirect("cup:tie", year=year, round=round, slot=slot)
    view = next(t for t in cup_view(tie.competition).ties if t.tie.pk == tie.pk)
    return render(
        request,
        "competitions/cup/tie.html",
        {
            "year": year,
            "tie": tie,
            "t": view,
            "matches": tie.matches.order_by("tiebreak", "date", "pk"),
            "form": form,
        },
    )
