"""Who acts for the teams and at the tables of a season: a team's captain (chosen
by officials from its members of the season) and the season's referee pool. Views
stay thin: form -> one service -> render or show the refusal."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from competitions.forms.accounts import AccountReasonForm, CaptainForm, RefereePoolForm
from competitions.models import SeasonReferee, Team
from competitions.selectors.accounts import account_name
from competitions.selectors.schedule import referee_accounts
from competitions.selectors.seasons import season_or_404
from competitions.selectors.teams import team_members
from competitions.services.captains import team_captain_remove, team_captain_set
from competitions.services.referees import referee_pool_add, referee_pool_remove
from competitions.views.officials.teams import team_page
from competitions.views.officials.workspace import OFFICIALS_ONLY
from tarokk_admin.core.collation import hu_sorted
from tarokk_admin.core.errors import ServiceError
from tarokk_admin.core.forms import service_run
from tarokk_admin.core.methods import get_or_post
from tarokk_admin.core.params import whole_number
from tarokk_admin.core.roles import official_only

REASON_MAX = 500


@official_only(OFFICIALS_ONLY)
@require_POST
def team_captain_view(request: HttpRequest, year: int, pk: int) -> HttpResponse:
    """Officials choose (or remove) the team's captain of the season."""
    season = season_or_404(year)
    team = get_object_or_404(Team, pk=pk)
    if request.POST.get("action") == "remove":
        form = AccountReasonForm(request.POST, prefix="nocaptain")
        if form.is_valid() and service_run(
            form,
            lambda: team_captain_remove(
                season=season,
                team=team,
                by=request.user,
                reason=form.cleaned_data["reason"],
            ),
        ):
            messages.success(
                request,
                _("%(team)s has no captain in %(year)s now.")
                % {"team": team.name, "year": year},
            )
            return redirect("officials:team", year=year, pk=pk)
        return team_page(request, season, team, remove_form=form)
    form = CaptainForm(
        request.POST, prefix="captain", members=team_members(season.pk, team)
    )
    if form.is_valid() and service_run(
        form,
        lambda: team_captain_set(
            season=season,
            team=team,
            player=form.cleaned_data["player"],
            by=request.user,
            reason=form.cleaned_data["reason"],
        ),
    ):
        messages.success(
            request,
            _("%(name)s captains %(team)s in %(year)s.")
            % {
                "name": form.cleaned_data["player"].name,
                "team": team.name,
                "year": year,
            },
        )
        return redirect("officials:team", year=year, pk=pk)
    return team_page(request, season, team, captain_form=form)


def _pool_choices(season_id: int) -> list[tuple[int, str]]:
    """Accounts with the Referee role not in the pool yet, Hungarian order."""
    inside = SeasonReferee.objects.filter(season_id=season_id).values("user")
    users = referee_accounts().exclude(pk__in=inside).select_related("player")
    return hu_sorted([(u.pk, account_name(u)) for u in users], key=lambda c: c[1])


@official_only(OFFICIALS_ONLY)
@get_or_post
def referee_pool(request: HttpRequest, year: int) -> HttpResponse:
    """The season's referee pool: add a referee, take one out with a reason."""
    season = season_or_404(year)
    form = RefereePoolForm(
        request.POST if request.POST.get("action") == "add" else None,
        prefix="add",
        choices=_pool_choices(season.pk),
    )
    if request.method == "POST":
        users = get_user_model().objects
        if form.is_bound and form.is_valid():
            referee = users.filter(pk=form.cleaned_data["referee"]).first()
            if service_run(
                form,
                lambda: referee_pool_add(
                    season=season,
                    referee=referee,
                    by=request.user,
                    reason=form.cleaned_data["reason"],
                ),
            ):
                messages.success(
                    request,
                    _("%(name)s referees in %(year)s.")
                    % {"name": account_name(referee), "year": year},
                )
                return redirect("officials:referees", year=year)
        elif request.POST.get("action") == "remove":
            referee = get_object_or_404(
                users, pk=whole_number(request.POST.get("referee")) or 0
            )
            try:
                referee_pool_remove(
                    season=season,
                    referee=referee,
                    by=request.user,
                    reason=request.POST.get("reason", "")[:REASON_MAX],
                )
            except ServiceError as error:
                messages.error(request, error.message)
            else:
                messages.success(
                    request,
                    _("%(name)s left the %(year)s referee pool.")
                    % {"name": account_name(referee), "year": year},
                )
            return redirect("officials:referees", year=year)
    pool = hu_sorted(
        [
            (row, account_name(row.user))
            for row in SeasonReferee.objects.filter(season=season).select_related(
                "user", "user__player"
            )
        ],
        key=lambda pair: pair[1],
    )
    return render(
        request,
        "competitions/officials/referees.html",
        {
            "season": season,
            "pool": pool,
            "form": form,
            "history": list(
                SeasonReferee.history.filter(season_id=season.pk)
                .select_related("history_user__player", "user__player")
                .order_by("-history_date")[:20]
            ),
        },
        status=400 if form.is_bound else 200,
    )
