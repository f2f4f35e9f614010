"""Completing a match (R11): a summary with the 8 hands, totals and match points
first, then one confirmation; a hand still invalid blocks it; two confirmations at
once complete once; both teams accept the result at the table on the referee's
device, each by its captain or driver signing in there (the referee stays signed
in)."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth import SESSION_KEY
from django.db import connection
from django.test import Client

from competitions.models import Lineup, Match, MatchResult
from competitions.selectors.matches import match_as_record
from scoring.engine import score_match_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.words import shown as in_words
from tests.factories import UserFactory, captain_of, sheet

pytestmark = pytest.mark.django_db


def summary(match):
    return f"/referee/matches/{match.pk}/complete/"


def accept(match, team):
    return f"/referee/matches/{match.pk}/complete/accept/{team.pk}/"


def fill(match, upto=None):
    for number in range(1, (upto or match.hands_expected) + 1):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)


def completions(match) -> int:
    reasons = match.history.values_list("history_change_reason", flat=True)
    return sum(in_words(reason) == "completed" for reason in reasons)


def test_the_summary_shows_hands_totals_and_match_points_and_completes_nothing_R11(
    client, match, django_assert_max_num_queries
):
    fill(match)
    client.force_login(match.referee)
    with django_assert_max_num_queries(16):
        response = client.get(summary(match))
    html = response.content.decode()
    expected = score_match_record(match_as_record(match))["teams"]
    points = response.context["summary"].points
    assert points == (
        expected[match.team_a.name]["points"],
        expected[match.team_b.name]["points"],
    )
    totals = response.context["summary"].totals
    assert totals == (
        expected[match.team_a.name]["total"],
        expected[match.team_b.name]["total"],
    )
    assert html.count('<th scope="row">') >= 8
    assert "Yes, complete the match" in html
    assert Match.objects.get(pk=match.pk).status != Match.Status.COMPLETED
    # The match page's "Complete match" leads to this summary, not straight to it.
    page = client.get(f"/referee/matches/{match.pk}/").content.decode()
    assert f'href="{summary(match)}"' in page


def test_missing_hands_block_the_completion_and_say_which(client, match):
    fill(match, upto=6)
    client.force_login(match.referee)
    html = client.get(summary(match)).content.decode()
    assert '/hands/7/">Hand 7</a>: not entered yet.' in html
    assert '/hands/8/">Hand 8</a>: not entered yet.' in html
    assert "Yes, complete the match" not in html
    response = client.post(summary(match), follow=True)
    assert "enter hand(s) 7, 8 first" in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.IN_PLAY


def test_a_hand_no_longer_valid_blocks_the_completion(client, match):
    fill(match)
    hand = Hand.objects.get(match=match, number=3)
    hand.record = {**hand.record, "attack": {**hand.record["attack"], "trumps": 30}}
    hand.save(update_fields=["record"])
    client.force_login(match.referee)
    response = client.get(summary(match))
    html = response.content.decode()
    assert response.context["summary"].points is None
    assert "Hand 3</a>: trumps must be between 6 and 16; got 30." in html
    assert "Yes, complete the match" not in html
    client.post(summary(match))
    assert Match.objects.get(pk=match.pk).status == Match.Status.IN_PLAY
    assert not MatchResult.objects.filter(match=match).exists()


def test_confirming_completes_once_and_a_second_click_says_so(client, match):
    fill(match)
    client.force_login(match.referee)
    response = client.post(summary(match), follow=True)
    assert "The match is completed." in response.content.decode()
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED
    again = client.post(summary(match), follow=True)
    assert "This match is already completed." in again.content.decode()
    assert MatchResult.objects.filter(match=match).count() == 2
    assert completions(match) == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks need PostgreSQL (CI's second pass sets DATABASE_URL)",
)
def test_two_confirmations_at_once_complete_the_match_once():
    from tests.factories import ready_match

    match = ready_match()
    fill(match)
    start = threading.Barrier(2)
    codes: list[int] = []

    def confirm() -> None:
        client = Client()
        client.force_login(match.referee)
        start.wait()
        try:
            codes.append(client.post(summary(match)).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert codes == [302, 302]
    assert completions(match) == 1
    assert MatchResult.objects.filter(match=match).count() == 2


def _completed(client, match):
    fill(match)
    client.force_login(match.referee)
    client.post(summary(match))
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED


def _sign_in(client, match, team, username, password="secret-pass"):
    prefix = f"accept{team.pk}"
    return client.post(
        accept(match, team),
        {f"{prefix}-username": username, f"{prefix}-password": password},
        follow=True,
    )


def test_both_teams_accept_at_the_table_and_the_referee_stays_signed_in(client, match):
    _completed(client, match)
    captain = captain_of(match.team_a, match.competition.season_id)
    driver_user = UserFactory()  # a player's own account, no role needed
    lineup_b = Lineup.objects.get(match=match, team=match.team_b)
    lineup_b.driver.user = driver_user
    lineup_b.driver.save()

    html = client.get(summary(match)).content.decode()
    assert f"Accept the result for {match.team_a.name}" in html
    assert f"Accept the result for {match.team_b.name}" in html

    response = _sign_in(client, match, match.team_a, captain.username)
    assert f"{match.team_a.name} accepted the result" in response.content.decode()
    response = _sign_in(client, match, match.team_b, driver_user.username)
    html = response.content.decode()
    assert f"{match.team_b.name} accepted the result" in html
    assert "Accept the result for" not in html  # both accepted: no form left

    rows = {r.team_id: r for r in MatchResult.objects.filter(match=match)}
    assert rows[match.team_a_id].answer == MatchResult.Answer.CONFIRMED
    assert rows[match.team_a_id].answered_by == captain
    assert rows[match.team_b_id].answered_by == driver_user
    assert int(client.session[SESSION_KEY]) == match.referee.pk


def test_a_wrong_password_or_a_stranger_accepts_nothing(client, match):
    _completed(client, match)
    captain = captain_of(match.team_a, match.competition.season_id)
    response = _sign_in(client, match, match.team_a, captain.username, "wrong")
    assert response.status_code == 400
    assert "Please enter a correct username and password" in (response.content.decode())
    # A captain of the other team cannot accept for this one.
    response = _sign_in(client, match, match.team_b, captain.username)
    assert "is neither a captain of" in response.content.decode()
    assert not MatchResult.objects.filter(
        match=match, answer=MatchResult.Answer.CONFIRMED
    ).exists()
    assert int(client.session[SESSION_KEY]) == match.referee.pk


def test_acceptance_waits_for_the_completion(client, match):
    fill(match)
    client.force_login(match.referee)
    captain = captain_of(match.team_a, match.competition.season_id)
    response = _sign_in(client, match, match.team_a, captain.username)
    assert "Only a completed match" in response.content.decode()
    assert "Accept the result for" not in client.get(summary(match)).content.decode()


@pytest.mark.parametrize("role", ["other_referee", "captain", "jury"])
def test_only_the_referee_and_officials_open_the_summary(client, match, login, role):
    fill(match)
    login(role)
    assert client.get(summary(match)).status_code == 403
    assert client.post(summary(match)).status_code == 403
    assert Match.objects.get(pk=match.pk).status == Match.Status.IN_PLAY


def test_an_official_completes_through_the_summary(client, match, login):
    fill(match)
    login("official")
    assert "Yes, complete the match" in client.get(summary(match)).content.decode()
    client.post(summary(match))
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED


def future(match, days: int = 3):
    import datetime as dt

    from django.utils import timezone

    Match.objects.filter(pk=match.pk).update(
        date=timezone.localdate() + dt.timedelta(days=days)
    )
    match.refresh_from_db()


def test_a_match_dated_after_today_is_not_completed_without_complete_early(
    client, match
):
    """Issue 20: a match was completed days before its date without a warning."""
    fill(match)
    future(match)
    client.force_login(match.referee)
    html = client.get(summary(match)).content.decode()
    assert 'name="early"' in html
    assert "after today" in html
    response = client.post(summary(match), follow=True)
    assert "confirm that it is completed early" in response.content.decode()
    match.refresh_from_db()
    assert match.status != Match.Status.COMPLETED
    assert not MatchResult.objects.filter(match=match).exists()


def test_complete_early_ticked_completes_and_the_history_says_early(client, match):
    fill(match)
    future(match)
    client.force_login(match.referee)
    client.post(summary(match), {"early": "yes"})
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED
    assert MatchResult.objects.filter(match=match).count() == 2
    reasons = [
        in_words(r)
        for r in match.history.values_list("history_change_reason", flat=True)
    ]
    assert any(r and r.startswith("completed early") for r in reasons), reasons


def test_a_match_of_today_or_earlier_needs_no_box(client, match):
    fill(match)
    client.force_login(match.referee)
    assert 'name="early"' not in client.get(summary(match)).content.decode()
    client.post(summary(match))
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED
