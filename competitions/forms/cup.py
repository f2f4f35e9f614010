"""Forms of the cup pages: scheduling a tie's match, placing the draw, deadlines."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from competitions.models import CupRound, Season, Team
from competitions.rules import bracket
from competitions.selectors.schedule import referee_choices, referees
from tarokk_admin.core.l10n import DateInput, TimeInput


def referee_field_pool(field: Any, season: Season | int | None) -> None:
    """A referee picker offers the season's pool, by name in the Hungarian order
    (one list for every picker: ``selectors.schedule.referees``)."""
    field.queryset = referees(season)
    field.choices = [("", field.empty_label or "---------"), *referee_choices(season)]


def bootstrap(form: forms.Form) -> None:
    """Bootstrap classes on the widgets (form-control, form-select, form-check-input)."""
    for field in form.fields.values():
        widget = field.widget
        if isinstance(widget, forms.CheckboxInput):
            css = "form-check-input"
        elif isinstance(widget, forms.Select):
            css = "form-select"
        else:
            css = "form-control"
        widget.attrs.setdefault("class", css)


class TieMatchForm(forms.Form):
    date = forms.DateField(label=_("Date"), widget=DateInput())
    time = forms.TimeField(label=_("Time"), required=False, widget=TimeInput())
    venue = forms.CharField(label=_("Venue"), max_length=120, required=False)
    public = forms.BooleanField(label=_("Played in public"), required=False)
    referee = forms.ModelChoiceField(
        label=_("Referee"), queryset=get_user_model().objects.none(), required=False
    )
    tiebreak = forms.BooleanField(
        label=_("Tie-breaker of 2 hands (only when the totals are level, R15)"),
        required=False,
    )

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        referee_field_pool(self.fields["referee"], season)
        bootstrap(self)


class PlacementForm(forms.Form):
    """An official places the 16 teams: positions 1 and 2 play slot 1, and so on."""

    def __init__(self, *args: Any, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, bracket.CUP_TEAMS + 1):
            self.fields[f"place_{i}"] = forms.ModelChoiceField(
                label=_("Tie %(slot)s, %(side)s")
                % {
                    "slot": (i + 1) // 2,
                    "side": _("first team") if i % 2 else _("second team"),
                },
                queryset=Team.objects.filter(pk__in=[t.pk for t in teams]),
            )
        bootstrap(self)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        seen: dict[int, str] = {}
        for name, team in data.items():
            if team is None:
                continue
            if team.pk in seen:
                self.add_error(
                    name,
                    _("%(team)s is already placed above; place each team once.")
                    % {"team": team.name},
                )
            seen[team.pk] = name
        return data

    def order(self) -> list[Team]:
        return [
            self.cleaned_data[f"place_{i}"] for i in range(1, bracket.CUP_TEAMS + 1)
        ]


class DeadlineForm(forms.Form):
    number = forms.TypedChoiceField(
        label=_("Round"), choices=CupRound.Number.choices, coerce=int
    )
    deadline = forms.DateField(label=_("Deadline"), widget=DateInput())

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        bootstrap(self)
