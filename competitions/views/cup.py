"""Hungarian Cup pages (R15): the public bracket and registration for captains.
Views stay thin: form -> one service -> render or show the error."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from competitions.models import Competition, Membership, Team
from competitions.selectors.closings import competition_kept
from competitions.selectors.cup import (
    active_registrations,
    cup_of_year,
    cup_view,
    registration_refusal,
)
from competitions.selectors.seasons import season_or_404
from competitions.selectors.teams import captain_team_ids
from competitions.services.cup.registration import cup_register
from tarokk_admin.core.collation import hu_sorted
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.methods import get_only, get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import is_official, refuse


@get_only
def cup_current(request: HttpRequest) -> HttpResponse:
    """/cup/: the latest season's cup, or a page saying there is none yet."""
    cup = (
        Competition.objects.filter(kind=Competition.Kind.CUP)
        .select_related("season")
        .order_by("-season__year")
        .first()
    )
    if cup is not None:
        return redirect("competitions:cup_bracket", year=cup.season.year)
    return render(request, "competitions/cup/none.html", status=200)


@get_only
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
            "kept": competition_kept(cup),
            "years": sorted(seasons, reverse=True),
            "official": is_official(request.user),
            "can_register": bool(
                request.user.is_authenticated
                and (
                    is_official(request.user)
                    or captain_team_ids(request.user, cup.season_id)
                )
            ),
        },
    )


@get_or_post
def cup_register_view(request: HttpRequest, year: int) -> HttpResponse:
    """A captain registers a team's driver and catcher (R15); officials any team."""
    if not request.user.is_authenticated:
        refuse(request, "")
    season = season_or_404(year)
    official = is_official(request.user)
    own = captain_team_ids(request.user, season.pk)
    if not official and not own:
        refuse(
            request,
            _("Only the teams' captains of %(year)s and officials register teams.")
            % {"year": year},
        )
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
        pair = pairs.get(whole_number(request.POST.get("team")) or 0)
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
                    user=request.user,
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                messages.success(
                    request,
                    _("%(team)s is registered for the %(year)s cup.")
                    % {"team": pair["team"], "year": year},
                )
        return redirect("competitions:cup_register", year=year)
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
            "pairs": hu_sorted(pairs.values(), key=lambda p: str(p["team"])),
            "registered": registered,
            "count": len(registered),
        },
    )
