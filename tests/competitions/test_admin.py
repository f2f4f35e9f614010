"""The Django admin for officials: the main pages load, with a bounded
number of queries, and only for officials."""

from __future__ import annotations

import pytest
from django.urls import reverse

from competitions.models import JuryApproval, Match, Membership
from competitions.services.matches import match_complete
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import (
    PlayerFactory,
    UserFactory,
    ready_match,
    sheet,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL], is_staff=True)


@pytest.fixture
def completed_match(official):
    match = ready_match()
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    return match_complete(match=match, user=official)


MODELS = [
    ("competitions", "player"),
    ("competitions", "team"),
    ("competitions", "season"),
    ("competitions", "membership"),
    ("competitions", "competition"),
    ("competitions", "match"),
    ("competitions", "juryapproval"),
    ("competitions", "matchresult"),
    ("scoring", "hand"),
]


@pytest.mark.parametrize(("app", "model"), MODELS)
def test_an_official_opens_the_changelist_and_a_change_page(
    client, official, completed_match, app, model
):
    from django.apps import apps

    JuryApproval.objects.create(
        match=completed_match,
        approved_by=official,
        approved_at=completed_match.created_at,
    )
    client.force_login(official)
    response = client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert response.status_code == 200
    obj = apps.get_model(app, model).objects.first()
    response = client.get(reverse(f"admin:{app}_{model}_change", args=[obj.pk]))
    assert response.status_code == 200


def test_the_match_changelist_runs_a_bounded_number_of_queries(
    client, official, django_assert_max_num_queries
):
    for _ in range(12):
        ready_match()
    client.force_login(official)
    with django_assert_max_num_queries(15):
        response = client.get(reverse("admin:competitions_match_changelist"))
    assert response.status_code == 200
    assert response.content.decode().count("field-team_a") >= 12


def test_the_match_page_shows_its_results_read_only_and_its_history(
    client, official, completed_match, django_assert_max_num_queries
):
    client.force_login(official)
    with django_assert_max_num_queries(30):
        response = client.get(
            reverse("admin:competitions_match_change", args=[completed_match.pk])
        )
    page = response.content.decode()
    result = completed_match.results.first()
    assert str(result.points) in page
    assert 'name="results-0-points"' not in page  # read-only (R11 follows the hands)
    hands = client.get(
        reverse("admin:scoring_hand_changelist"),
        {"match__id__exact": completed_match.pk},
    )
    assert hands.status_code == 200
    assert "8 hands" in hands.content.decode()
    history = client.get(
        reverse("admin:competitions_match_history", args=[completed_match.pk])
    )
    assert history.status_code == 200
    assert "completed" in history.content.decode()


def test_a_hand_shows_its_record_and_result_as_pretty_json(
    client, official, completed_match
):
    client.force_login(official)
    hand = completed_match.hands.get(number=1)
    page = client.get(
        reverse("admin:scoring_hand_change", args=[hand.pk])
    ).content.decode()
    assert '<pre class="tarokk-json">' in page
    assert "&quot;format&quot;: &quot;royal-tarokk-hand/1&quot;" in page
    assert 'name="record"' not in page


def test_player_search_ignores_accents_and_finds_federation_numbers(client, official):
    PlayerFactory(name="Kovács Éva", federation_number="H77777")
    PlayerFactory(name="Nagy Béla", federation_number="H12345")
    client.force_login(official)
    url = reverse("admin:competitions_player_changelist")
    for term in ("kovacs", "Kovács", "KOVÁCS éva", "H77777"):
        page = client.get(url, {"q": term}).content.decode()
        assert "Kovács Éva" in page, term
        assert "Nagy Béla" not in page, term


def test_the_team_page_shows_its_roster_by_season(client, official, completed_match):
    client.force_login(official)
    team = completed_match.team_a
    page = client.get(
        reverse("admin:competitions_team_change", args=[team.pk])
    ).content.decode()
    for membership in Membership.objects.filter(team=team):
        assert membership.player.name in page


@pytest.mark.parametrize("role", [Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN])
def test_other_staff_roles_do_not_get_the_officials_admin(client, role):
    client.force_login(UserFactory(roles=[role], is_staff=True))
    assert client.get(reverse("admin:competitions_match_changelist")).status_code == 403


def test_matches_cannot_be_deleted_in_the_admin_only_voided(
    client, official, completed_match
):
    client.force_login(official)
    response = client.get(
        reverse("admin:competitions_match_delete", args=[completed_match.pk])
    )
    assert response.status_code == 403
    assert Match.objects.filter(pk=completed_match.pk).exists()
