"""The Standings API exactly as HAND_RECORD.md says: shapes, the same numbers and
order as the pages, and a clear JSON 400/404 for bad parameters, never a 500."""

from __future__ import annotations

import pytest

from competitions.models import Competition
from tests.competitions.kit import award, completed, league
from tests.factories import CompetitionFactory, SeasonFactory, TeamFactory
from tests.tables import table_cells

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The standings cache outlives a test's rolled-back rows (Redis in CI)."""
    from django.core.cache import cache

    cache.clear()


ROW_KEYS = ["rank", "team", "matches", "points", "best_match", "best_trophy"]


def test_championship_api_has_exactly_the_specified_shape(client):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b = TeamFactory(name="Kisfaludy"), TeamFactory(name="Dunakeszi")
    match = completed(champ, a, b, 95, 94)
    award(match, a, "royal")
    data = client.get("/api/championship/2026/").json()
    assert data == {
        "season": 2026,
        "rows": [
            {
                "rank": 1,
                "team": "Kisfaludy",
                "matches": 1,
                "points": 95,
                "best_match": 95,
                "best_trophy": "royal",
            },
            {
                "rank": 2,
                "team": "Dunakeszi",
                "matches": 1,
                "points": 94,
                "best_match": 94,
                "best_trophy": None,
            },
        ],
    }


def test_r15_api_shares_ranks_1_2_2_4_and_orders_a_shared_rank_by_name(client):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    t = {n: TeamFactory(name=n) for n in ("Zeta", "Alfa", "Mu", "Omega")}
    completed(champ, t["Zeta"], t["Alfa"], 50, 50)
    completed(champ, t["Mu"], t["Omega"], 60, 10)
    rows = client.get("/api/championship/2026/").json()["rows"]
    assert [(r["rank"], r["team"]) for r in rows] == [
        (1, "Mu"),
        (2, "Alfa"),
        (2, "Zeta"),
        (4, "Omega"),
    ]
    assert list(rows[0]) == ROW_KEYS


def test_api_has_the_same_numbers_and_order_as_the_page(client):
    league(10, 3)
    rows = client.get("/api/championship/2026/").json()["rows"]
    page = table_cells(client.get("/championship/2026/").content.decode())
    assert [(str(r["rank"]), r["team"], str(r["points"])) for r in rows] == [
        (p["rank"].rstrip("="), p["team"], p["score"]) for p in page
    ]


def test_grand_prix_api_lists_events_and_gives_totals_in_place_of_points(client):
    season = SeasonFactory(year=2026)
    gp = CompetitionFactory(
        season=season, kind=Competition.Kind.GRAND_PRIX, name="Tavaszi Grand Prix"
    )
    a, b = TeamFactory(name="A"), TeamFactory(name="B")
    completed(gp, a, b, 100, 90)
    assert client.get("/api/grand-prix/?season=2026").json() == {
        "events": [{"id": gp.pk, "name": "Tavaszi Grand Prix"}]
    }
    data = client.get(f"/api/grand-prix/{gp.pk}/").json()
    assert data["rows"] == [
        {
            "rank": 1,
            "team": "A",
            "matches": 1,
            "total": 800,
            "best_match": 800,
            "best_trophy": None,
        },
        {
            "rank": 2,
            "team": "B",
            "matches": 1,
            "total": 720,
            "best_match": 720,
            "best_trophy": None,
        },
    ]


@pytest.mark.parametrize(
    ("url", "status", "says"),
    [
        ("/api/championship/abc/", 400, "must be a year"),
        ("/api/championship/-1/", 400, "must be a year"),
        ("/api/championship/99999999999999999999999/", 400, "must be a year"),
        ("/api/championship/1990/", 404, "no 1990 season"),
        ("/api/grand-prix/", 400, "?season="),
        ("/api/grand-prix/?season=", 400, "?season="),
        ("/api/grand-prix/?season=twenty", 400, "must be a year"),
        ("/api/grand-prix/?season=1990", 404, "no 1990 season"),
        ("/api/grand-prix/x/", 400, "positive whole number"),
        ("/api/grand-prix/99999999999999999999999/", 400, "positive whole number"),
        ("/api/grand-prix/424242/", 404, "no Grand Prix 424242"),
    ],
)
def test_bad_parameters_get_a_clear_json_error_never_a_500(client, url, status, says):
    SeasonFactory(year=2026)
    response = client.get(url)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert says in response.json()["error"]


def test_a_championship_id_is_not_a_grand_prix(client):
    champ = CompetitionFactory(season=SeasonFactory(year=2026))
    assert client.get(f"/api/grand-prix/{champ.pk}/").status_code == 404
