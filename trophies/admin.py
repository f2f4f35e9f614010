"""Admin of the trophy list: awards (with their history), cups and tallies.

Awards of matches follow the hands (trophies.services.awards.trophies_award_match): they are
read-only here; correct the hand instead. Variant-game trophies may be corrected or
deleted here; every change queues the cup recompute of the players concerned.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from trophies.models import TrophyAward, TrophyCup, TrophyTally
from trophies.services.trophy_cups import trophy_cups_refresh_queue


@admin.register(TrophyAward)
class TrophyAwardAdmin(SimpleHistoryAdmin):
    list_display = ("date", "player", "feast", "value", "team", "match", "variant")
    list_filter = ("variant", "feast")
    search_fields = ("player__name", "player__name_folded", "event")
    date_hierarchy = "date"
    raw_id_fields = ("player", "partner", "team", "hand", "match", "entered_by")
    list_select_related = ("player", "team", "match")

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        if obj is not None and obj.match_id:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        if obj is not None and obj.match_id:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(
        self, request: Any, obj: TrophyAward, form: Any, change: bool
    ) -> None:
        before = (
            TrophyAward.objects.filter(pk=obj.pk).values_list("player_id", flat=True)
            if change
            else []
        )
        super().save_model(request, obj, form, change)
        trophy_cups_refresh_queue({obj.player_id, *before})

    def delete_model(self, request: Any, obj: TrophyAward) -> None:
        player_id = obj.player_id
        super().delete_model(request, obj)
        trophy_cups_refresh_queue([player_id])

    def delete_queryset(self, request: Any, queryset: Any) -> None:
        player_ids = set(queryset.values_list("player_id", flat=True))
        super().delete_queryset(request, queryset)
        trophy_cups_refresh_queue(player_ids)


@admin.register(TrophyCup)
class TrophyCupAdmin(SimpleHistoryAdmin):
    """Cups are computed (R14): shown, never edited by hand."""

    list_display = ("player", "threshold", "date", "award")
    list_filter = ("threshold",)
    search_fields = ("player__name", "player__name_folded")
    list_select_related = ("player", "award")

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(TrophyTally)
class TrophyTallyAdmin(admin.ModelAdmin):
    list_display = ("player", "points")
    search_fields = ("player__name", "player__name_folded")
    list_select_related = ("player",)
    ordering = ("-points",)

    def has_add_permission(self, request: Any) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False
