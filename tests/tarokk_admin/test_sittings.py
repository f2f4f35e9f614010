"""A variant sitting's page, correction and void (R14, R15): who sees a sitting, who
may change it, the history with its reasons, and the question of its trophies."""

from __future__ import annotations

import pytest

from competitions.models import VariantSitting
from tarokk_admin.core.roles import Role
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import SeasonFactory, UserFactory
from trophies.models import TrophyAward
from trophies.services.awards import trophy_variant_enter

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    SeasonFactory(year=2026)
    return [
        linked_player(n) for n in ("Kovács Éva", "Nagy Béla", "Ács Cili", "Őz Dani")
    ]


def page(pk):
    return f"/free-games/sittings/{pk}/"


@pytest.mark.parametrize(
    ("who", "status", "seen"),
    [
        pytest.param("anonymous", "confirmed", True, id="r15-confirmed-is-public"),
        pytest.param("anonymous", "pending", False, id="r15-pending-counts-nowhere"),
        pytest.param("stranger", "pending", False, id="stranger"),
        pytest.param("table-mate", "pending", True, id="table-mate"),
        pytest.param("official", "pending", True, id="official"),
        pytest.param("anonymous", "void", False, id="void"),
    ],
)
def test_who_sees_a_sitting(client, table, who, status, seen):
    official = UserFactory(roles=[Role.OFFICIAL])
    sitting = sitting_of(
        [(p, n) for n, p in enumerate(table[:3])],
        confirm_by=table[1].user if status == "confirmed" else None,
    )
    if status == "void":
        sitting.status = VariantSitting.Status.VOID
        sitting.save()
    user = {
        "stranger": table[3].user,
        "table-mate": table[2].user,
        "official": official,
    }
    if who in user:
        client.force_login(user[who])
    response = client.get(page(sitting.pk))
    assert response.status_code == (200 if seen else 404)


def test_the_table_sees_the_history_with_its_reasons(
    client, table, django_assert_max_num_queries
):
    eva, bela, cili, _dani = table
    sitting = sitting_of([(eva, 10), (bela, 20), (cili, 30)])
    client.force_login(eva.user)
    response = client.post(
        f"{page(sitting.pk)}correct/",
        {
            "variant": "emperor",
            "date": "2026-05-02",
            "player_1": eva.federation_number,
            "points_1": "15",
            "player_2": bela.federation_number,
            "points_2": "20",
            "player_3": cili.federation_number,
            "points_3": "30",
            "reason": "my points were 15",
        },
    )
    assert response["Location"] == page(sitting.pk)
    with django_assert_max_num_queries(14):
        html = client.get(page(sitting.pk)).content.decode()
    assert "my points were 15" in html
    assert "Kovács Éva: 10 → 15" in html
    client.logout()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    assert "my points were 15" in client.get(page(sitting.pk)).content.decode()


@pytest.mark.parametrize(
    ("who", "confirmed", "status"),
    [
        pytest.param("recorder", False, 200, id="r15-recorder-before"),
        pytest.param("recorder", True, 403, id="r15-recorder-after"),
        pytest.param("table-mate", False, 403, id="table-mate"),
    ],
)
def test_who_opens_the_correction_and_void_pages(client, table, who, confirmed, status):
    sitting = sitting_of(
        [(p, n) for n, p in enumerate(table[:3])],
        confirm_by=table[2].user if confirmed else None,
    )
    client.force_login(table[0].user if who == "recorder" else table[1].user)
    for action in ("correct", "void"):
        assert client.get(f"{page(sitting.pk)}{action}/").status_code == status


def test_officials_pages_are_for_officials_only(client, table):
    sitting = sitting_of([(p, n) for n, p in enumerate(table[:3])])
    client.force_login(table[0].user)  # the recorder, not an official
    url = f"/officials/free-games/sittings/{sitting.pk}/correct/"
    assert client.get(url).status_code == 403


def _with_trophy(table):
    official = UserFactory(roles=[Role.OFFICIAL])
    sitting = sitting_of(
        [(p, 10 * n) for n, p in enumerate(table[:3])], confirm_by=table[1].user
    )
    trophy_variant_enter(
        sitting=sitting,
        feast="golgotha",
        jury_note="seen",
        player=table[0],
        user=official,
    )
    return official, sitting


def _correction(table, **changes):
    data = {
        "variant": "emperor",
        "date": "2026-05-02",
        "reason": "a day later",
    }
    for n, player in enumerate(table[:3], start=1):
        data[f"player_{n}"] = player.federation_number
        data[f"points_{n}"] = str(10 * (n - 1))
    data.update(changes)
    return data


def test_r14_correcting_a_sitting_with_trophies_asks_what_becomes_of_them(
    client, table
):
    official, sitting = _with_trophy(table)
    client.force_login(official)
    url = f"/officials/free-games/sittings/{sitting.pk}/correct/"
    html = client.get(url).content.decode()
    assert "What becomes of the sitting" in html
    assert "Kovács Éva — Golgotha (130)" in html
    response = client.post(url, _correction(table, date="2026-05-03"))
    assert response.status_code == 200
    assert "trophies" in response.context["form"].errors
    response = client.post(url, _correction(table, date="2026-05-03", trophies="keep"))
    assert response["Location"] == f"/officials/free-games/sittings/{sitting.pk}/"
    award = TrophyAward.objects.get()
    assert str(award.date) == "2026-05-03"


def test_r14_voiding_a_sitting_with_trophies_withdraws_them(client, table):
    official, sitting = _with_trophy(table)
    client.force_login(official)
    url = f"/officials/free-games/sittings/{sitting.pk}/void/"
    assert "Move them to another sitting" in client.get(url).content.decode()
    response = client.post(url, {"reason": "entered twice", "trophies": "withdraw"})
    assert response.status_code == 302
    sitting.refresh_from_db()
    assert sitting.status == VariantSitting.Status.VOID
    assert not TrophyAward.objects.exists()
