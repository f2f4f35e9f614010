"""Forms of the officials' Grand Prix pages (R15)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from competitions.forms.cup import referee_field_pool
from competitions.models import Competition, GrandPrixEntry, Season, Team
from tarokk_admin.core.l10n import DateInput

DATE = DateInput()


class GrandPrixForm(forms.Form):
    season = forms.ModelChoiceField(Season.objects.all(), label=_("Season"))
    name = forms.CharField(label=_("Name"), max_length=120)
    starts = forms.DateField(label=_("Starts"), required=False, widget=DATE)
    ends = forms.DateField(label=_("Ends"), required=False, widget=DATE)
    counts_for_championship = forms.BooleanField(
        label=_("Its matches also count for the Team Championship (R15)"),
        required=False,
    )


class EntriesForm(forms.Form):
    teams = forms.ModelMultipleChoiceField(
        Team.objects.all(),
        label=_("Teams entered (hold Ctrl or Cmd to choose several)"),
        widget=forms.SelectMultiple(attrs={"size": 12}),
    )


class RoundForm(forms.Form):
    date = forms.DateField(label=_("Date of the round"), widget=DATE)
    venue = forms.CharField(label=_("Venue"), max_length=120, required=False)


class PairingForm(forms.Form):
    team_a = forms.ModelChoiceField(Team.objects.none(), label=_("Team A"))
    team_b = forms.ModelChoiceField(Team.objects.none(), label=_("Team B"))
    referee = forms.ModelChoiceField(
        get_user_model().objects.none(),
        label=_("Referee"),
        required=False,
        empty_label=_("— nobody —"),
        help_text=_("The referees of the season's pool."),
    )

    def __init__(self, *args: Any, event: Competition, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = Team.objects.filter(
            pk__in=GrandPrixEntry.objects.filter(competition=event).values("team")
        )
        self.fields["team_a"].queryset = teams
        self.fields["team_b"].queryset = teams
        referee_field_pool(self.fields["referee"], event.season_id)
