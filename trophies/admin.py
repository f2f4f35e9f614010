"""Admin of the trophy list, read-only (``core.admin``): awards (with their history),
cups and tallies. Awards of matches follow the hands
(``trophies.services.awards.trophies_award_match``): correct the hand instead;
variant-game trophies are entered and corrected on the officials' pages, cups and
tallies are computed (R14)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from tarokk_admin.core.admin import OfficialAdminMixin
from trophies.catalogue import trophy_choices
from trophies.models import TrophyAward, TrophyCup, TrophyTally


class TrophyFilter(admin.SimpleListFilter):
    """The trophies by their names in the reader's language, not their codes."""

    title = _("trophy")
    parameter_name = "feast"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [choice for _group, group in trophy_choices() for choice in group]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        return queryset.filter(feast=self.value()) if self.value() else queryset


@admin.register(TrophyAward)
class TrophyAwardAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("date", "player", "trophy", "value", "team", "match", "variant")
    list_filter = ("variant", TrophyFilter)
    search_fields = ("player__name", "player__name_folded", "event")
    date_hierarchy = "date"
    raw_id_fields = ("player", "partner", "team", "hand", "match", "entered_by")
    list_select_related = ("player", "team", "match")

    @admin.display(description=_("trophy"), ordering="feast")
    def trophy(self, award: TrophyAward) -> str:
        return award.feast_label


@admin.register(TrophyCup)
class TrophyCupAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("player", "threshold", "date", "award")
    list_filter = ("threshold",)
    search_fields = ("player__name", "player__name_folded")
    list_select_related = ("player", "award")


@admin.register(TrophyTally)
class TrophyTallyAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = ("player", "points")
    search_fields = ("player__name", "player__name_folded")
    list_select_related = ("player",)
    ordering = ("-points",)
