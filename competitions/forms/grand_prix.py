"""Forms of the officials' Grand Prix pages (R15)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _l

from competitions.models import Competition, GrandPrixEntry, Season, Team

DATE = forms.DateInput(attrs={"type": "date"})


class GrandPrixForm(forms.Form):
    season = forms.ModelChoiceField(Season.objects.all(), label=_l("Season"))
    name = forms.CharField(label=_l("Name"), max_length=120)
    starts = forms.DateField(label=_l("Starts"), required=False, widget=DATE)
    ends = forms.DateField(label=_l("Ends"), required=False, widget=DATE)
    counts_for_championship = forms.BooleanField(
        label=_l("Its matches also count for the Team Championship (R15)"),
        required=False,
    )


class EntriesForm(forms.Form):
    teams = forms.ModelMultipleChoiceField(
        Team.objects.all(),
        label=_l("Teams entered (hold Ctrl or Cmd to choose several)"),
        widget=forms.SelectMultiple(attrs={"size": 12}),
    )


class RoundForm(forms.Form):
    date = forms.DateField(label=_l("Date of the round"), widget=DATE)
    venue = forms.CharField(label=_l("Venue"), max_length=120, required=False)


class PairingForm(forms.Form):
    team_a = forms.ModelChoiceField(Team.objects.none(), label=_l("Team A"))
    team_b = forms.ModelChoiceField(Team.objects.none(), label=_l("Team B"))

    def __init__(self, *args: Any, event: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.filter(
            pk__in=GrandPrixEntry.objects.filter(competition=event).values("team")
        )
        self.fields["team_a"].queryset = teams
        self.fields["team_b"].queryset = teams
