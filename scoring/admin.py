"""The Django admin for officials: hands and imports, read-only (a hand is changed
through the referee's page, judged by the engine, never edited as raw JSON; an import
is started and followed on the officials' import page)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from simple_history.admin import SimpleHistoryAdmin

from scoring.models import Hand, ImportRun
from scoring.views.officials.archive import kind_label
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


class ImportKindFilter(admin.SimpleListFilter):
    """What an import brings, by its name in the reader's language."""

    title = _("what is imported")
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        kinds = ImportRun.objects.values_list("kind", flat=True).distinct()
        return [(kind, kind_label(kind)) for kind in sorted(set(kinds))]

    def queryset(self, request, queryset):
        return queryset.filter(kind=self.value()) if self.value() else queryset


@admin.register(ImportRun)
class ImportRunAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = (
        "file_name",
        "kind_shown",
        "status",
        "user",
        "total",
        "imported",
        "problem_count",
        "created_at",
        "finished_at",
    )
    list_filter = ("status", ImportKindFilter)
    list_select_related = ("user",)

    @admin.display(description=_("what is imported"), ordering="kind")
    def kind_shown(self, run: ImportRun) -> str:
        return kind_label(run.kind)

    search_fields = ("file_name", "user__username")
    date_hierarchy = "created_at"
    fields = (
        "file_name",
        "kind",
        "status",
        "user",
        "total",
        "checked",
        "stored",
        "imported",
        "present",
        "failure",
        "errors_pretty",
        "created_at",
        "updated_at",
        "confirmed_at",
        "finished_at",
        "page",
    )
    readonly_fields = fields

    @admin.display(description=_("problems"))
    def problem_count(self, run: ImportRun) -> int:
        """A refused file is "done" with its problems: the count tells it apart."""
        return len(run.errors)

    @admin.display(description=_("problems"))
    def errors_pretty(self, run: ImportRun) -> str:
        return pretty_json(run.errors)

    @admin.display(description=_("import page"))
    def page(self, run: ImportRun) -> str:
        url = reverse("officials:import_run", args=[run.pk])
        return format_html('<a href="{}">{}</a>', url, url)
