"""Forms of the officials' schedule pages: filter, schedule, move, postpone, void,
referee, fixtures file, disputes (R15)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _l

from competitions.models import Competition, CupTie, Match, Season, Team
from competitions.selectors.schedule import SCHEDULED_KINDS, referees

DATE = forms.DateInput(attrs={"type": "date"})
TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
REASON = forms.Textarea(attrs={"rows": 2})
FIXTURES_MAX_BYTES = 1_000_000


def _teams() -> Any:
    return Team.objects.order_by("name")


class ScheduleFilterForm(forms.Form):
    competition = forms.ModelChoiceField(
        Competition.objects.select_related("season"),
        label=_l("Competition"),
        required=False,
    )
    season = forms.ModelChoiceField(
        Season.objects.all(),
        label=_l("Season"),
        required=False,
        to_field_name="year",
    )
    team = forms.ModelChoiceField(_teams(), label=_l("Team"), required=False)
    date_from = forms.DateField(label=_l("From"), required=False, widget=DATE)
    date_to = forms.DateField(label=_l("To"), required=False, widget=DATE)


class MatchScheduleForm(forms.Form):
    competition = forms.ModelChoiceField(
        Competition.objects.filter(kind__in=SCHEDULED_KINDS).select_related("season"),
        label=_l("Competition"),
    )
    team_a = forms.ModelChoiceField(_teams(), label=_l("Team A"))
    team_b = forms.ModelChoiceField(_teams(), label=_l("Team B"))
    date = forms.DateField(label=_l("Date"), widget=DATE)
    time = forms.TimeField(label=_l("Time"), required=False, widget=TIME)
    venue = forms.CharField(label=_l("Venue"), max_length=120, required=False)
    public = forms.BooleanField(
        label=_l("Played in public"),
        required=False,
        initial=True,
        help_text=_l("A match not played in public needs a jury approval (R15)."),
    )
    referee = forms.ModelChoiceField(referees(), label=_l("Referee"), required=False)


class MatchMoveForm(forms.Form):
    date = forms.DateField(label=_l("Date"), widget=DATE)
    time = forms.TimeField(label=_l("Time"), required=False, widget=TIME)
    venue = forms.CharField(label=_l("Venue"), max_length=120, required=False)
    reason = forms.CharField(
        label=_l("Reason (optional)"), max_length=300, required=False
    )


class MatchPostponeForm(forms.Form):
    date = forms.DateField(label=_l("New date"), widget=DATE)
    time = forms.TimeField(label=_l("New time"), required=False, widget=TIME)
    reason = forms.CharField(
        label=_l("Why it is postponed"), max_length=300, widget=REASON
    )


class MatchVoidForm(forms.Form):
    reason = forms.CharField(
        label=_l("Why the match is void"), max_length=300, widget=REASON
    )


class RefereeForm(forms.Form):
    referee = forms.ModelChoiceField(
        referees(),
        label=_l("Referee"),
        required=False,
        empty_label=_l("— nobody —"),
    )


class FixturesForm(forms.Form):
    file = forms.FileField(
        label=_l("Fixtures file (CSV)"),
        help_text=_l(
            "UTF-8, comma-separated, a header row: date, time, team_a, team_b, venue, "
            "public, referee."
        ),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > FIXTURES_MAX_BYTES:
            raise forms.ValidationError(_l("The file is too large (at most 1 MB)."))
        return bytes(upload.read())


class DisputeResolveForm(forms.Form):
    note = forms.CharField(
        label=_l("How the dispute is settled"), max_length=1000, widget=REASON
    )


class CupTieLinkForm(forms.Form):
    tie = forms.ModelChoiceField(CupTie.objects.none(), label=_l("Cup tie"))

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        pair = [match.team_a_id, match.team_b_id]
        self.fields["tie"].queryset = CupTie.objects.filter(  # type: ignore[attr-defined]
            competition__season_id=match.competition.season_id,
            team_a_id__in=pair,
            team_b_id__in=pair,
        ).select_related("team_a", "team_b")
