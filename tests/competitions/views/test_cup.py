"""Cup pages and API (R15, HAND_RECORD.md "Cup API"): the public bracket, the API's
exact shape, 404 JSON for an unknown year, registration and the officials' pages."""

import datetime as dt

import pytest
from django.urls import reverse

from competitions.models import CupRegistration, CupTie, Match
from tarokk_admin.core.roles import Role
from tests.competitions.kit import cup_season, drawn_cup, play, tie_at
from tests.factories import UserFactory, captain_of, team_with_roster

pytestmark = pytest.mark.django_db


def test_cup_redirects_to_the_latest_cup(client):
    drawn_cup(year=2025)
    response = client.get("/cup/")
    assert response.status_code == 302
    assert response.url == "/cup/2025/"


def test_cup_without_any_cup_says_so(client):
    response = client.get("/cup/")
    assert response.status_code == 200
    assert "No Hungarian Cup has been opened yet" in response.text


def test_R15_bracket_page_shows_15_ties_the_seed_and_medals_in_words(
    client, django_assert_max_num_queries
):
    cup = drawn_cup(seed=31337)
    play(tie_at(cup, 1, 1), seed=1)
    with django_assert_max_num_queries(12):
        response = client.get("/cup/2026/")
    assert response.status_code == 200
    html = response.text
    assert html.count('data-testid="cup-tie"') == 15
    assert "seed 31337" in html
    for words in ("Gold — winner", "Silver — runner-up", "Bronze"):
        assert words in html
    assert "@page" not in html  # print CSS lives in static/css/cup.css
    assert 'active" aria-current="page" href="/cup/"' in html  # the nav's Cup


def test_unknown_year_bracket_is_404(client):
    assert client.get("/cup/1999/").status_code == 404


@pytest.mark.parametrize(
    ("year", "status"), [("1999", 404), ("abc", 400), ("20261", 400)]
)
def test_cup_api_unknown_year_is_404_and_not_a_year_400_json(client, year, status):
    """Like the standings API: not a year is a bad parameter, no cup is not found."""
    response = client.get(f"/api/cup/{year}/")
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert "error" in response.json()


def test_cup_api_shape_while_in_progress(client, django_assert_max_num_queries):
    cup = drawn_cup()
    tie = tie_at(cup, 1, 2)
    play(tie, seed=4)
    with django_assert_max_num_queries(8):
        data = client.get("/api/cup/2026/").json()
    assert set(data) == {"season", "ties", "winner", "runner_up", "bronze"}
    assert data["season"] == 2026
    assert len(data["ties"]) == 15
    row = data["ties"][1]
    # HAND_RECORD.md's keys, and R15's walkover added beside them.
    assert set(row) == {
        "round",
        "slot",
        "teams",
        "points",
        "tiebreaks",
        "winner",
        "walkover",
    }
    assert row["walkover"] is False
    assert (row["round"], row["slot"]) == (1, 2)
    assert row["teams"] == [tie.team_a.name, tie.team_b.name]
    match = Match.objects.get(tie=tie)
    assert row["points"] == [
        match.results.get(team=tie.team_a).points,
        match.results.get(team=tie.team_b).points,
    ]
    assert row["tiebreaks"] == []
    assert row["winner"] is None
    assert data["ties"][-1]["teams"] == [None, None]
    assert (data["winner"], data["runner_up"], data["bronze"]) == (None, None, [])


def test_R15_captain_registers_the_team_on_the_page(client):
    season = cup_season(dt.date.today().year)
    season.cup_registration_opens = dt.date.today() - dt.timedelta(days=1)
    season.cup_registration_closes = dt.date.today() + dt.timedelta(days=1)
    season.save()
    team = team_with_roster(season)
    captain = captain_of(team, season)
    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    client.post(f"/officials/cup/{season.year}/", {"action": "create"})
    client.force_login(captain)
    page = client.get(f"/cup/{season.year}/register/")
    assert f"Register {team.name}" in page.text
    response = client.post(
        f"/cup/{season.year}/register/", {"team": team.pk}, follow=True
    )
    assert "is registered" in response.text
    assert CupRegistration.objects.filter(team=team).exists()


def test_registration_page_needs_a_captain_or_official(client):
    cup_season()
    client.force_login(UserFactory(roles=[Role.REFEREE]))
    assert client.get("/cup/2026/register/").status_code == 403


def test_officials_page_is_for_officials(client):
    drawn_cup()
    client.force_login(UserFactory(roles=[Role.TEAM_CAPTAIN]))
    assert client.get(reverse("officials:cup", args=[2026])).status_code == 403


def test_R15_official_schedules_a_tie_match_and_sees_refusals(client):
    cup = drawn_cup()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    url = reverse("officials:cup_tie", args=[2026, 2, 1])
    response = client.post(url, {"date": "2026-10-10", "public": "on"})
    assert "not known yet" in response.text
    assert not Match.objects.filter(tie__round=2).exists()
    url = reverse("officials:cup_tie", args=[2026, 1, 1])
    response = client.post(url, {"date": "2026-09-10", "public": "on"}, follow=True)
    assert "Scheduled" in response.text
    assert Match.objects.filter(tie=tie_at(cup, 1, 1)).count() == 1


def test_R15_official_draws_at_random_on_the_page(client):
    from tests.competitions.kit import registered_cup

    registered_cup()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    page = client.get("/officials/cup/2026/")
    assert "Draw at random" in page.text
    client.post("/officials/cup/2026/", {"action": "draw"})
    assert CupTie.objects.filter(round=1, team_a__isnull=False).count() == 8
    assert "seed" in client.get("/cup/2026/").text


@pytest.mark.parametrize(
    ("url", "data", "statuses"),
    [
        ("/cup/2026/register/", {"team": "abc"}, (200, 302)),
        (
            "/officials/cup/2026/",
            {"action": "withdraw", "registration": "x"},
            (404,),
        ),
        # An action the page's own forms never send is a bad request, not a refusal.
        ("/officials/cup/2026/", {"action": "nonsense"}, (400,)),
    ],
)
def test_bad_posts_get_a_message_not_a_500(client, url, data, statuses):
    from tests.competitions.kit import registered_cup

    registered_cup()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(url, data)
    assert response.status_code in statuses
