"""The statistics pages and the JSON API agree with the hand-built season's numbers
worked out on paper, in a bounded number of queries, in both languages;
bad addresses get a clear answer, never a 500."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.utils import translation

from tests.stats.checks import assert_federation, assert_player, assert_team
from tests.stats.expected import FEDERATION, PLAYERS, TEAMS

pytestmark = pytest.mark.django_db


def rows(response) -> list[dict[str, str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def figure(html: str, key: str) -> str:
    found = re.search(rf'data-figure="{key}">([^<]*)<', html)
    assert found, key
    return found.group(1)


def test_the_api_agrees_with_the_hand_built_season(client, kit):
    assert_federation(client.get("/api/statistics/2026/").json())
    for team in kit.teams.values():
        assert_team(
            client.get(f"/api/statistics/2026/teams/{team.pk}/").json(), team.name
        )
    for name in PLAYERS:
        player = kit.players[name]
        assert_player(
            client.get(f"/api/statistics/2026/players/{player.pk}/").json(), name
        )
    seasons = client.get("/api/statistics/").json()["seasons"]
    assert [
        (s["season"], s["matches"], s["hands"], s["trophies"]) for s in seasons
    ] == [(2026, 2, 16, 1)]
    teams = client.get("/api/statistics/2026/teams/").json()
    assert [row["team"] for row in teams["rows"]] == [
        "Dunakeszi",
        "Gödöllő",
        "Kisfaludy",
    ]
    players = client.get("/api/statistics/2026/players/").json()["rows"]
    assert {row["player"]: row["matches"] for row in players}["Dénes"] == 1


def test_the_federation_page_shows_the_same_numbers(client, kit):
    html = client.get("/statistics/2026/").content.decode()
    assert figure(html, "matches") == "2"
    assert figure(html, "average-hand") == "84.88"  # 2716 / 32 = 84.875
    assert figure(html, "average-match") == "84.50"  # 338 / 4
    assert figure(html, "trophies") == "1"
    assert figure(html, "contras") == "4"  # 2 on cash, 1 on heads, 1 on play
    table = rows(client.get("/statistics/2026/?_export=csv"))
    assert len(table) == 70
    by_name = {row["Announcement"]: row for row in table}
    for code, (announced, made, contras, won) in FEDERATION["announced"].items():
        row = next(r for r in table if r["Announcement"] == _name(code))
        assert (row["Announced"], row["Made"]) == (str(announced), str(made)), code
        assert (row["Contras"], row["Contras won"]) == (str(contras), str(won)), code
    assert by_name["Four Kings"]["Made"] == "1"  # a silent premium: how often it scored
    assert by_name["Four Kings"]["Announced"] in ("", "–")
    contras = rows(client.get("/statistics/2026/?_export=csv&table=contras"))
    assert [(r["Contra on"], r["Contras"], r["Won"], r["Lost"]) for r in contras] == [
        (_name(c["feast"]), str(c["given"]), str(c["won"]), str(c["lost"]))
        for c in FEDERATION["contras"]
    ]


def _name(code: str) -> str:
    from scoring.engine.catalogue import FEASTS

    return FEASTS[code].name


def test_a_team_page_shows_the_same_numbers(client, kit):
    team = kit.teams["K"]
    expected = TEAMS["Kisfaludy"]
    html = client.get(f"/statistics/2026/teams/{team.pk}/").content.decode()
    assert figure(html, "matches") == "2"
    assert figure(html, "match-points") == "178"
    assert figure(html, "attack") == "88.25"  # 706 / 8
    assert figure(html, "defence") == "90.25"  # 722 / 8
    assert figure(html, "contra-points") == "32"
    assert "Lie in Wait" in html
    assert "Four Kings" in html
    url = f"/statistics/2026/teams/{team.pk}/"
    feasts = rows(client.get(url + "?_export=csv"))
    assert sorted(
        (r["Announcement"], r["Announced"], r["Made"]) for r in feasts
    ) == sorted(
        (_name(code), str(a), str(m)) for code, a, m in expected["announcements"]
    )
    contras = rows(client.get(url + "?_export=csv&table=contras"))
    assert {(r["Contra on"], r["Won"]) for r in contras} == {
        ("Heads", "1"),
        ("Play", "1"),
        ("Cash", "1"),
    }


def test_a_player_page_shows_each_role(client, kit):
    akos = kit.players["Ákos"]
    url = f"/statistics/2026/players/{akos.pk}/"
    html = client.get(url).content.decode()
    assert "As catcher" in html
    assert "As driver" not in html  # he never drove
    assert figure(html, "announced") == "3"
    assert figure(html, "trophies") == "1"
    feasts = rows(client.get(url + "?_export=csv&table=catcher"))
    assert [(r["Announcement"], r["Announced"], r["Made"]) for r in feasts] == [
        (_name(code), str(a), str(m)) for code, a, m in PLAYERS["Ákos"]["catcher"][4]
    ]
    cili = client.get(f"/statistics/2026/players/{kit.players['Cili'].pk}/")
    assert "has not played a completed public match" in cili.content.decode()


def test_the_lists_sort_and_export(client, kit):
    html = client.get("/statistics/2026/teams/?sort=-match_points").content.decode()
    assert html.index("Kisfaludy") < html.index("Gödöllő") < html.index("Dunakeszi")
    table = rows(client.get("/statistics/2026/teams/?_export=csv"))
    assert [r["Team"] for r in table] == ["Dunakeszi", "Gödöllő", "Kisfaludy"]
    xlsx = client.get("/statistics/2026/players/?_export=xlsx")
    assert xlsx.status_code == 200
    assert xlsx.content[:2] == b"PK"  # a zip: the XLSX workbook


def test_pages_in_hungarian_use_the_decimal_comma(client, kit):
    response = client.get("/statistics/2026/", HTTP_ACCEPT_LANGUAGE="hu")
    html = response.content.decode()
    assert "Statisztika 2026" in html
    assert figure(html, "average-hand") == "84,88"
    with translation.override("hu"):
        assert "A 70 bemondás" in html


@pytest.mark.parametrize(
    ("url", "cold", "warm"),
    [
        ("/statistics/2026/", 6, 1),
        ("/statistics/2026/teams/", 6, 1),
        ("/statistics/2026/players/", 6, 1),
        ("/statistics/2026/teams/{team}/", 6, 1),
        ("/statistics/2026/players/{player}/", 6, 1),
    ],
)
def test_pages_run_a_bounded_number_of_queries(
    client, kit, django_assert_max_num_queries, url, cold, warm
):
    url = url.format(team=kit.teams["K"].pk, player=kit.players["Anna"].pk)
    with django_assert_max_num_queries(cold):
        assert client.get(url).status_code == 200
    with django_assert_max_num_queries(warm):
        assert client.get(url).status_code == 200


def test_a_refresh_is_a_new_page_body(client, kit, django_capture_on_commit_callbacks):
    from competitions.services.matches import match_void

    before = client.get("/statistics/2026/").content.decode()
    assert figure(before, "matches") == "2"
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=kit.matches[1], user=kit.official, reason="wrong teams")
    assert figure(client.get("/statistics/2026/").content.decode(), "matches") == "1"


@pytest.mark.parametrize(
    ("url", "status", "says"),
    [
        ("/statistics/1999/", 404, "Not found"),
        ("/statistics/2026/teams/999999/", 404, "Not found"),
        ("/statistics/99999999999999999999/", 404, "Not found"),
        ("/statistics/2026/players/99999999999999999999/", 404, "Not found"),
        ("/api/statistics/2026/teams/99999999999999999999/", 400, "whole number"),
        ("/statistics/2026/?_export=pdf", 400, "Unknown export format pdf"),
        ("/statistics/2026/?_export=csv&table=nope", 400, "Unknown table nope"),
        ("/api/statistics/abc/", 400, "must be a year such as 2026"),
        ("/api/statistics/1999/", 404, "There is no 1999 season"),
        ("/api/statistics/2026/teams/x/", 400, "must be a positive whole number"),
        ("/api/statistics/2026/teams/999999/", 404, "no team with id 999999"),
        ("/api/statistics/2026/players/999999/", 404, "no player with id 999999"),
    ],
)
def test_bad_addresses_say_what_is_wrong(client, kit, url, status, says):
    response = client.get(url)
    assert response.status_code == status
    assert says in response.content.decode()


def test_the_api_answers_get_only(client, kit):
    response = client.post("/api/statistics/2026/")
    assert response.status_code == 405
    assert response.json()["error"]
