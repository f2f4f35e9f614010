"""The officials' schedule pages: officials only, refusals shown on the page that
caused them, a bounded number of queries, the fixtures upload and the Grand Prix
seeding buttons (no script needed)."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from competitions.models import Competition, GrandPrixEntry, Match
from competitions.services.grand_prix import grand_prix_create, grand_prix_entries_set
from tarokk_admin.core.roles import Role
from tests.factories import (
    CompetitionFactory,
    MatchFactory,
    SeasonFactory,
    UserFactory,
    pool_referee,
    team_with_roster,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    season = SeasonFactory(year=2026)
    championship = CompetitionFactory(season=season)
    teams = [team_with_roster(season, name=n) for n in ("Győri", "Gödöllői", "Váci")]
    return championship, teams


@pytest.fixture
def official(client):
    user = UserFactory(username="foti", roles=[Role.OFFICIAL])
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    "address",
    [
        "/officials/schedule/",
        "/officials/schedule/matches/{match}/",
        "/officials/competitions/{competition}/",
        "/officials/disputes/",
    ],
)
@pytest.mark.parametrize("role", [Role.REFEREE, Role.TEAM_CAPTAIN, Role.JURY])
def test_only_officials_open_the_schedule_pages(client, league, address, role):
    match = MatchFactory(competition=league[0])
    url = address.format(match=match.pk, competition=league[0].pk)
    assert client.get(url).status_code == 302  # anonymous: to the login page
    client.force_login(UserFactory(roles=[role]))
    assert client.get(url).status_code == 403
    # The disputes list takes no POST at all (405); the others refuse the role.
    assert client.post(url, {"action": "void", "reason": "x"}).status_code in (403, 405)
    match.refresh_from_db()
    assert match.status == Match.Status.SCHEDULED


def test_the_schedule_lists_and_filters_in_bounded_queries(
    client, league, official, django_assert_max_num_queries
):
    championship, (a, b, c) = league
    for day in range(1, 16):
        MatchFactory(
            competition=championship, team_a=a, team_b=b, date=dt.date(2026, 5, day)
        )
    MatchFactory(competition=championship, team_a=b, team_b=c, date=dt.date(2026, 6, 1))
    with django_assert_max_num_queries(14):
        html = client.get("/officials/schedule/?date_from=").content.decode()
    assert html.count('data-testid="schedule-row"') == 16
    # Without a filter the schedule starts today.
    Match.objects.filter(date=dt.date(2026, 6, 1)).update(date=timezone.localdate())
    html = client.get("/officials/schedule/").content.decode()
    assert html.count('data-testid="schedule-row"') == 1
    html = client.get(f"/officials/schedule/?team={c.pk}").content.decode()
    assert html.count('data-testid="schedule-row"') == 1
    html = client.get(
        "/officials/schedule/?date_from=2026-05-10&date_to=2026-05-12"
    ).content.decode()
    assert html.count('data-testid="schedule-row"') == 3
    html = client.get("/officials/schedule/?season=2025").content.decode()
    assert "Select a valid choice" in html  # not a season: said on its field


def test_scheduling_on_the_page_and_its_refusal_on_the_field(client, league, official):
    championship, (a, b, c) = league
    data = {
        "competition": championship.pk,
        "team_a": a.pk,
        "team_b": b.pk,
        "date": "2026-04-04",
        "time": "18:00",
        "venue": "Vác",
        "public": "on",
    }
    response = client.post("/officials/schedule/", data, follow=True)
    assert "Győri – Gödöllői is scheduled on 2026-04-04." in response.content.decode()
    match = Match.objects.get()
    assert match.history.get().history_user == official
    response = client.post("/officials/schedule/", {**data, "team_a": c.pk})
    assert response.status_code == 400
    assert "Gödöllői already plays on 2026-04-04" in response.content.decode()
    response = client.post("/officials/schedule/", {**data, "date": "2027-01-02"})
    assert "outside the 2026 season" in response.content.decode()
    assert Match.objects.count() == 1


def test_move_postpone_referee_and_void_on_the_match_page(client, league, official):
    championship, (a, b, _c) = league
    match = MatchFactory(competition=championship, team_a=a, team_b=b)
    url = f"/officials/schedule/matches/{match.pk}/"
    referee = pool_referee(championship.season, username="biro")
    client.post(url, {"action": "referee", "referee": referee.pk})
    client.post(url, {"action": "move", "date": "2026-03-15", "venue": "Eger"})
    response = client.post(url, {"action": "postpone", "date": "2026-03-01"})
    assert response.status_code == 400
    assert "This field is required" in response.content.decode()
    response = client.post(
        url, {"action": "postpone", "date": "2026-03-01", "reason": "hó"}
    )
    assert "played later than 2026-03-15" in response.content.decode()
    client.post(url, {"action": "postpone", "date": "2026-03-22", "reason": "hó"})
    match.refresh_from_db()
    assert (match.date, match.venue, match.referee) == (
        dt.date(2026, 3, 22),
        "Eger",
        referee,
    )
    response = client.post(url, {"action": "void", "reason": ""})
    assert response.status_code == 400
    response = client.post(
        url, {"action": "void", "reason": "Rossz csapat"}, follow=True
    )
    assert "The match is void" in response.content.decode()
    html = response.content.decode()
    assert "postponed: hó" in html
    assert "Rossz csapat" in html
    match.refresh_from_db()
    assert match.status == Match.Status.VOID


def test_the_match_page_runs_a_bounded_number_of_queries(
    client, league, official, django_assert_max_num_queries
):
    match = MatchFactory(competition=league[0])
    for day in range(5):
        Match.objects.filter(pk=match.pk).update(venue=f"V{day}")
        match.refresh_from_db()
        match.save()  # history rows
    with django_assert_max_num_queries(12):
        assert client.get(f"/officials/schedule/matches/{match.pk}/").status_code == 200


def test_the_fixtures_upload_schedules_all_or_reports_every_line(
    client, league, official, django_assert_max_num_queries
):
    championship = league[0]
    url = f"/officials/competitions/{championship.pk}/"
    with django_assert_max_num_queries(12):
        assert client.get(url).status_code == 200
    bad = (
        "date,team_a,team_b\n2026-04-01,Győri,Váci\n2026-04-01,Nobody,Győri\n"
    ).encode()
    response = client.post(url, {"file": SimpleUploadedFile("f.csv", bad)})
    html = " ".join(response.content.decode().split())
    assert response.status_code == 400
    # Listed as every import lists its problems (templates/_problem_list.html).
    assert (
        "<strong>line 3, column team_a:</strong> There is no team named Nobody" in html
    )
    assert (
        "<strong>line 3, column team_b:</strong> Győri already plays on 2026-04-01 "
        "(line 2)"
    ) in html
    assert not Match.objects.exists()
    good = "date,team_a,team_b\n2026-04-01,Győri,Váci\n".encode()
    response = client.post(
        url, {"file": SimpleUploadedFile("f.csv", good)}, follow=True
    )
    assert "1 match scheduled." in response.content.decode()
    response = client.post(
        url, {"file": SimpleUploadedFile("f.csv", good)}, follow=True
    )
    html = response.content.decode()
    assert "0 matches scheduled." in html
    assert "Line 2:" in html
    assert "already scheduled; not counted" in html
    latin = "date,team_a,team_b\n2026-04-02,Győri,Váci\n".encode("iso8859_2")
    response = client.post(url, {"file": SimpleUploadedFile("f.csv", latin)})
    assert "not UTF-8" in response.content.decode()
    assert Match.objects.count() == 1


def test_grand_prix_seeding_buttons_work_without_script(client, official):
    season = SeasonFactory(year=2026)
    event = grand_prix_create(season=season, name="GP")
    teams = [team_with_roster(season, name=n) for n in "ABCD"]
    grand_prix_entries_set(competition=event, teams=teams)
    entry = GrandPrixEntry.objects.get(competition=event, team=teams[3])
    client.post(
        f"/officials/grand-prix/{event.pk}/seeding/", {"entry": entry.pk, "move": "up"}
    )
    html = client.get(f"/officials/grand-prix/{event.pk}/").content.decode()
    seeding = html.split('data-testid="seeding"')[1].split("</ol>")[0]
    names = [part.split("</span>")[0] for part in seeding.split("<span>")[1:]]
    assert names == ["A", "B", "D", "C"]
    assert event.kind == Competition.Kind.GRAND_PRIX


def test_counting_a_grand_prix_match_for_a_cup_tie_shows_the_refusal(
    client, official, django_assert_max_num_queries
):
    from tests.competitions.kit import drawn_cup, tie_at

    cup = drawn_cup()
    tie = tie_at(cup, 1, 1)
    event = grand_prix_create(season=cup.season, name="Őszi GP")
    match = Match.objects.create(
        competition=event,
        team_a=tie.team_a,
        team_b=tie.team_b,
        date=dt.date(2026, 10, 3),
        round=1,
    )
    url = f"/officials/grand-prix/matches/{match.pk}/cup-tie/"
    with django_assert_max_num_queries(10):
        assert client.get(url).status_code == 200
    response = client.post(url, {"tie": tie.pk})
    assert response.status_code == 400
    assert "cup round&#x27;s month" in response.content.decode()
    Match.objects.filter(pk=match.pk).update(date=dt.date(2026, 9, 26))
    response = client.post(url, {"tie": tie.pk})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.tie == tie
