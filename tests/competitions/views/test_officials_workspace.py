"""The officials' workspace (/officials/): its home and menu, the season, players,
teams and rosters (R15) — officials only, refusals on the page that caused them,
bounded queries, Hungarian order."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions.models import JuryApproval, Match, Membership, Player, Season
from tarokk_admin.core.roles import Role
from tests.factories import (
    MatchFactory,
    PlayerFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    ready_match,
    roster,
)

pytestmark = pytest.mark.django_db
HOME = "/officials/"
# 4 of them for the refused matches, the outbox's two lists and the teams
# without a captain.
QUERIES = 20


@pytest.fixture
def official(client):
    user = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    "url",
    [HOME, "/officials/seasons/", "/officials/players/", "/officials/teams/2026/"],
)
def test_the_workspace_is_for_officials_only(client, url):
    SeasonFactory(year=2026)
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(UserFactory(roles=[Role.TEAM_CAPTAIN, Role.REFEREE]))
    refused = client.get(url)
    assert refused.status_code == 403
    assert "officials" in refused.content.decode()


def test_the_home_shows_the_season_in_progress(
    client, official, django_assert_max_num_queries
):
    match = MatchFactory(public=False)
    MatchFactory(competition=match.competition, status=Match.Status.COMPLETED)
    with django_assert_max_num_queries(QUERIES):
        page = client.get(HOME)
    assert page.status_code == 200
    body = page.content.decode()
    figures = re.findall(r'<dd class="fs-4 mb-0">(?:<a [^>]*>)?(\d+)', body)
    assert figures[:4] == ["1", "0", "1", "0"]  # scheduled, in play, completed, void
    approvals = re.search(r"jury approval \(R15\)</a>\s*<span[^>]*>(\d+)", body)
    assert approvals.group(1) == "1"


def test_the_menu_reaches_every_officials_page(client, official):
    season = SeasonFactory(year=timezone.localdate().year)
    body = client.get(HOME).content.decode()
    menu = body.split('class="dropdown-menu"')[1].split("</ul>")[0]
    links = set(re.findall(r'href="(/[^"]*)"', menu))
    expected = {
        reverse(name)
        for name in (
            "officials:home",
            "officials:seasons",
            "officials:players",
            "officials:teams_current",
            "officials:cup_current",
            "officials:grand_prix_list",
            "officials:free_games",
            "officials:variant_trophy_new",
            "officials:import",
            "jury:home",
            "jury:given",
            "referee:home",
        )
    }
    assert expected <= links
    for link in links - {reverse("admin:index")}:
        answer = client.get(link, follow=True)
        assert answer.status_code == 200, link
    assert client.get("/officials/cup/").url == f"/officials/cup/{season.year}/"


def test_r15_a_season_is_created_and_an_overlap_refused_on_the_page(client, official):
    data = {"new-year": "2027", "new-annual_meeting": "2027-01-16"}
    assert client.post("/officials/seasons/", data).url == "/officials/seasons/2027/"
    again = client.post("/officials/seasons/", data)
    assert again.status_code == 400
    assert "already exists" in again.content.decode()
    inverted = client.post(
        "/officials/seasons/2027/",
        {
            "annual_meeting": "2027-01-16",
            "cup_registration_opens": "2027-09-10",
            "cup_registration_closes": "2027-08-25",
        },
    )
    assert inverted.status_code == 400
    assert "before it opens" in inverted.content.decode()
    assert Season.objects.get(year=2027).cup_registration_opens is None


def test_players_are_searched_accent_blind_and_listed_the_hungarian_way(
    client, official, django_assert_max_num_queries
):
    for number, name in enumerate(["Győri Anna", "Gödöllői Béla", "Kovács Éva"]):
        PlayerFactory(name=name, federation_number=f"P{number}")
    with django_assert_max_num_queries(QUERIES):
        body = client.get("/officials/players/").content.decode()
    assert body.index("Gödöllői Béla") < body.index("Győri Anna")
    found = client.get("/officials/players/", {"q": "kovacs eva"}).content.decode()
    assert "Kovács Éva" in found
    assert "Győri Anna" not in found


def test_a_taken_federation_number_is_refused_on_the_form(client, official):
    PlayerFactory(name="Kovács Éva", federation_number="H1")
    answer = client.post(
        "/officials/players/",
        {"new-name": "Nagy Ádám", "new-federation_number": "h1"},
    )
    assert answer.status_code == 400
    assert "already Kovács Éva" in answer.content.decode()
    assert Player.objects.count() == 1


def test_r15_a_roster_change_against_a_played_match_is_refused_naming_it(
    client, official
):
    match = ready_match()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.COMPLETED)
    season = match.competition.season
    newcomer = PlayerFactory(name="Új Játékos", federation_number="N1")
    url = f"/officials/teams/{season.year}/{match.team_a.pk}/place/"
    answer = client.post(url, {"place-role": "driver", "place-player": "N1"})
    assert answer.status_code == 400
    assert match.team_b.name in answer.content.decode()
    before = roster(match.team_a, season)
    assert before["driver"] != newcomer
    removed = client.post(
        f"/officials/teams/{season.year}/{match.team_a.pk}/place/driver/remove/",
        follow=True,
    )
    assert match.team_b.name in removed.content.decode()
    assert roster(match.team_a, season) == before


def test_a_roster_is_filled_and_copied_to_the_next_season(client, official):
    season = SeasonFactory(year=2026)
    SeasonFactory(year=2027)
    team = TeamFactory(name="Váci Tarokk")
    for number, role in enumerate(("driver", "catcher")):
        player = PlayerFactory(federation_number=f"R{number}")
        client.post(
            f"/officials/teams/2026/{team.pk}/place/",
            {"place-role": role, "place-player": f"R{number}"},
        )
    assert set(roster(team, season)) == {"driver", "catcher"}
    answer = client.post("/officials/teams/2027/copy/", {"copy-source": "2026"})
    assert answer.status_code == 302
    assert Membership.objects.filter(season__year=2027, team=team).count() == 2
    page = client.get("/officials/teams/2027/").content.decode()
    assert player.name in page


def test_the_jury_sees_the_approvals_it_gave_linked_to_their_matches(client):
    juror, other = (UserFactory(roles=[Role.JURY]) for _ in range(2))
    mine, theirs = MatchFactory(public=False), MatchFactory(public=False)
    when = timezone.make_aware(dt.datetime(2026, 3, 1, 12))
    JuryApproval.objects.create(match=mine, approved_by=juror, approved_at=when)
    JuryApproval.objects.create(match=theirs, approved_by=other, approved_at=when)
    client.force_login(juror)
    body = client.get("/jury/given/").content.decode()
    assert reverse("scoring:match", args=[mine.pk]) in body
    assert reverse("scoring:match", args=[theirs.pk]) not in body
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    assert (
        reverse("scoring:match", args=[theirs.pk])
        in client.get("/jury/given/").content.decode()
    )


def test_the_rosters_and_a_team_page_run_a_bounded_number_of_queries(
    client, official, django_assert_max_num_queries
):
    season = SeasonFactory(year=2026)
    teams = [TeamFactory() for _ in range(6)]
    for index, team in enumerate(teams):
        for role in ("driver", "catcher"):
            Membership.objects.create(
                season=season,
                team=team,
                role=role,
                player=PlayerFactory(federation_number=f"Q{index}{role}"),
            )
    with django_assert_max_num_queries(QUERIES):
        assert client.get("/officials/teams/2026/").status_code == 200
    with django_assert_max_num_queries(QUERIES):
        assert client.get(f"/officials/teams/2026/{teams[0].pk}/").status_code == 200
    with django_assert_max_num_queries(QUERIES):
        assert client.get("/officials/seasons/2026/").status_code == 200


def test_the_approvals_given_run_a_bounded_number_of_queries(
    client, official, django_assert_max_num_queries
):
    when = timezone.make_aware(dt.datetime(2026, 3, 1, 12))
    for _ in range(5):
        JuryApproval.objects.create(
            match=MatchFactory(public=False), approved_by=official, approved_at=when
        )
    with django_assert_max_num_queries(QUERIES):
        body = client.get("/jury/given/").content.decode()
    assert body.count('href="/matches/') == 5
