"""django-filter filters of the standings: club, played at least N matches.

The table's rows come from the cached standings, so the filter set validates the
visitor's parameters (a clear message on the field, never a 500) and
:func:`standings_filter` applies them to the rows without another query.
"""

from __future__ import annotations

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from competitions.models import Team
from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP, StandingRow
from tarokk_admin.core.collation import hu_sorted


class IntegerFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class StandingFilter(django_filters.FilterSet):
    club = django_filters.ChoiceFilter(
        label=_("Club"),
        empty_label=_("Every club"),
        method="by_rows",
        widget=forms.Select(attrs={"class": "form-select form-select-sm"}),
    )
    min_matches = IntegerFilter(
        label=_("Played at least (matches)"),
        method="by_rows",
        min_value=0,
        widget=forms.NumberInput(
            attrs={
                "min": 0,
                "max": CHAMPIONSHIP_MATCH_CAP,
                "inputmode": "numeric",
                "class": "form-control form-control-sm",
            }
        ),
    )

    class Meta:
        model = Team
        fields = ["club", "min_matches"]

    def __init__(self, data=None, *, rows: list[StandingRow], **kwargs) -> None:
        super().__init__(data, queryset=Team.objects.none(), **kwargs)
        clubs = hu_sorted({row.club for row in rows if row.club})
        self.filters["club"].extra["choices"] = [(club, club) for club in clubs]

    def by_rows(self, queryset, name, value):
        """The rows are filtered by :func:`standings_filter`, not in SQL."""
        return queryset


def standings_filter(rows: list[StandingRow], data) -> tuple[StandingFilter, list]:
    """The filter set (its form shows errors on the field) and the rows it keeps."""
    filterset = StandingFilter(data, rows=rows)
    if not filterset.form.is_valid():
        return filterset, rows  # the errors show on their fields; nothing filtered
    club = filterset.form.cleaned_data.get("club")
    least = filterset.form.cleaned_data.get("min_matches")
    kept = [
        row
        for row in rows
        if (not club or row.club == club) and (least is None or row.matches >= least)
    ]
    return filterset, kept
