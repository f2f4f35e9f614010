"""The Django admin of the competitions, read-only (``core.admin``): players, teams
and rosters, seasons, competitions, matches (with their history), jury approvals,
results, free games and the e-mail notices. Everything is changed through the
services on the officials' workspace; a failed notice may be sent again from here
(through ``notice_send``)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.admin import SimpleHistoryAdmin

from competitions.models import (
    AccountEvent,
    AnnualMeeting,
    Closing,
    ClosingCorrection,
    ClosingRow,
    Competition,
    CupRegistration,
    CupRound,
    CupTie,
    FreeGamesClosing,
    FreeGamesWinner,
    GrandPrixEntry,
    Honour,
    HonourPresentation,
    JuryApproval,
    JuryRefusal,
    Lineup,
    Match,
    MatchResult,
    Membership,
    Notice,
    Player,
    PlayerClaim,
    Season,
    SeasonReferee,
    SittingResult,
    Team,
    TeamCaptain,
    VariantSitting,
)
from competitions.services.notice_delivery import notice_send
from tarokk_admin.core.admin import OfficialAdminMixin
from tarokk_admin.core.collation import hu
from tarokk_admin.core.text import fold


class CompetitionListFilter(admin.RelatedFieldListFilter):
    """The competitions with their season in one query (Competition.__str__)."""

    def field_choices(self, field: Any, request: HttpRequest, model_admin: Any):
        competitions = Competition.objects.select_related("season")
        return [(c.pk, str(c)) for c in competitions]


@admin.register(Player)
class PlayerAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("name", "federation_number", "club", "active")
    list_filter = ("active", "memberships__season", "club")
    search_fields = ("name", "name_folded", "federation_number")
    ordering = (hu("name"), "id")
    autocomplete_fields = ("user",)

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet, search_term: str
    ) -> tuple[QuerySet, bool]:
        """Accents are ignored: "kovacs" and "Kovács" both find "Kovács Éva"."""
        results, duplicates = super().get_search_results(request, queryset, search_term)
        folded = fold(search_term.strip())
        if folded:
            results = results | queryset.filter(name_folded__contains=folded)
        return results.distinct(), duplicates


class MembershipInline(OfficialAdminMixin, admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("player",)
    ordering = ("-season__year", "role")
    verbose_name_plural = _("roster by season")

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).select_related("player", "season")


@admin.register(Team)
class TeamAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("name", "club")
    search_fields = ("name", "club")
    list_filter = ("memberships__season",)
    inlines = (MembershipInline,)


@admin.register(Season)
class SeasonAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = (
        "year",
        "annual_meeting",
        "cup_registration_opens",
        "cup_registration_closes",
    )
    search_fields = ("year",)


@admin.register(Membership)
class MembershipAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("player", "team", "role", "season")
    list_filter = ("season", "role")
    list_select_related = ("player", "team", "season")
    search_fields = ("player__name", "player__name_folded", "team__name")
    autocomplete_fields = ("player", "team")


@admin.register(Competition)
class CompetitionAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = ("shown_name", "kind", "season", "starts", "ends")
    list_filter = ("kind", "season")
    list_select_related = ("season",)
    search_fields = ("name",)

    @admin.display(description=_("name"), ordering="name")
    def shown_name(self, competition: Competition) -> str:
        """A fixed name in the reader's language, a given one as given."""
        return competition.title


@admin.register(CupTie)
class CupTieAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = ("competition", "round", "slot", "team_a", "team_b", "winner")
    list_filter = ("competition__season", "round")
    list_select_related = ("competition__season", "team_a", "team_b", "winner")


class LineupInline(OfficialAdminMixin, admin.TabularInline):
    model = Lineup
    extra = 0
    max_num = 2
    autocomplete_fields = ("team", "driver", "catcher")

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).select_related("team", "driver", "catcher")


class JuryApprovalInline(OfficialAdminMixin, admin.StackedInline):
    model = JuryApproval
    extra = 0
    autocomplete_fields = ("approved_by",)


class MatchResultInline(OfficialAdminMixin, admin.TabularInline):
    model = MatchResult
    fk_name = "match"
    extra = 0
    fields = ("team", "total", "points", "answer", "answer_note", "answered_by")
    readonly_fields = fields
    can_delete = False

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).select_related("team", "answered_by")


@admin.register(Match)
class MatchAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = (
        "date",
        "competition",
        "team_a",
        "team_b",
        "status",
        "public",
        "referee",
    )
    list_filter = (
        "competition__season",
        ("competition", CompetitionListFilter),
        "status",
        "public",
    )
    list_select_related = ("competition__season", "team_a", "team_b", "referee")
    search_fields = ("team_a__name", "team_b__name", "venue")
    date_hierarchy = "date"
    autocomplete_fields = ("team_a", "team_b", "first_attack", "referee")
    readonly_fields = ("status", "completed_at", "hands_link")
    inlines = (LineupInline, JuryApprovalInline, MatchResultInline)
    fieldsets = (
        (None, {"fields": ("competition", "date", "time", "venue", "public")}),
        (_("Teams"), {"fields": ("team_a", "team_b", "first_attack", "referee")}),
        (_("Cup and Grand Prix"), {"fields": ("tie", "tiebreak", "round")}),
        (
            _("Result"),
            {
                "fields": (
                    "counts_for_championship",
                    "status",
                    "completed_at",
                    "hands_link",
                )
            },
        ),
    )

    def formfield_for_foreignkey(
        self, db_field: Any, request: HttpRequest, **kwargs: Any
    ) -> Any:
        """Competitions and cup ties are named after their season: one query."""
        if db_field.name == "competition":
            kwargs["queryset"] = Competition.objects.select_related("season")
        elif db_field.name == "tie":
            kwargs["queryset"] = CupTie.objects.select_related("competition__season")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    @admin.display(description=_("hands"))
    def hands_link(self, match: Match) -> str:
        if match.pk is None:
            return "—"
        url = reverse("admin:scoring_hand_changelist") + f"?match__id__exact={match.pk}"
        return format_html('<a href="{}">{}</a>', url, _("The match's hands"))


@admin.register(JuryApproval)
class JuryApprovalAdmin(OfficialAdminMixin, admin.ModelAdmin):
    list_display = ("match", "approved_by", "approved_at")
    list_select_related = ("match__team_a", "match__team_b", "approved_by")
    search_fields = ("match__team_a__name", "match__team_b__name", "note")
    autocomplete_fields = ("match", "approved_by")


@admin.register(MatchResult)
class MatchResultAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    """Results follow from the hands (R11): read-only here."""

    list_display = ("match", "team", "total", "points", "answer")
    list_filter = (
        "answer",
        "match__competition__season",
        ("match__competition", CompetitionListFilter),
    )
    list_select_related = ("match__team_a", "match__team_b", "team")
    search_fields = ("team__name", "opponent__name")


# --- Free games (R15): recorded, confirmed, corrected and voided through the
# services (the players' and officials' free-games pages). -----------------------


class SittingResultInline(OfficialAdminMixin, admin.TabularInline):
    model = SittingResult
    fields = ("player", "team", "points")
    readonly_fields = fields
    extra = 0


@admin.register(VariantSitting)
class VariantSittingAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = (
        "date",
        "variant",
        "name",
        "event",
        "status",
        "recorded_by",
        "carried",
    )
    list_filter = ("status", "variant", "season", "carried")
    search_fields = ("name", "event", "results__player__name_folded")
    date_hierarchy = "date"
    list_select_related = ("recorded_by",)
    inlines = (SittingResultInline,)


@admin.register(PlayerClaim)
class PlayerClaimAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("user", "player", "status", "created_at", "decided_by")
    list_filter = ("status",)
    list_select_related = ("user", "player", "decided_by")


@admin.register(FreeGamesClosing)
class FreeGamesClosingAdmin(OfficialAdminMixin, SimpleHistoryAdmin):
    list_display = ("season", "closed_at", "closed_by")
    list_select_related = ("season", "closed_by")


@admin.register(Notice)
class NoticeAdmin(OfficialAdminMixin, admin.ModelAdmin):
    """The e-mail notices and their state; a notice not sent yet (failed, or
    waiting) may be sent now, once (``notice_send`` claims it first)."""

    list_display = (
        "created_at",
        "kind",
        "email",
        "subject",
        "status",
        "attempts",
        "sent_at",
    )
    list_filter = ("status", "kind")
    search_fields = ("email", "subject")
    list_select_related = ("recipient",)
    actions = ["send_now"]

    def has_send_permission(self, request: HttpRequest) -> bool:
        return self._staff_official(request) or request.user.is_superuser

    @admin.action(
        description=_("Send the selected notices not sent yet"),
        permissions=["send"],
    )
    def send_now(self, request: HttpRequest, queryset: QuerySet) -> None:
        ids = queryset.exclude(status=Notice.Status.SENT).values_list("pk", flat=True)
        sent = sum(notice_send(notice_id=pk) for pk in list(ids))
        self.message_user(
            request,
            ngettext("%(n)s notice sent.", "%(n)s notices sent.", sent) % {"n": sent},
            messages.SUCCESS,
        )


class _Shown(OfficialAdminMixin, admin.ModelAdmin):
    """A record shown as it is (its own page changes it)."""


for _model in (
    CupRegistration,
    CupRound,
    GrandPrixEntry,
    Lineup,
    FreeGamesWinner,
    JuryRefusal,
    TeamCaptain,
    SeasonReferee,
    AccountEvent,
    Closing,
    ClosingRow,
    ClosingCorrection,
    AnnualMeeting,
    Honour,
    HonourPresentation,
):
    admin.site.register(_model, _Shown)
