"""Admin of the trophy list, read-only (``core.admin``): awards (with their history),
cups and tallies. Awards of matches follow the hands
(``trophies.services.awards.trophies_award_match``): correct the hand instead;
variant-game trophies are entered and corrected on the officials' pages, cups and
tallies are computed (R14)."""

from __future__ import annotations

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from tarokk_admin.core.admin import OfficialAdminMixin
from trophies.models import TrophyAward, TrophyCup, TrophyTally


@admin.register(TrophyAward)
class TrophyAwardAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("date", "player", "feast", "value", "team", "match", "variant")
    list_filter = ("variant", "feast")
    search_fields = ("player__name", "player__name_folded", "event")
    date_hierarchy = "date"
    raw_id_fields = ("player", "partner", "team", "hand", "match", "entered_by")
    list_select_related = ("player", "team", "match")


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
