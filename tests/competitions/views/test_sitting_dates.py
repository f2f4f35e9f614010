"""Dates people read on the free-games pages are in the reader's language
(``SHORT_DATE_FORMAT``: 2026.05.02. in Hungarian), never the stored ISO form
(2026-05-02) — seen on a phone in the player's sitting journey: "2026-12-04 ·
Császártarokk" on a Hungarian page. Dates machines read (a date input's value)
stay ISO; in English the short form is ISO itself."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import translation

from tests.competitions.kit import linked_player, sitting_of

pytestmark = pytest.mark.django_db

DAY = dt.date(2026, 5, 2)


@pytest.fixture
def sitting():
    anna, bela, cili = (
        linked_player(n) for n in ("Ács Anna", "Zala Béla", "Kiss Cili")
    )
    sitting = sitting_of([(anna, 120), (bela, -20), (cili, -100)], date=DAY)
    return sitting, anna, bela


def test_the_sitting_pages_show_the_date_in_hungarian_to_a_hungarian_reader(
    client, sitting
):
    sitting, anna, bela = sitting
    pages = {
        "mine (the recorder)": (anna.user, "/free-games/mine/"),
        "mine (to confirm)": (bela.user, "/free-games/mine/"),
        "the sitting": (anna.user, f"/free-games/sittings/{sitting.pk}/"),
        "its correction": (anna.user, f"/free-games/sittings/{sitting.pk}/correct/"),
        "its void": (anna.user, f"/free-games/sittings/{sitting.pk}/void/"),
    }
    for what, (user, address) in pages.items():
        client.force_login(user)
        with translation.override("hu"):
            response = client.get(address, headers={"accept-language": "hu"})
        html = response.content.decode()
        assert response.status_code == 200, what
        assert "2026.05.02." in html, what
        text = html.replace('value="2026-05-02"', "")  # a date input's value
        assert "2026-05-02" not in text, what
