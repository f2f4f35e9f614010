"""Forms of the officials' schedule pages: filter, schedule, move, postpone, void,
referee, fixtures file, disputes (R15)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.forms.cup import referee_field_pool
from competitions.models import Competition, CupTie, Match, Season, Team
from competitions.selectors.schedule import SCHEDULED_KINDS, referees
from tarokk_admin.core.collation import hu
from tarokk_admin.core.l10n import DateInput, TimeInput
from tarokk_admin.core.params import whole_number

DATE = DateInput()
TIME = TimeInput()
REASON = forms.Textarea(attrs={"rows": 2})
FIXTURES_MAX_BYTES = 1_000_000


def _teams() -> Any:
    return Team.objects.order_by(hu("name"))


class ScheduleFilterForm(forms.Form):
    competition = forms.ModelChoiceField(
        Competition.objects.select_related("season"),
        label=_("Competition"),
        required=False,
    )
    season = forms.ModelChoiceField(
        Season.objects.all(),
        label=_("Season"),
        required=False,
        to_field_name="year",
    )
    team = forms.ModelChoiceField(_teams(), label=_("Team"), required=False)
    date_from = forms.DateField(label=_("From"), required=False, widget=DATE)
    date_to = forms.DateField(label=_("To"), required=False, widget=DATE)


class MatchScheduleForm(forms.Form):
    competition = forms.ModelChoiceField(
        Competition.objects.filter(kind__in=SCHEDULED_KINDS).select_related("season"),
        label=_("Competition"),
    )
    team_a = forms.ModelChoiceField(_teams(), label=_("Team A"))
    team_b = forms.ModelChoiceField(_teams(), label=_("Team B"))
    date = forms.DateField(label=_("Date"), widget=DATE)
    time = forms.TimeField(label=_("Time"), required=False, widget=TIME)
    venue = forms.CharField(label=_("Venue"), max_length=120, required=False)
    public = forms.BooleanField(
        label=_("Played in public"),
        required=False,
        initial=True,
        help_text=_("A match not played in public needs a jury approval (R15)."),
    )
    referee = forms.ModelChoiceField(
        referees(None),
        label=_("Referee"),
        required=False,
        help_text=_("The referees of the season's pool."),
    )

    def __init__(
        self, *args: Any, season: Season | int | None = None, **kwargs: Any
    ) -> None:
        """The referees offered are the pool of ``season`` (the schedule's); a
        submitted form is checked against the chosen competition's season."""
        super().__init__(*args, **kwargs)
        if self.is_bound:
            picked = whole_number(self.data.get("competition"))
            chosen = Competition.objects.filter(pk=picked or 0).first()
            if chosen is not None:
                season = chosen.season_id
        referee_field_pool(self.fields["referee"], season)


class MatchMoveForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=DATE)
    time = forms.TimeField(label=_("Time"), required=False, widget=TIME)
    venue = forms.CharField(label=_("Venue"), max_length=120, required=False)
    public = forms.BooleanField(
        label=_("Played in public"),
        required=False,
        help_text=_(
            "A match the jury refused may be played once it is rescheduled in "
            "public, after the annual meeting (R15)."
        ),
    )
    reason = forms.CharField(
        label=_("Reason (optional)"), max_length=300, required=False
    )


class MatchPostponeForm(forms.Form):
    date = forms.DateField(label=_("New date"), widget=DATE)
    time = forms.TimeField(label=_("New time"), required=False, widget=TIME)
    reason = forms.CharField(
        label=_("Why it is postponed"), max_length=300, widget=REASON
    )


class MatchVoidForm(forms.Form):
    reason = forms.CharField(
        label=_("Why the match is void"), max_length=300, widget=REASON
    )


class RefereeForm(forms.Form):
    referee = forms.ModelChoiceField(
        referees(None),
        label=_("Referee"),
        required=False,
        empty_label=_("— nobody —"),
    )

    def __init__(self, *args: Any, season: Season | int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        referee_field_pool(self.fields["referee"], season)


class FixturesForm(forms.Form):
    file = forms.FileField(
        label=_("Fixtures file (CSV)"),
        help_text=_(
            "UTF-8, comma-separated, a header row: date, time, team_a, team_b, venue, "
            "public, referee."
        ),
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > FIXTURES_MAX_BYTES:
            raise forms.ValidationError(_("The file is too large (at most 1 MB)."))
        return bytes(upload.read())


class DisputeResolveForm(forms.Form):
    note = forms.CharField(
        label=_("How the dispute is settled"), max_length=1000, widget=REASON
    )


class CupTieLinkForm(forms.Form):
    tie = forms.ModelChoiceField(CupTie.objects.none(), label=_("Cup tie"))

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        pair = [match.team_a_id, match.team_b_id]
        self.fields["tie"].queryset = CupTie.objects.filter(  # type: ignore[attr-defined]
            competition__season_id=match.competition.season_id,
            team_a_id__in=pair,
            team_b_id__in=pair,
        ).select_related("team_a", "team_b")
