"""django-tables2 tables of the statistics pages: sortable (``?sort=``), exportable
(``?_export=csv|xlsx``, ``tarokk_admin.core.tables.table_export``) like the other
public tables. Rows are the selectors' plain dicts with the names put into the
visitor's language by the views; exports carry the plain numbers."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from tarokk_admin.core.tables import NamedTable

ATTRS = {"class": "table table-sm table-hover align-middle standings stats-table"}
NUMBER = {"td": {"class": "text-end"}, "th": {"class": "text-end"}}


def decimal(value: float | None, places: int = 2) -> str:
    """A number in the visitor's format ("88,25" in Hungarian); "–" for none."""
    return "–" if value is None else number_format(value, places)


class _Base(NamedTable):
    class Meta:
        attrs = ATTRS
        template_name = "django_tables2/bootstrap5.html"


class Number(tables.Column):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(*args, **kwargs)


class Decimal(Number):
    """A number with decimals, shown in the visitor's format ("88,25" in Hungarian);
    exported as the plain number."""

    def __init__(self, *args, places: int = 2, **kwargs):
        self.places = places
        kwargs.setdefault("default", None)
        super().__init__(*args, **kwargs)

    def render(self, value):
        return decimal(value, self.places)

    def value(self, value):
        return value


class AnnouncementTable(_Base):
    """Every one of the 70 announcements (R13) by group: announced, made, contras."""

    title = _("Announcements")

    group_name = tables.Column(verbose_name=_("Group"), order_by="group_order")
    name = tables.Column(verbose_name=_("Announcement"), order_by="row")
    value = Number(verbose_name=_("Value"))
    announced = Number(verbose_name=_("Announced"), default="–")
    made = Number(verbose_name=_("Made"))
    made_share = Decimal(verbose_name=_("Made %"), places=1)
    contras = Number(verbose_name=_("Contras"))
    contras_won = Number(verbose_name=_("Contras won"))

    class Meta(_Base.Meta):
        empty_text = _("No hand is counted yet.")


class FeastTable(_Base):
    """The feasts a team or player announced, with how often each was made."""

    title = _("Announcements")

    name = tables.Column(verbose_name=_("Announcement"), order_by="row")
    group_name = tables.Column(verbose_name=_("Group"), order_by="group_order")
    announced = Number(verbose_name=_("Announced"))
    made = Number(verbose_name=_("Made"))
    made_share = Decimal(verbose_name=_("Made %"), places=1)

    class Meta(_Base.Meta):
        order_by = "group_name"  # the score sheet's sections, as the federation's table
        empty_text = _("No announcement this season.")


class ContraTable(_Base):
    """Contras called (R8) and their outcome for the team that called them."""

    title = _("Contras")

    name = tables.Column(verbose_name=_("Contra on"), order_by="row")
    given = Number(verbose_name=_("Contras"))
    won = Number(verbose_name=_("Won"))
    lost = Number(verbose_name=_("Lost"))

    class Meta(_Base.Meta):
        order_by = "-given"
        empty_text = _("No contra this season.")


class _SubjectTable(_Base):
    matches = Number(verbose_name=_("Matches"))
    match_points = Number(verbose_name=_("Match points"))
    average_match_points = Decimal(verbose_name=_("Average match points"))
    average_attack = Decimal(verbose_name=_("Average hand in attack"))
    average_defence = Decimal(verbose_name=_("Average hand in defence"))
    announced = Number(verbose_name=_("Announced"))
    made = Number(verbose_name=_("Made"))
    made_share = Decimal(verbose_name=_("Made %"), places=1)
    contras = Number(verbose_name=_("Contras given"))
    contras_won = Number(verbose_name=_("Contras won"))
    trophies = Number(verbose_name=_("Trophies"))
    trophy_points = Number(verbose_name=_("Trophy points"))

    class Meta(_Base.Meta):
        empty_text = _("No completed match is counted this season yet.")


class TeamStatisticsTable(_SubjectTable):
    title = _("Teams")
    team = tables.Column(
        verbose_name=_("Team"),
        order_by="sort_key",
        linkify=lambda record: reverse(
            "statistics:team", args=[record["year"], record["id"]]
        ),
    )

    class Meta(_SubjectTable.Meta):
        sequence = ("team", "...")


class PlayerStatisticsTable(_SubjectTable):
    title = _("Players")
    player = tables.Column(
        verbose_name=_("Player"),
        order_by="sort_key",
        linkify=lambda record: reverse(
            "statistics:player", args=[record["year"], record["id"]]
        ),
    )
    hands = Number(verbose_name=_("Hands"))

    class Meta(_SubjectTable.Meta):
        sequence = ("player", "matches", "hands", "...")
        exclude = ("match_points", "average_match_points")
