"""The matches-file import (HAND_RECORD.md "Matches file"), as a service and as the
officials' upload page, takes anything: any JSON value, a valid file with any part
replaced, any bytes. Never a 500 or an exception; an import with errors stores
nothing, and whatever is stored is whole (every match completed with its hands and
both results)."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from competitions.models import Match, MatchResult, Player, Team
from scoring.models import Hand
from scoring.services.imports.store import matches_import
from tarokk_admin.core.roles import Role
from tests.factories import UserFactory
from tests.fuzz.kit import FUZZ, FUZZ_PAGES, JSON, part_replaced, rolled_back
from tests.scoring.services.test_import import entry, matches_file

pytestmark = pytest.mark.django_db

VALID = matches_file(entry(1), entry(2, teams=("Dunakeszi", "Kisfaludy")))


def stored() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Match, Hand, MatchResult, Team, Player)
    )


def assert_whole(before: tuple[int, ...]) -> None:
    """Nothing new, or only whole matches: completed, every hand, both results."""
    if stored() == before:
        return
    for match in Match.objects.order_by("-pk")[: stored()[0] - before[0]]:
        assert match.status == Match.Status.COMPLETED
        assert match.hands.count() in (2, 8)
        assert match.results.count() == 2


@pytest.fixture
def official():
    return UserFactory(roles=[Role.OFFICIAL])


@FUZZ
@given(document=JSON | part_replaced(VALID))
def test_the_import_service_refuses_any_document_whole_or_stores_it_whole(
    official, document
):
    with rolled_back():
        before = stored()
        outcome = matches_import(data=document, user=official)
        if not outcome.ok:
            assert outcome.errors
            assert all(e["message"] for e in outcome.errors)
            assert stored() == before
        assert_whole(before)


def _upload(body: bytes) -> dict:
    return {"file": SimpleUploadedFile("matches.json", body, "application/json")}


@FUZZ_PAGES
@given(
    body=st.binary(max_size=300)
    | JSON.map(lambda value: json.dumps(value).encode())
    | part_replaced(VALID).map(lambda value: json.dumps(value).encode())
)
def test_the_upload_page_answers_any_file_without_a_500(client, official, body):
    client.force_login(official)
    with rolled_back():
        before = stored()
        response = client.post(reverse("officials:import"), _upload(body))
        assert response.status_code < 500
        assert_whole(before)


@FUZZ_PAGES
@given(
    fields=st.dictionaries(
        st.sampled_from(["json", "text", "file", "x"]), JSON.map(str)
    )
)
def test_the_upload_page_answers_any_form_without_a_500(client, official, fields):
    client.force_login(official)
    with rolled_back():
        before = stored()
        response = client.post(reverse("officials:import"), fields)
        assert response.status_code < 500
        assert_whole(before)
