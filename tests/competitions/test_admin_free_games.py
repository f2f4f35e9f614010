"""The admin shows variant sittings, claims and closings with their history, and
writes none of them: they change only through the free-games services (R15)."""

from __future__ import annotations

import pytest

from tarokk_admin.core.roles import Role
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import SeasonFactory, UserFactory

pytestmark = pytest.mark.django_db

BASE = "/admin/competitions/variantsitting/"


def test_officials_look_at_sittings_in_the_admin_but_never_write(client):
    SeasonFactory(year=2026)
    players = [linked_player() for _ in range(3)]
    sitting = sitting_of([(p, 1) for p in players])
    client.force_login(UserFactory(roles=[Role.OFFICIAL], is_staff=True))
    assert client.get(BASE).status_code == 200
    page = client.get(f"{BASE}{sitting.pk}/change/")
    assert page.status_code == 200
    assert b'name="variant"' not in page.content  # read-only
    assert client.get(f"{BASE}{sitting.pk}/history/").status_code == 200
    assert client.get(f"{BASE}add/").status_code == 403
    assert (
        client.post(f"{BASE}{sitting.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    for model in ("playerclaim", "freegamesclosing"):
        assert client.get(f"/admin/competitions/{model}/").status_code == 200
