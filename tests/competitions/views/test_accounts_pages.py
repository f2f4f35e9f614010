"""The officials' accounts and roles, captains, referee pool, paper sittings and
outbox pages (never /admin/): thin views over the services, refusals on the page,
only officials, a bounded number of queries; and Django's password pages."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from competitions.models import (
    AccountEvent,
    Notice,
    SeasonReferee,
    TeamCaptain,
    VariantSitting,
)
from tarokk_admin.core.models import Followup
from tarokk_admin.core.roles import Role
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    captain_of,
    roster,
    team_with_roster,
)

pytestmark = pytest.mark.django_db

PAGES = [
    "/officials/accounts/",
    "/officials/accounts/invite/",
    "/officials/accounts/{account}/",
    "/officials/outbox/",
    "/officials/seasons/2026/referees/",
    "/officials/free-games/sittings/paper/",
]


@pytest.fixture
def official(client):
    user = UserFactory(username="olga", roles=[Role.OFFICIAL], is_staff=True)
    client.force_login(user)
    return user


@pytest.mark.parametrize("address", PAGES)
def test_the_pages_are_for_officials_only(client, address):
    SeasonFactory(year=2026)
    account = UserFactory()
    url = address.format(account=account.pk)
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(UserFactory(roles=[Role.REFEREE, Role.JURY]))
    assert client.get(url).status_code == 403
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    assert client.get(url).status_code == 200


def test_who_holds_which_role_filtered_in_the_hungarian_order(client, official):
    for last, first in (("Szabó", "Ede"), ("Csonka", "Béla"), ("Cukor", "Ida")):
        UserFactory(last_name=last, first_name=first, roles=[Role.REFEREE])
    UserFactory(last_name="Zsiga", first_name="Jury", roles=[Role.JURY])
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/officials/accounts/?role=Referee").text
    assert len(queries) <= 8
    names = re.findall(r'href="/officials/accounts/\d+/">([^<]+)<', html)
    # cs is a letter of its own, after c (Cukor before Csonka).
    assert names == ["Cukor Ida", "Csonka Béla", "Szabó Ede"]


def test_an_official_invites_and_the_person_sets_a_password(
    client, official, django_capture_on_commit_callbacks
):
    player = PlayerFactory(name="Kiss Kata")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/officials/accounts/invite/",
            {
                "email": "kata@example.org",
                "player": f"Kiss Kata ({player.federation_number})",
                "roles": [Role.JURY.value],
                "reason": "elected to the jury",
            },
            follow=True,
        )
    assert "is invited" in response.text
    event = AccountEvent.objects.get(kind="role_granted")
    assert (event.account.email, event.role, event.reason) == (
        "kata@example.org",
        "Jury",
        "elected to the jury",
    )
    assert event.account.player == player
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)
    client.logout()
    form = client.get(link.group(1), follow=True)
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "Kártya-2026-x", "new_password2": "Kártya-2026-x"},
        follow=True,
    )
    assert "Your password is saved" in done.text
    signed_in = client.post(
        "/accounts/login/",
        {"username": event.account.username, "password": "Kártya-2026-x"},
        follow=True,
    )
    assert signed_in.context["user"] == event.account


def test_a_refused_invitation_stays_on_the_form(client, official):
    UserFactory(email="taken@example.org")
    response = client.post(
        "/officials/accounts/invite/", {"email": "taken@example.org", "last_name": "X"}
    )
    assert response.status_code == 400
    assert "already has an account" in response.text


def test_roles_are_given_and_withdrawn_on_the_account_page(client, official):
    person = UserFactory(username="rezso")
    url = f"/officials/accounts/{person.pk}/"
    response = client.post(
        f"{url}grant/",
        {"grant-role": "Referee", "grant-reason": "course passed"},
        follow=True,
    )
    assert "has the role Referee now" in response.text
    refused = client.post(f"{url}withdraw/", {"withdraw-role": "Jury"})
    assert refused.status_code == 400
    response = client.post(
        f"{url}withdraw/",
        {"withdraw-role": "Referee", "withdraw-reason": "left"},
        follow=True,
    )
    assert "no longer has the role Referee" in response.text
    assert list(
        AccountEvent.objects.filter(account=person).values_list("reason", flat=True)
    ) == ["left", "course passed"]
    own = client.post(
        f"/officials/accounts/{official.pk}/grant/",
        {"grant-role": "Jury", "grant-reason": "me"},
    )
    assert "Nobody gives themselves a role" in own.text


def test_an_unknown_act_is_no_page_and_unlinking_an_unlinked_account_says_so(
    client, official
):
    person = UserFactory(username="rezso")
    url = f"/officials/accounts/{person.pk}/"
    assert client.post(f"{url}nonsense/").status_code == 404
    response = client.post(f"{url}unlink/", follow=True)
    assert "The account is not linked to a player." in response.text
    player = PlayerFactory(user=person)
    response = client.post(f"{url}unlink/", follow=True)
    assert "The account is no longer linked." in response.text
    player.refresh_from_db()
    assert player.user is None


def test_an_official_chooses_the_teams_captain_among_its_members(client, official):
    season = SeasonFactory(year=2026)
    team = team_with_roster(season)
    driver = roster(team, season)["driver"]
    page = client.get(f"/officials/teams/2026/{team.pk}/").text
    assert "(no account yet)" in page
    assert f"/officials/accounts/invite/?player={driver.pk}" in page
    refused = client.post(
        f"/officials/teams/2026/{team.pk}/captain/", {"captain-player": driver.pk}
    )
    assert "has no account yet" in refused.text
    driver.user = UserFactory()
    driver.save()
    client.post(
        f"/officials/teams/2026/{team.pk}/captain/",
        {"captain-player": driver.pk, "captain-reason": "team meeting"},
    )
    assert TeamCaptain.objects.get(season=season, team=team).user == driver.user


def test_the_captain_hands_over_on_their_own_page(client):
    season = SeasonFactory(year=dt.date.today().year)
    team = team_with_roster(season)
    players = roster(team, season)
    for player in players.values():
        player.user = UserFactory()
        player.save()
    captain = captain_of(team, season, players["driver"].user)
    row = TeamCaptain.objects.get(user=captain)
    client.force_login(captain)
    page = client.get("/accounts/captaincy/").text
    assert team.name in page
    client.post(
        "/accounts/captaincy/",
        {"captaincy": row.pk, f"c{row.pk}-player": players["catcher"].pk},
    )
    row.refresh_from_db()
    assert row.user == players["catcher"].user


def test_the_referee_pool_page_adds_and_takes_out(client, official):
    SeasonFactory(year=2026)
    referee = UserFactory(username="rezso", roles=[Role.REFEREE])
    client.post(
        "/officials/seasons/2026/referees/",
        {"action": "add", "add-referee": referee.pk},
    )
    assert SeasonReferee.objects.filter(user=referee).exists()
    response = client.post(
        "/officials/seasons/2026/referees/",
        {"action": "remove", "referee": referee.pk, "reason": ""},
        follow=True,
    )
    assert "Say why" in response.text
    client.post(
        "/officials/seasons/2026/referees/",
        {"action": "remove", "referee": referee.pk, "reason": "moved away"},
    )
    assert not SeasonReferee.objects.exists()


def test_a_paper_sheet_is_keyed_in_on_the_page(client, official):
    SeasonFactory(year=2026)
    players = [PlayerFactory() for _ in range(3)]
    data = {
        "date": "2026-05-02",
        "variant": "emperor",
        "note": "signed by all three",
    }
    for n, player in enumerate(players, start=1):
        data[f"player_{n}"] = player.federation_number
        data[f"points_{n}"] = 10 * n
    response = client.post("/officials/free-games/sittings/paper/", data, follow=True)
    sitting = VariantSitting.objects.get()
    assert sitting.from_paper
    assert "signed by all three" in response.text
    missing = client.post("/officials/free-games/sittings/paper/", {**data, "note": ""})
    assert missing.status_code == 400


def test_the_outbox_page_sends_again_and_delivers_with_the_result_shown(
    client, official
):
    notice = Notice.objects.create(
        kind="match_moved",
        email="ann@example.org",
        language="hu",
        subject="Match moved",
        body="…",
        status=Notice.Status.FAILED,
        attempts=8,  # out of attempts: only an official sends it now
        last_error="ConnectionRefusedError: down",
    )
    followup = Followup.objects.create(kind="no such task", attempts=1)
    page = client.get("/officials/outbox/").text
    assert "ann@example.org" in page
    assert "no such task" in page
    response = client.post(
        "/officials/outbox/", {"action": "notice", "id": notice.pk}, follow=True
    )
    assert "1 e-mail sent." in response.text
    notice.refresh_from_db()
    assert notice.status == Notice.Status.SENT
    assert mail.outbox[0].to == ["ann@example.org"]
    response = client.post(
        "/officials/outbox/", {"action": "followup", "id": followup.pk}, follow=True
    )
    assert "is not delivered" in response.text
    assert "No task is registered" in response.text


def test_the_login_page_and_the_account_page_lead_to_the_password_pages(client):
    assert "/accounts/password/reset/" in client.get("/accounts/login/").text
    client.force_login(UserFactory())
    assert "/accounts/password/change/" in client.get("/accounts/settings/").text
    assert client.get("/accounts/password/change/").status_code == 200


def test_an_invited_person_without_a_password_may_ask_for_a_new_link(client):
    person = UserFactory(email="nora@example.org")
    person.set_unusable_password()
    person.save()
    client.post("/accounts/password/reset/", {"email": "NORA@example.org"})
    assert mail.outbox[0].to == ["nora@example.org"]
    assert "/accounts/reset/" in mail.outbox[0].body


@pytest.mark.parametrize("rows", [1, 6])
def test_the_new_pages_run_a_bounded_number_of_queries(client, official, rows):
    """However many accounts, events, referees and notices there are."""
    season = SeasonFactory(year=2026)
    person = UserFactory(roles=[Role.REFEREE])
    for n in range(rows):
        referee = UserFactory(roles=[Role.REFEREE], last_name=f"Bíró {n}")
        SeasonReferee.objects.create(season=season, user=referee)
        AccountEvent.objects.create(account=person, kind="role_granted", reason=str(n))
        captain_of(
            team_with_roster(season), season, UserFactory(roles=[Role.TEAM_CAPTAIN])
        )
        Notice.objects.create(
            kind="match_moved",
            email=f"x{n}@example.org",
            language="hu",
            subject="s",
            body="b",
            status=Notice.Status.FAILED,
        )
    pages = {
        "/officials/accounts/": 6,
        f"/officials/accounts/{person.pk}/": 11,
        "/officials/seasons/2026/referees/": 8,
        "/officials/outbox/": 6,
    }
    for url, bound in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        assert len(queries) <= bound, (url, len(queries))
