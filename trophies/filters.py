"""Filters of the public trophy list (django-filter): name search, trophy, year and
variant. The same filters narrow the ranked list and the trophies beside it."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from competitions.models import Variant
from trophies.catalogue import trophy_choices
from trophies.models import TrophyAward
from trophies.selectors import ROYAL, AwardFilters, award_years, name_query


def variant_choices() -> list[tuple[str, Any]]:
    return [(ROYAL, _("Royal matches"))] + [(v.value, v.label) for v in Variant]


class TrophyListFilter(django_filters.FilterSet):
    q = django_filters.CharFilter(
        label=_("Player"),
        method="filter_name",
        widget=forms.TextInput(
            attrs={"placeholder": _("Name, e.g. kovacs"), "type": "search"}
        ),
    )
    trophy = django_filters.ChoiceFilter(
        label=_("Trophy"),
        field_name="feast",
        choices=trophy_choices(),
        empty_label=_("All trophies"),
    )
    year = django_filters.ChoiceFilter(
        label=_("Year"),
        field_name="date__year",
        choices=[],
        empty_label=_("All years"),
    )
    variant = django_filters.ChoiceFilter(
        label=_("Game"),
        method="filter_variant",
        choices=variant_choices(),
        empty_label=_("All games"),
    )

    class Meta:
        model = TrophyAward
        fields: list[str] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        years = award_years()
        self.filters["year"].extra["choices"] = [(str(y), str(y)) for y in years]
        for name, field in self.form.fields.items():
            css = "form-control" if name == "q" else "form-select"
            field.widget.attrs["class"] = css

    def filter_name(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(name_query(value, "player__name_folded"))

    def filter_variant(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        if value == ROYAL:
            return queryset.filter(variant="")
        return queryset.filter(variant=value)

    def award_filters(self) -> AwardFilters:
        """The validated filters for the ranked list (empty when invalid)."""
        if not self.is_bound or not self.form.is_valid():
            return AwardFilters()
        data = self.form.cleaned_data
        return AwardFilters(
            q=data.get("q") or "",
            trophy=data.get("trophy") or "",
            year=int(data["year"]) if data.get("year") else None,
            variant=data.get("variant") or "",
        )
