"""The referee's hand form (and its upload) takes any form post: any field replaced
by any text, removed, or added. Never a 500; either the whole hand is stored with
the engine's scores (R10) or nothing is."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import given
from hypothesis import strategies as st

from scoring.engine import score_hand_record
from scoring.models import Hand
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory, ready_match
from tests.fuzz.kit import FUZZ_PAGES, JSON, TEXT, part_replaced, rolled_back
from tests.scoring.kit import SPEC_EXAMPLE, hand_post

pytestmark = pytest.mark.django_db

VALID_POST = hand_post(SPEC_EXAMPLE)


@st.composite
def hand_posts(draw) -> dict:
    data = dict(VALID_POST)
    for key in draw(st.lists(st.sampled_from(sorted(data)), max_size=6, unique=True)):
        if draw(st.booleans()):
            del data[key]
        else:
            data[key] = draw(TEXT | st.integers().map(str) | st.just(""))
    data.update(draw(st.dictionaries(TEXT.filter(bool), TEXT, max_size=3)))
    data["action"] = draw(st.sampled_from(["save", "preview", "add", "remove", "x"]))
    return data


@pytest.fixture
def match():
    return ready_match(referee=UserFactory(roles=[Role.REFEREE]))


def assert_whole_or_nothing(match, number: int, response) -> None:
    hand = Hand.objects.filter(match=match, number=number).first()
    if response.status_code == 302 and hand is not None:
        judged = score_hand_record(hand.record)
        assert judged["valid"]
        assert hand.attack_score == judged["attack"]["score"]
        assert hand.defence_score == judged["defence"]["score"]
    else:
        assert hand is None


@FUZZ_PAGES
@given(data=hand_posts(), number=st.integers(min_value=1, max_value=8))
def test_any_hand_form_post_is_stored_whole_or_refused_without_a_500(
    client, match, data, number
):
    client.force_login(match.referee)
    with rolled_back():
        response = client.post(f"/referee/matches/{match.pk}/hands/{number}/", data)
        assert response.status_code < 500
        assert_whole_or_nothing(match, number, response)


@FUZZ_PAGES
@given(
    body=st.binary(max_size=200)
    | JSON.map(lambda value: json.dumps(value).encode())
    | part_replaced(SPEC_EXAMPLE).map(lambda value: json.dumps(value).encode()),
    version=st.sampled_from(["0", "1", "", "x", "-1", "99999999999999999999"]),
)
def test_any_hand_upload_is_stored_whole_or_refused_without_a_500(
    client, match, body, version
):
    client.force_login(match.referee)
    upload = SimpleUploadedFile("hand.json", body, "application/json")
    with rolled_back():
        response = client.post(
            f"/referee/matches/{match.pk}/hands/3/upload/",
            {"file": upload, "version": version},
        )
        assert response.status_code < 500
        assert_whole_or_nothing(match, 3, response)
