"""R15's rules written once (issue 21): each test on one match agrees with its query,
and R3's sides are the engine's everywhere."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from competitions.models import JuryApproval, Match
from competitions.selectors.matches import (
    match_needs_jury_approval,
    match_publicly_visible,
    needs_jury_approval_q,
    publicly_visible_q,
)
from scoring.engine import hand_sides
from tests.factories import MatchFactory, UserFactory

pytestmark = pytest.mark.django_db

CASES = [  # (public, date, approved)
    (True, dt.date(2026, 3, 14), False),
    (False, dt.date(2026, 3, 14), False),
    (True, dt.date(2026, 1, 10), False),
    (False, dt.date(2026, 1, 10), True),
    (True, dt.date(2026, 1, 17), True),
]


@pytest.fixture
def matches():
    made = []
    for public, date, approved in CASES:
        match = MatchFactory(public=public, date=date)
        if approved:
            JuryApproval.objects.create(
                match=match, approved_by=UserFactory(), approved_at=timezone.now()
            )
        made.append(match)
    return made


def test_needs_a_jury_approval_is_one_rule_as_a_test_and_a_query_R15(matches):
    by_query = set(
        Match.objects.filter(needs_jury_approval_q()).values_list("pk", flat=True)
    )
    fresh = Match.objects.select_related("competition__season")
    by_test = {
        m.pk
        for m in fresh.filter(pk__in=[m.pk for m in matches])
        if match_needs_jury_approval(m)
    }
    assert by_query == by_test
    assert len(by_test) == 3  # not public, or before the annual meeting (17 Jan)


def test_publicly_visible_is_one_rule_as_a_test_and_a_query_R15(matches):
    by_query = set(
        Match.objects.filter(publicly_visible_q()).values_list("pk", flat=True)
    )
    fresh = Match.objects.select_related("jury_approval")
    by_test = {m.pk for m in fresh.all() if match_publicly_visible(m)}
    assert by_query == by_test
    assert len(by_test) == 4  # the one not public and not approved is hidden


def test_hand_sides_alternate_from_the_cut_R3():
    assert [hand_sides(("A", "B"), "B", n) for n in (1, 2, 3)] == [
        ("B", "A"),
        ("A", "B"),
        ("B", "A"),
    ]


def test_the_stored_hand_and_the_engine_agree_on_who_attacks_R3(matches):
    match = matches[0]
    match.first_attack = match.team_b
    for number in range(1, 9):
        attack, _defence = hand_sides(
            (match.team_a_id, match.team_b_id), match.team_b_id, number
        )
        assert match.attack_team_id(number) == attack
