"""Every ``next`` the site follows is a local path of its own (``core.redirects``):
anything else falls back to the view's default, never a 500 after the work was done
and never another site."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from competitions.models import VariantSitting
from tarokk_admin.core.redirects import safe_next
from tarokk_admin.core.roles import Role
from tests.competitions.kit import linked_player, sitting_of
from tests.factories import UserFactory

HOSTILE_NEXT = [
    "-1",
    "matches",
    "sitting",
    "//evil.example/",
    "/\\evil.example/",
    "https://evil.example/",
    "http://testserver/championship/",
    "javascript:alert(1)",
    "/ok/\r\nSet-Cookie: x=1",
    "/ok/\x00",
    " /championship/",
    "/" + "x" * 3000,
    "",
]


@pytest.mark.parametrize("value", HOSTILE_NEXT)
def test_anything_but_a_local_path_is_not_followed(value):
    request = RequestFactory().get("/")
    assert safe_next(request, value) is None


@pytest.mark.parametrize(
    "value", ["/", "/championship/2026/?sort=-score", "/free-games/mine/#x", "/ő/"]
)
def test_a_local_path_is_followed(value):
    assert safe_next(RequestFactory().get("/"), value) == value


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["-1", "matches", "https://evil.example/"])
def test_confirming_a_sitting_with_a_next_that_is_no_path_lands_on_the_sitting(
    client, value
):
    """The probe's 500: ``redirect("-1")`` took the value for a view's name, after
    the confirmation was committed (R15)."""
    players = [linked_player(name) for name in ("Kovács Éva", "Nagy Béla", "Ács Cili")]
    sitting = sitting_of([(player, 10 * n) for n, player in enumerate(players)])
    client.force_login(players[1].user)
    response = client.post(
        f"/free-games/sittings/{sitting.pk}/confirm/", {"next": value}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/free-games/sittings/{sitting.pk}/"
    sitting.refresh_from_db()
    assert sitting.status == VariantSitting.Status.CONFIRMED


@pytest.mark.django_db
def test_confirming_a_sitting_goes_back_to_a_local_next(client):
    players = [linked_player(name) for name in ("Kovács Éva", "Nagy Béla", "Ács Cili")]
    sitting = sitting_of([(player, 10 * n) for n, player in enumerate(players)])
    client.force_login(players[2].user)
    response = client.post(
        f"/free-games/sittings/{sitting.pk}/confirm/", {"next": "/free-games/mine/"}
    )
    assert response["Location"] == "/free-games/mine/"


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["matches", "-1", "//evil.example/"])
def test_the_login_lands_on_the_work_page_when_next_is_no_local_path(client, value):
    user = UserFactory(roles=[Role.REFEREE])
    response = client.post(
        f"/accounts/login/?next={value}",
        {"username": user.username, "password": "secret-pass"},
    )
    assert response["Location"] == "/referee/"


@pytest.mark.django_db
def test_the_login_form_does_not_carry_a_next_that_is_no_local_path(client):
    html = client.get("/accounts/login/?next=matches").content.decode()
    assert 'name="next" value=""' in html
    html = client.get("/accounts/login/?next=/cup/").content.decode()
    assert 'name="next" value="/cup/"' in html


@pytest.mark.django_db
@pytest.mark.parametrize(("value", "landing"), [("matches", "/"), ("/cup/", "/cup/")])
def test_the_logout_follows_only_a_local_next(client, value, landing):
    client.force_login(UserFactory())
    response = client.post("/accounts/logout/", {"next": value})
    assert response["Location"] == landing


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "referer", "landing"),
    [
        ({"next": "/cup/"}, "", "/cup/"),
        ({"next": "matches"}, "http://testserver/trophies/?q=x", "/trophies/?q=x"),
        ({"next": "https://evil.example/"}, "https://evil.example/x", "/"),
        ({}, "", "/"),
    ],
)
def test_the_language_switch_goes_back_to_a_local_page_only(
    client, data, referer, landing
):
    response = client.post(
        "/i18n/setlang/", {"language": "hu", **data}, HTTP_REFERER=referer
    )
    assert response.status_code == 302
    assert response["Location"] == landing
    assert response.cookies["django_language"].value == "hu"


@pytest.mark.django_db
def test_the_language_switch_ignores_a_language_the_site_cannot_speak(client):
    response = client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert response.status_code == 302
    assert "django_language" not in response.cookies
