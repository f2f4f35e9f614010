"""Forms of the officials' free-games pages (R15)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _l

from competitions.models import Season, Team, VariantGame

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
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

    def clean(self) -> dict[str, Any]:
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

    def rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        return [
            (self[f"team_{index}"], self[f"points_{index}"])
            for index in range(1, ROWS + 1)
        ]
