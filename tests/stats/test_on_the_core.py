"""Statistics on the core (issue 21): the live board's Grand Prix table ranks with
``core.ranking.shared_ranks`` (R15) and orders names with ``core.collation``, the
feast sections have one set of names (the engine's), the same everywhere."""

from __future__ import annotations

from django.utils import translation

from competitions.models import Team
from scoring.engine.catalogue import GROUP_NAMES, SHEET_ORDER, Group
from scoring.forms.hand import FEAST_SECTIONS
from scoring.selectors.paper import catalogue_groups
from stats.selectors.live import LiveStanding, _ranked
from tarokk_admin.core.collation import hu_sorted


def test_the_live_grand_prix_table_shares_ranks_in_the_core_order_r15():
    names = ["nagy adam", "Nagy Ádám", "Ács", "Zala"]
    totals = {"nagy adam": 40, "Nagy Ádám": 40, "Ács": 50, "Zala": 40}
    rows = _ranked([LiveStanding(Team(name=n), total=totals[n]) for n in names])
    assert [row.team.name for row in rows] == [
        "Ács",
        *hu_sorted(["nagy adam", "Nagy Ádám", "Zala"]),
    ]
    assert [row.rank for row in rows] == [1, 2, 2, 2]
    assert [row.shared for row in rows] == [False, True, True, True]
    # The core's order: an accent only breaks a tie, after the unaccented name.
    assert hu_sorted(["Nagy Ádám", "nagy adam"]) == ["nagy adam", "Nagy Ádám"]


def test_the_feast_sections_are_named_once_in_both_languages():
    with translation.override("hu"):
        picker = {group: str(label) for group, label in FEAST_SECTIONS}
        paper = {
            label: [code for code, *_ in rows] for label, rows in catalogue_groups()
        }
        assert picker[Group.MATERIAL] == translation.gettext("Material")
        assert picker[Group.MATERIAL] != "Material"
        assert set(picker.values()) <= set(paper)
    assert [group for group, _label in FEAST_SECTIONS] == [
        group for group in SHEET_ORDER if group is not Group.SILENT
    ]
    assert set(GROUP_NAMES) == set(Group)
