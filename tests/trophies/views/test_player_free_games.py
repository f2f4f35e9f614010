"""A player's page shows their confirmed free-games results per year and variant
(R15), each with its rank in that table; nothing unconfirmed; bounded queries."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.competitions.kit import linked_player, sitting_of

pytestmark = pytest.mark.django_db


def test_r15_the_players_page_shows_results_per_variant_and_year(
    client, django_assert_max_num_queries
):
    eva, bela, cili = (
        linked_player(n) for n in ("Kovács Éva", "Nagy Béla", "Ács Cili")
    )
    sitting_of([(eva, 120), (bela, 10), (cili, -40)], confirm_by=bela.user)
    sitting_of([(eva, 30), (bela, 50), (cili, 40)], confirm_by=bela.user)
    sitting_of(
        [(eva, 7), (bela, 9), (cili, 2)],
        variant="royal_variant",
        name="Hármas",
        confirm_by=cili.user,
        date=dt.date(2025, 4, 1),
    )
    sitting_of([(eva, 999), (bela, 1), (cili, 1)], variant="high")  # pending
    with django_assert_max_num_queries(12):
        html = client.get(f"/players/{eva.pk}/").content.decode()
    rows = html.split('id="free-title"', 1)[1].split("</table>", 1)[0]
    assert 'Emperor Tarokk</a></td><td class="text-end">2</td>' in rows
    assert ">150<" in rows
    assert "1 of 3" in rows
    assert "Royal variant: Hármas" in rows
    assert "2 of 3" in rows
    assert "/free-games/2026/#title-emperor" in rows
    assert "High Tarokk" not in rows
    assert "999" not in rows
    assert rows.index("2026") < rows.index("2025")
