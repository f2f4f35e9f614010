"""Names in the Hungarian order, in Python and in the database (core/collation)."""

from __future__ import annotations

import random

import pytest

from competitions.models import Player, Team
from tarokk_admin.core.collation import collation_key, hu, hu_sorted
from tests.factories import PlayerFactory

TOWNS = [
    "Cegléd",
    "Csongrádi",
    "Gödöllői",
    "Győri",
    "Székesfehérvári",
    "Szombathelyi",
    "Váci",
    "Veszprémi",
]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("Gödöllői", "Győri"),
        ("Székesfehérvári", "Szombathelyi"),
        ("Váci", "Veszprémi"),
        ("Cegléd", "Csongrádi"),
        ("Dunai", "Dzsida"),
        ("Nagy", "Nyári"),
        ("Tóth", "Tyukodi"),
        ("Zala", "Zsámbéki"),
        ("Lakatos", "Lyka"),
        ("Olasz", "Örs"),
        ("Őri", "Pápai"),
        ("Kis Éva", "Kisfaludi"),
        ("Vác", "Váci"),
        ("Varga", "Vári"),
    ],
)
def test_hungarian_letters_and_accents_order_names(before, after):
    assert collation_key(before) < collation_key(after)


def test_an_accent_only_breaks_a_tie():
    # a = á on the letters: "Ábel" sorts among the A names, just after "Abel".
    assert hu_sorted(["Adorján", "Ábel", "Abel"]) == ["Abel", "Ábel", "Adorján"]


def test_python_order_of_the_towns():
    shuffled = TOWNS[:]
    random.Random(7).shuffle(shuffled)
    assert hu_sorted(shuffled) == TOWNS


@pytest.mark.django_db
def test_the_database_sorts_the_hungarian_way():
    for number, town in enumerate(reversed(TOWNS)):
        Team.objects.create(name=town)
        PlayerFactory(name=f"{town} Anna", federation_number=f"C{number}")
    assert list(Team.objects.values_list("name", flat=True)) == TOWNS
    assert [p.name for p in Player.objects.all()] == [f"{t} Anna" for t in TOWNS]
    assert (
        list(Team.objects.order_by(hu("name").desc()).values_list("name", flat=True))
        == TOWNS[::-1]
    )


def test_a_table_sorted_by_team_or_player_uses_the_hungarian_order():
    from competitions.rules.standings import StandingRow
    from competitions.selectors.free_games import FreeRow
    from competitions.tables import ChampionshipTable, VariantFreeTable

    rows = [
        StandingRow(team_id=i, team=t, club=t, matches=1, score=1, best_match=1)
        for i, t in enumerate(reversed(TOWNS))
    ]
    table = ChampionshipTable(rows, order_by="team")
    assert [row.record.team for row in table.rows] == TOWNS
    table = ChampionshipTable(rows, order_by="-club")
    assert [row.record.club for row in table.rows] == TOWNS[::-1]
    players = [FreeRow(1, "player", i, t, 1, 1) for i, t in enumerate(reversed(TOWNS))]
    table = VariantFreeTable(players, order_by="name")
    assert [row.record.name for row in table.rows] == TOWNS


@pytest.mark.django_db
def test_the_trophy_list_sorted_by_name_uses_the_hungarian_order(client):
    from trophies.models import TrophyTally

    for number, town in enumerate(reversed(TOWNS)):
        player = PlayerFactory(name=town, federation_number=f"T{number}")
        TrophyTally.objects.create(player=player, points=10)
    body = client.get("/trophies/", {"sort": "name"}).content.decode()
    places = [body.index(f">{town}<") for town in TOWNS]
    assert places == sorted(places)
