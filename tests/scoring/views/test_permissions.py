"""Every result-entry view, allowed and refused for each role:
anonymous visitors go to the login page, the others get a 403 page saying why."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from competitions.models import JuryApproval, Match, MatchResult
from scoring.models import Hand
from scoring.services.hands import hand_save
from tests.factories import sheet
from tests.scoring.kit import ROLES, hand_post

pytestmark = pytest.mark.django_db


def fill(match, upto=None):
    for number in range(1, (upto or match.hands_expected) + 1):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)


def assert_refused(response, role, allowed):
    if role in allowed:
        return
    if role == "anonymous":
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")
    else:
        assert response.status_code == 403
        assert "Not allowed" in response.content.decode()


def _expect(role, allowed, response, ok=200):
    assert_refused(response, role, allowed)
    if role in allowed:
        assert response.status_code == ok, response.content.decode()[:500]


@pytest.mark.parametrize("role", ROLES)
def test_referee_home_is_for_referees_and_officials(client, login, role, match):
    login(role)
    response = client.get("/referee/")
    _expect(role, {"official", "referee", "other_referee"}, response)
    if role in ("referee", "official"):
        assert f"/referee/matches/{match.pk}/" in response.content.decode()
    if role == "other_referee":
        assert f"/referee/matches/{match.pk}/" not in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_match_page_for_officials_the_assigned_referee_and_the_captains(
    client, login, role, match
):
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/")
    if role == "captain":  # to the captain's own match page (issue 20)
        assert response["Location"] == f"/captain/matches/{match.pk}/"
        return
    _expect(role, {"official", "referee"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_jury_sees_a_match_waiting_for_its_approval_R15(client, login, role, match):
    Match.objects.filter(pk=match.pk).update(public=False)
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/")
    if role == "captain":  # to the captain's own match page (issue 20)
        assert response["Location"] == f"/captain/matches/{match.pk}/"
        return
    _expect(role, {"official", "referee", "jury"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_hand_page_for_the_assigned_referee_and_officials(client, login, role, match):
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/hands/1/")
    _expect(role, {"official", "referee"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_hand_preview_for_the_assigned_referee_and_officials(
    client, login, role, match
):
    login(role)
    response = client.post(
        f"/referee/matches/{match.pk}/hands/1/preview/",
        hand_post(sheet(1), action="check"),
    )
    _expect(role, {"official", "referee"}, response)
    assert not Hand.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_saving_a_hand_for_the_assigned_referee_and_officials(
    client, login, role, match
):
    login(role)
    response = client.post(f"/referee/matches/{match.pk}/hands/1/", hand_post(sheet(1)))
    _expect(role, {"official", "referee"}, response, ok=302)
    assert Hand.objects.filter(match=match).exists() == (
        role in {"official", "referee"}
    )


@pytest.mark.parametrize("role", ROLES)
def test_hands_locked_for_the_referee_after_completion_officials_correct(
    client, login, role, match
):
    fill(match)
    client.force_login(match.referee)
    client.post(f"/referee/matches/{match.pk}/complete/")
    client.logout()
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/hands/2/")
    _expect(role, {"official"}, response)
    if role == "referee":
        assert "completed and its hands are locked" in response.content.decode()
    if role == "official":
        assert "Reason for the correction" in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_completing_for_the_assigned_referee_and_officials(client, login, role, match):
    fill(match)
    login(role)
    response = client.post(f"/referee/matches/{match.pk}/complete/")
    _expect(role, {"official", "referee"}, response, ok=302)
    match.refresh_from_db()
    assert (match.status == Match.Status.COMPLETED) == (role in {"official", "referee"})


@pytest.mark.parametrize("role", ROLES)
def test_setting_the_cut_for_the_assigned_referee_and_officials_R3(
    client, login, role, match
):
    login(role)
    response = client.post(
        f"/referee/matches/{match.pk}/cut/", {"first_attack": match.team_b_id}
    )
    _expect(role, {"official", "referee"}, response, ok=302)
    match.refresh_from_db()
    assert (match.first_attack_id == match.team_b_id) == (
        role in {"official", "referee"}
    )


@pytest.mark.parametrize("role", ROLES)
def test_assigning_the_referee_is_for_officials(client, login, role, match):
    login(role)
    response = client.post(f"/referee/matches/{match.pk}/referee/", {"referee": ""})
    _expect(role, {"official"}, response, ok=302)
    match.refresh_from_db()
    assert (match.referee_id is None) == (role == "official")


@pytest.mark.parametrize("role", ROLES)
def test_download_of_an_open_match_for_those_who_see_it(client, login, role, match):
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/record.json")
    _expect(role, {"official", "referee", "captain"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_download_of_a_public_completed_match_for_anyone(client, login, role, match):
    fill(match)
    client.force_login(match.referee)
    client.post(f"/referee/matches/{match.pk}/complete/")
    client.logout()
    login(role)
    response = client.get(f"/referee/matches/{match.pk}/record.json")
    assert response.status_code == 200
    assert response.json()["format"] == "royal-tarokk-match/1"


@pytest.mark.parametrize("role", ROLES)
def test_jury_page_for_the_jury_and_officials(client, login, role, match):
    login(role)
    response = client.get("/jury/")
    _expect(role, {"official", "jury"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_approving_for_the_jury_and_officials_R15(client, login, role, match):
    later = timezone.localdate() + dt.timedelta(days=30)
    Match.objects.filter(pk=match.pk).update(public=False, date=later)
    login(role)
    response = client.post(f"/jury/matches/{match.pk}/approve/", {"note": "ok"})
    _expect(role, {"official", "jury"}, response, ok=302)
    assert JuryApproval.objects.filter(match=match).exists() == (
        role in {"official", "jury"}
    )


@pytest.mark.parametrize("role", ROLES)
def test_captain_page_for_captains_and_officials(client, login, role, match):
    login(role)
    response = client.get("/captain/")
    _expect(role, {"official", "captain", "other_captain"}, response)


@pytest.mark.parametrize("role", ROLES)
def test_answering_a_result_is_for_the_teams_captain(client, login, role, match):
    fill(match)
    client.force_login(match.referee)
    client.post(f"/referee/matches/{match.pk}/complete/")
    client.logout()
    login(role)
    response = client.post(
        f"/captain/matches/{match.pk}/answer/",
        {"team": match.team_a_id, "answer": "confirm"},
    )
    _expect(role, {"captain"}, response, ok=302)
    row = MatchResult.objects.get(match=match, team=match.team_a)
    assert (row.answer == MatchResult.Answer.CONFIRMED) == (role == "captain")
