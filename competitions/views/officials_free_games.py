"""An official enters a variant free game: per-team points (R15)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from competitions.models import Season, Team, VariantGame
from competitions.services import ServiceError
from competitions.services.free_games import variant_game_record
from competitions.views.officials import official_only

ROWS = 8


class VariantGameForm(forms.Form):
    season = forms.ModelChoiceField(Season.objects.all(), label=_l("Season"))
    variant = forms.ChoiceField(
        choices=VariantGame.Variant.choices, label=_l("Variant")
    )
    date = forms.DateField(
        label=_l("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    event = forms.CharField(label=_l("Event"), max_length=120, required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.all()
        for index in range(1, ROWS + 1):
            self.fields[f"team_{index}"] = forms.ModelChoiceField(
                teams,
                required=False,
                label=_l("Team %(n)s") % {"n": index},
            )
            self.fields[f"points_{index}"] = forms.IntegerField(
                required=False,
                label=_l("Points of team %(n)s") % {"n": index},
                min_value=-100_000,
                max_value=100_000,
            )

    def clean(self):
        data = super().clean()
        scores = []
        for index in range(1, ROWS + 1):
            team, points = data.get(f"team_{index}"), data.get(f"points_{index}")
            if team is None and points is None:
                continue
            if team is None:
                self.add_error(f"team_{index}", _("Choose the team of these points."))
            elif points is None:
                self.add_error(
                    f"points_{index}",
                    _("Enter %(team)s's points.") % {"team": team.name},
                )
            else:
                scores.append((team, points))
        data["scores"] = scores
        return data

    def rows(self):
        return [
            (self[f"team_{index}"], self[f"points_{index}"])
            for index in range(1, ROWS + 1)
        ]


@official_only
def variant_game_new(request: HttpRequest) -> HttpResponse:
    form = VariantGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            variant_game_record(
                season=data["season"],
                variant=data["variant"],
                date=data["date"],
                event=data["event"],
                scores=data["scores"],
                user=request.user,
            )
        except ServiceError as error:
            field = error.field if error.field in form.fields else None
            form.add_error(field, error.message)
        else:
            messages.success(request, _("The variant game is recorded."))
            return redirect("competitions:free_games_season", year=data["season"].year)
    return render(
        request,
        "competitions/officials/variant_game.html",
        {"form": form, "section": "free_games"},
    )
