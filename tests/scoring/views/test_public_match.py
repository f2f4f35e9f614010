"""The public match page: who announced and who called a contra by name
from the line-ups, the number a Trumps message states, corrected hands marked with
the day of the correction, and the match record as a public download (R15: only for
matches the visitor may see)."""

from __future__ import annotations

import json

import pytest
from django.utils import timezone

from competitions.models import JuryApproval, Match
from competitions.selectors.matches import match_as_record
from competitions.services.matches import match_complete
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match, sheet
from tests.scoring.kit import ann, hand

pytestmark = pytest.mark.django_db

# Hand 1: the attack driver states 8 trumps (a message, R6) and makes Cash, which
# the defence catcher contras (R8).
HAND_ONE = hand(
    ann("trumps_count", by="driver", count=8),
    ann("cash", made=True, contra=("defence", "catcher")),
    tricks=6,
)


def completed_match():
    official = UserFactory(roles=[Role.OFFICIAL])
    match = ready_match()
    hand_save(match=match, number=1, record=HAND_ONE, user=official)
    for number in range(2, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    match_complete(match=match, user=official)
    return match, official


def test_announcer_and_contra_are_named_from_the_line_ups(client):
    match, _official = completed_match()
    attack = match.lineups.get(team=match.team_a)
    defence = match.lineups.get(team=match.team_b)
    html = client.get(f"/matches/{match.pk}/").content.decode()
    section = html.split('id="hand-1"', 1)[1].split("</section>", 1)[0]
    assert f"{attack.driver.name} ({match.team_a.name}, driver)" in section
    assert f"{defence.catcher.name} ({match.team_b.name})" in section


def test_a_trumps_message_shows_the_number_it_states(client):
    match, _official = completed_match()
    html = client.get(f"/matches/{match.pk}/").content.decode()
    section = html.split('id="hand-1"', 1)[1].split("</section>", 1)[0]
    assert "Trumps</strong>: 8" in section


def test_a_hand_corrected_after_completion_is_marked_with_the_day(client):
    match, official = completed_match()
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "corrected on" not in html
    stored = match.hands.get(number=3)
    hand_save(
        match=match,
        number=3,
        record=sheet(33),
        user=official,
        version=stored.version,
        reason="the scorer swapped two feasts",
    )
    html = client.get(f"/matches/{match.pk}/").content.decode()
    marked = [
        number
        for number in range(1, 9)
        if "corrected on"
        in html.split(f'id="hand-{number}"', 1)[1].split("</section>", 1)[0]
    ]
    assert marked == [3]
    assert f"corrected on {timezone.localdate():%Y-%m-%d}" in html


def test_anyone_downloads_the_record_of_a_public_completed_match(client):
    match, _official = completed_match()
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f"/matches/{match.pk}/record.json" in page
    response = client.get(f"/matches/{match.pk}/record.json")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == match_as_record(match)


def test_r15_no_record_of_a_hidden_or_unfinished_match(client):
    match, _official = completed_match()
    Match.objects.filter(pk=match.pk).update(public=False)
    JuryApproval.objects.filter(match=match).delete()
    assert client.get(f"/matches/{match.pk}/record.json").status_code == 404
    unfinished = ready_match()
    assert client.get(f"/matches/{unfinished.pk}/record.json").status_code == 404
    html = client.get(f"/matches/{unfinished.pk}/").content.decode()
    assert "record.json" not in html
    assert client.get("/matches/999999/record.json").status_code == 404
