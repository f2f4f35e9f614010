"""django-tables2 tables of the public pages: sortable, paginated, exportable
(``?_export=csv|xlsx``)."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from competitions.rules.standings import CHAMPIONSHIP_MATCH_CAP


class _StandingTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"), attrs={"td": {"class": "rank"}})
    team = tables.Column(verbose_name=_("Team"), attrs={"td": {"class": "team"}})
    club = tables.Column(verbose_name=_("Club"))
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

    def render_team(self, value, record):
        url = reverse("team", args=[record.team_id])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_team(self, value):
        return value

    def render_decided_by(self, value, record):
        return value or (
            _("shared rank: equal on every tie-break (R15)") if record.shared else ""
        )

    def value_decided_by(self, value, record):
        return self.render_decided_by(value, record)


class ChampionshipTable(_StandingTable):
    matches = tables.Column(
        verbose_name=format_lazy(_("Matches (of {cap})"), cap=CHAMPIONSHIP_MATCH_CAP)
    )
    score = tables.Column(verbose_name=_("Points"))
    average = tables.Column(verbose_name=_("Average"), order_by="average")

    class Meta(_StandingTable.Meta):
        sequence = (
            "rank",
            "team",
            "club",
            "matches",
            "score",
            "average",
            "best_match",
            "best_trophy",
            "decided_by",
        )

    def render_matches(self, value):
        return format_html("{} / {}", value, CHAMPIONSHIP_MATCH_CAP)

    def value_matches(self, value):
        return value


class GrandPrixTable(_StandingTable):
    score = tables.Column(verbose_name=_("Total (raw, 24 hands)"))
    best_match = tables.Column(verbose_name=_("Best match (raw 8-hand sum)"))

    class Meta(_StandingTable.Meta):
        sequence = (
            "rank",
            "team",
            "club",
            "matches",
            "score",
            "best_match",
            "best_trophy",
            "decided_by",
        )
        empty_text = _("No match of this event is completed yet.")


class FreeGamesTable(tables.Table):
    rank = tables.Column(verbose_name=_("Rank"))
    team = tables.Column(verbose_name=_("Team"))
    royal_games = tables.Column(verbose_name=_("Royal free games"))
    royal_points = tables.Column(verbose_name=_("Royal match points"))
    variant_games = tables.Column(verbose_name=_("Variant games"))
    variant_points = tables.Column(verbose_name=_("Variant points"))
    total = tables.Column(verbose_name=_("Total"))

    class Meta:
        attrs = {"class": "table table-sm table-hover align-middle standings"}
        order_by = "rank"
        empty_text = _("No free game is recorded for this season yet.")

    def render_team(self, value, record):
        url = reverse("team", args=[record["team_id"]])
        return format_html('<a href="{}">{}</a>', url, value)

    def value_team(self, value):
        return value
