"""The captain's match page (issue 20): a captain's match link opened the referee's
page (per-hand totals only, a table wider than the phone, a "Matches" breadcrumb
that answered 403). /captain/matches/<id>/ shows each hand with its announcements
and scores as the referee entered them, the result and the team's answer (R11, R15)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from competitions.models import MatchResult, NoticeKind
from competitions.services.matches import match_complete
from competitions.services.notices import notice_match
from scoring.engine import feast_name
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import TeamFactory, UserFactory, captain_of, sheet

pytestmark = pytest.mark.django_db


def page(match) -> str:
    return reverse("captain:match", args=[match.pk])


def fill(match):
    for number in range(1, match.hands_expected + 1):
        hand_save(
            match=match, number=number, record=sheet(number, 3), user=match.referee
        )


@pytest.fixture
def completed(match):
    fill(match)
    match_complete(match=match, user=match.referee)
    return match


def test_the_captain_reads_every_hand_with_its_announcements_and_scores(
    client, completed, django_assert_max_num_queries
):
    match = completed
    captain = captain_of(match.team_b, match.competition.season_id)
    client.force_login(captain)
    with django_assert_max_num_queries(16):
        response = client.get(page(match))
    assert response.status_code == 200
    html = response.content.decode()
    for hand in Hand.objects.filter(match=match):
        assert f'id="hand-{hand.number}"' in html
        for item in hand.record["announcements"]:
            assert feast_name(item["feast"]) in html
    # The scores per team in the match's order, and the totals.
    items = response.context["sheet"]["hands"]
    total = [0, 0]
    stored = Hand.objects.filter(match=match).order_by("number")
    for item, hand in zip(items, stored, strict=True):
        expected = (
            (hand.attack_score, hand.defence_score)
            if hand.attack_team_id == match.team_a_id
            else (hand.defence_score, hand.attack_score)
        )
        assert item.scores == expected
        total = [total[0] + expected[0], total[1] + expected[1]]
    assert list(response.context["sheet"]["totals"]) == total
    # Who announced: by name from the line-ups.
    lineup = match.lineups.get(team=match.team_a)
    assert lineup.driver.name in html or lineup.catcher.name in html
    # The breadcrumb leads back to the captain's page, never to the referee's list.
    assert reverse("captain:home") in html
    assert 'href="/referee/' not in html
    # The team's answer form, for the captain's own team only.
    assert html.count('name="back" value="match"') == 1
    assert f'name="team" value="{match.team_b_id}"' in html


def test_the_captain_answers_on_the_match_page_and_comes_back_to_it(client, completed):
    match = completed
    captain = captain_of(match.team_b, match.competition.season_id)
    client.force_login(captain)
    answer = reverse("captain:answer", args=[match.pk])
    response = client.post(
        answer,
        {"team": match.team_b_id, "answer": "dispute", "back": "match", "note": " "},
    )
    # Refused at the note, with the focus there, on the match's own page.
    assert response.status_code == 400
    html = response.content.decode()
    assert "Say what is wrong with the result." in html
    assert re.search(rf'id="note-{match.team_b_id}"[^>]*autofocus', html)
    row = MatchResult.objects.get(match=match, team=match.team_b)
    assert row.answer == MatchResult.Answer.PENDING  # nothing stored without a note
    response = client.post(
        answer,
        {"team": match.team_b_id, "answer": "dispute", "back": "match", "note": "H4"},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == page(match)
    row.refresh_from_db()
    assert (row.answer, row.answer_note, row.answered_by) == (
        MatchResult.Answer.DISPUTED,
        "H4",
        captain,
    )
    assert "H4" in response.content.decode()


@pytest.mark.parametrize("who", ["other_captain", "referee", "official", "plain"])
def test_only_the_teams_captains_of_the_season_open_it(client, match, who):
    user = {
        "other_captain": lambda: captain_of(TeamFactory(), match.competition.season_id),
        "referee": lambda: match.referee,
        "official": lambda: UserFactory(roles=[Role.OFFICIAL]),
        "plain": lambda: UserFactory(),
    }[who]()
    client.force_login(user)
    assert client.get(page(match)).status_code == 403


def test_anonymous_goes_to_the_login(client, match):
    response = client.get(page(match))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_a_scheduled_match_says_its_result_follows(client, match):
    captain = captain_of(match.team_a, match.competition.season_id)
    client.force_login(captain)
    html = client.get(page(match)).content.decode()
    assert "No hand has been entered yet." in html
    assert 'name="back"' not in html


def test_every_link_a_captain_gets_to_a_match_is_the_captains_page(
    client, completed, settings
):
    match = completed
    captain = captain_of(match.team_a, match.competition.season_id)
    client.force_login(captain)
    html = client.get(reverse("captain:home")).content.decode()
    assert f'href="{page(match)}"' in html
    assert f"/referee/matches/{match.pk}/" not in html
    # The notices' bodies: the captain's page, at the site's address.
    settings.SITE_URL = "https://tarokk.example"
    captain.email = "captain@example.org"
    captain.save()
    notices = notice_match(NoticeKind.RESULT_CORRECTED, match=match)
    mine = [n for n in notices if n.recipient_id == captain.pk]
    assert mine, "the captain is told"
    assert f"https://tarokk.example{page(match)}" in mine[0].body
    assert not re.search(r"/referee/", mine[0].body)
