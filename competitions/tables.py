"""django-tables2 tables of the public pages: sortable, paginated, exportable
(``?_export=csv|xlsx``)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP
from tarokk_admin.core.tables import NamedTable


class _StandingTable(NamedTable):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    team = tables.Column(
        verbose_name=_("Team"),
        attrs={"td": {"class": "team"}},
        order_by="team_sort",
        linkify=lambda record: reverse("team", args=[record.team_id]),
    )
    club = tables.Column(verbose_name=_("Club"), order_by="club_sort")
    matches = tables.Column(verbose_name=_("Matches"))
    best_match = tables.Column(verbose_name=_("Best match"))
    best_trophy = tables.Column(
        verbose_name=_("Best trophy"),
        accessor="best_trophy_name",
        order_by="trophy",
        default="",
    )
    decided_by = tables.Column(
        verbose_name=_("Tie-break"),
        orderable=False,
        default="",
        attrs={"td": {"class": "small tie-break"}},
    )

    class Meta:
        attrs = {"class": "table table-sm table-hover align-middle standings"}
        order_by = "rank"
        empty_text = _("No completed match counts for this table yet.")

    def render_rank(self, value, record):
        return format_html(
            "{}{}", value, "=" if record.shared else ""
        )  # "2=": a shared rank, also said in words in the tie-break column

    def value_rank(self, value, record):
        return value

    def render_decided_by(self, value, record):
        return value or (
            _("shared rank: equal on every tie-break (R15)") if record.shared else ""
        )

    def value_decided_by(self, value, record):
        return self.render_decided_by(value, record)


# The columns in their order: the standings' own, a table's score columns after
# "matches" (declared once here, for the page and the exports).
def _sequence(*score: str) -> tuple[str, ...]:
    return (
        "rank",
        "team",
        "club",
        "matches",
        *score,
        "best_match",
        "best_trophy",
        "decided_by",
    )


class ChampionshipTable(_StandingTable):
    matches = tables.Column(
        verbose_name=format_lazy(_("Matches (of {cap})"), cap=CHAMPIONSHIP_MATCH_CAP)
    )
    score = tables.Column(verbose_name=_("Points"))
    average = tables.Column(verbose_name=_("Average"), order_by="average")

    class Meta(_StandingTable.Meta):
        sequence = _sequence("score", "average")

    def render_matches(self, value):
        return format_html("{} / {}", value, CHAMPIONSHIP_MATCH_CAP)

    def value_matches(self, value):
        return value


class GrandPrixTable(_StandingTable):
    score = tables.Column(verbose_name=_("Total (raw, 24 hands)"))
    best_match = tables.Column(verbose_name=_("Best match (raw 8-hand sum)"))

    class Meta(_StandingTable.Meta):
        sequence = _sequence("score")
        empty_text = _("No match of this event is completed yet.")


class VariantFreeTable(NamedTable):
    """A variant's free-games table (R15): players by confirmed points. A sitting
    carried over from a team entry counts for its team."""

    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    name = tables.Column(
        verbose_name=_("Player"),
        attrs={"td": {"class": "entrant"}},
        order_by="name_sort",
    )
    games = tables.Column(verbose_name=_("Sittings"))
    points = tables.Column(verbose_name=_("Points"))

    class Meta:
        attrs = {"class": "table table-sm table-hover align-middle standings"}
        order_by = "rank"
        empty_text = _("No confirmed sitting counts for this table yet.")

    def render_name(self, value, record):
        if record.entrant == "team":
            return format_html(
                '<a href="{}">{}</a> <span class="badge text-bg-light">{}</span>',
                reverse("team", args=[record.id]),
                value,
                _("team entry"),
            )
        return format_html(
            '<a href="{}">{}</a>', reverse("trophies:player", args=[record.id]), value
        )

    def value_name(self, value):
        return value


class RoyalFreeTable(VariantFreeTable):
    """The Royal free games (R15): teams by match points (R11)."""

    name = tables.Column(
        verbose_name=_("Team"), attrs={"td": {"class": "entrant"}}, order_by="name_sort"
    )
    games = tables.Column(verbose_name=_("Matches"))
    points = tables.Column(verbose_name=_("Match points"))

    class Meta(VariantFreeTable.Meta):
        empty_text = _("No Royal free game is completed yet.")

    def render_name(self, value, record):
        return format_html(
            '<a href="{}">{}</a>', reverse("team", args=[record.id]), value
        )


def free_games_table(table):
    """The django-tables2 table of one free-games table, sortable on its own."""
    kind = VariantFreeTable if table.variant else RoyalFreeTable
    return kind(
        table.rows,
        prefix=f"{table.key}-",
        attrs={
            "class": "table table-sm table-hover align-middle standings",
            "id": f"table-{table.key}",
        },
    )
