"""The Django admin for officials: hands, read-only (a hand is changed through the
referee's page, judged by the engine, never edited as raw JSON)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from scoring.models import Hand
from tarokk_admin.core.admin import OfficialAdminMixin, pretty_json


@admin.register(Hand)
class HandAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = (
        "match",
        "number",
        "attack_team",
        "attack_score",
        "defence_score",
        "version",
        "updated_by",
        "updated_at",
    )
    list_filter = ("match__competition__season", "match__competition")
    list_select_related = (
        "match__team_a",
        "match__team_b",
        "attack_team",
        "updated_by",
    )
    search_fields = ("match__team_a__name", "match__team_b__name")
    fields = (
        "match",
        "number",
        "attack_team",
        "attack_score",
        "defence_score",
        "version",
        "updated_by",
        "updated_at",
        "record_pretty",
        "result_pretty",
    )
    readonly_fields = fields

    @admin.display(description=_("hand record"))
    def record_pretty(self, hand: Hand) -> str:
        return pretty_json(hand.record)

    @admin.display(description=_("result"))
    def result_pretty(self, hand: Hand) -> str:
        return pretty_json(hand.result)
