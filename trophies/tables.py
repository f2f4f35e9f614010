"""django-tables2 tables of the trophy list: sortable, exportable as CSV."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from scoring.engine import feast_name
from tarokk_admin.core.collation import hu
from tarokk_admin.core.l10n import human_date
from tarokk_admin.core.tables import NamedTable
from trophies.models import TrophyAward, TrophyCup

# A small cup drawn inline (no emoji font or icon font needed on venue machines).
CUP_ICON = (
    '<svg class="cup-icon" viewBox="0 0 16 16" width="12" height="12" '
    'aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 1h10v2h2'
    "v2a3 3 0 0 1-3 3h-.2A4 4 0 0 1 9 10.9V13h3v2H4v-2h3v-2.1A4 4 0 0 1 4.2 8H4a3 3"
    ' 0 0 1-3-3V3h2V1zm0 3H2v1a2 2 0 0 0 1 1.7V4zm10 0v2.7A2 2 0 0 0 14 5V4h-1z"/>'
    "</svg>"
)


def trophy_cup_badges(cups: list[TrophyCup]) -> str:
    """Cups as badges; the text says the threshold (no information by colour alone)."""
    if not cups:
        return ""
    icon = mark_safe(CUP_ICON)
    return format_html_join(
        " ",
        '<span class="badge trophy-cup cup-{}" title="{}">{} {}</span>',
        (
            (
                cup.threshold,
                _("%(threshold)s-point cup, reached on %(date)s")
                % {"threshold": cup.threshold, "date": human_date(cup.date)},
                icon,
                cup.threshold,
            )
            for cup in cups
        ),
    )


class TrophyRankingTable(NamedTable):
    """Players by trophy points (R14); shared ranks as in the standings."""

    rank = tables.Column(
        verbose_name=_("Rank"),
        order_by=("-points", "name_sort", "player_id"),
        attrs={"td": {"class": "text-end"}},
    )
    name = tables.Column(
        verbose_name=_("Player"),
        order_by=("name_sort", "player_id"),
        linkify=lambda record: reverse("trophies:player", args=[record["player_id"]]),
    )
    points = tables.Column(
        verbose_name=_("Trophy points"),
        order_by=("-points", "name_sort", "player_id"),
        attrs={"td": {"class": "text-end fw-semibold"}, "th": {"class": "text-end"}},
    )
    cups = tables.Column(
        verbose_name=_("Cups"), accessor="player_id", orderable=False, empty_values=()
    )

    class Meta:
        attrs = {"class": "table table-sm table-striped align-middle trophy-ranking"}
        per_page = 25
        order_by = ("rank",)

    def __init__(
        self, *args: Any, cups: dict[int, list[TrophyCup]] | None = None, **kwargs: Any
    ):
        super().__init__(*args, **kwargs)
        self.cups_by_player = cups or {}

    def render_cups(self, value: int) -> str:
        return trophy_cup_badges(self.cups_by_player.get(value, []))

    def value_cups(self, value: int) -> str:
        return " ".join(str(c.threshold) for c in self.cups_by_player.get(value, []))


# Partner and team are left out on phones (the CSV export keeps them).
WIDE_ONLY = {
    "th": {"class": "d-none d-md-table-cell"},
    "td": {"class": "d-none d-md-table-cell"},
}


def _by_name(queryset: Any, field: str, descending: bool) -> Any:
    order = hu(field)
    return queryset.order_by(order.desc() if descending else order.asc(), "-date", "pk")


class TrophyAwardTable(NamedTable):
    """Trophies, newest first: who made which trophy where (R14)."""

    date = tables.DateColumn(
        verbose_name=_("Date"), format="Y-m-d", attrs={"td": {"class": "text-nowrap"}}
    )
    player = tables.Column(verbose_name=_("Player"), order_by=("player__name_folded",))
    feast = tables.Column(verbose_name=_("Trophy"))
    value = tables.Column(
        verbose_name=_("Points"),
        attrs={"td": {"class": "text-end"}, "th": {"class": "text-end"}},
    )
    partner = tables.Column(
        verbose_name=_("Partner"), order_by=("partner__name",), attrs=WIDE_ONLY
    )
    team = tables.Column(
        verbose_name=_("Team"), order_by=("team__name",), attrs=WIDE_ONLY
    )
    where = tables.Column(
        verbose_name=_("Made in"), accessor="pk", orderable=False, empty_values=()
    )

    class Meta:
        model = TrophyAward
        fields = ("date", "player", "feast", "value", "partner", "team", "where")
        attrs = {"class": "table table-sm table-striped align-middle trophy-awards"}
        order_by = ("-date",)

    # Names sort the Hungarian way (core/collation.py).
    def order_player(self, queryset: Any, is_descending: bool) -> tuple[Any, bool]:
        return _by_name(queryset, "player__name", is_descending), True

    def order_partner(self, queryset: Any, is_descending: bool) -> tuple[Any, bool]:
        return _by_name(queryset, "partner__name", is_descending), True

    def order_team(self, queryset: Any, is_descending: bool) -> tuple[Any, bool]:
        return _by_name(queryset, "team__name", is_descending), True

    def render_player(self, value: Any) -> str:
        url = reverse("trophies:player", args=[value.pk])
        return format_html('<a href="{}">{}</a>', url, value.name)

    def value_player(self, value: Any) -> str:
        return value.name

    def render_feast(self, value: str) -> str:
        return feast_name(value)

    def render_where(self, record: TrophyAward) -> str:
        if record.match_id:
            label = _("Match %(id)s") % {"id": record.match_id}
            return format_html('<a href="/matches/{}/">{}</a>', record.match_id, label)
        if record.from_archive:
            # No match, hand or sitting: the archive's event (R14).
            parts = [record.get_variant_display(), record.event]
            return format_html(
                '<span class="badge text-bg-light border archive-badge">{}</span> {}',
                _("Archive"),
                " — ".join(part for part in parts if part),
            )
        text = record.get_variant_display()
        if record.event:
            text = f"{text} — {record.event}"
        if record.sitting_id:
            url = reverse("sitting", args=[record.sitting_id])
            return format_html('<a href="{}">{}</a>', url, text)
        return text

    def value_where(self, record: TrophyAward) -> str:
        if record.match_id:
            return f"/matches/{record.match_id}/"
        where = f"{record.variant} {record.event}".strip()
        if record.from_archive:
            return f"{_('Archive')}: {where}".strip(": ")
        return where


class RecentTrophyTable(TrophyAwardTable):
    """The list page's recent trophies: narrow, where it was made under the trophy."""

    class Meta(TrophyAwardTable.Meta):
        fields = ("date", "player", "feast", "value")
        exclude = ("partner", "team", "where")
        orderable = False

    def render_feast(self, value: str, record: TrophyAward) -> str:
        return format_html(
            '{}<br><span class="small text-body-secondary">{}</span>',
            feast_name(value),
            self.render_where(record),
        )
