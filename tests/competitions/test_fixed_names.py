"""Competitions' fixed names are shown in the reader's language; a name an official
gave is shown as given."""

from __future__ import annotations

import pytest
from django.utils import translation

from competitions.models import Competition
from tests.factories import CompetitionFactory, MatchFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "stored", "hungarian"),
    [
        (Competition.Kind.CUP, "Hungarian Cup", "Magyar Kupa"),
        (Competition.Kind.CHAMPIONSHIP, "Team Championship", "Csapatbajnokság"),
        (Competition.Kind.FREE, "Free games", "Szabadjátékok"),
        (Competition.Kind.GRAND_PRIX, "Tavaszi Nagydíj", "Tavaszi Nagydíj"),
    ],
)
def test_fixed_names_are_translated(kind, stored, hungarian):
    competition = CompetitionFactory(kind=kind, name=stored)
    with translation.override("hu"):
        assert competition.title == hungarian
        assert str(competition) == f"{hungarian} 2026"
    with translation.override("en"):
        assert competition.title == stored


def test_a_match_page_names_its_competition_in_hungarian(client):
    match = MatchFactory()
    client.cookies["django_language"] = "hu"
    body = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content
    assert "Csapatbajnokság" in body.decode()
    assert "Team Championship" not in body.decode()
