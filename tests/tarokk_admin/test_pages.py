"""The home page, the navigation, login/logout and the Hungarian translation."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tarokk_admin.demo.accounts import DEMO_PASSWORD

pytestmark = pytest.mark.django_db

NAV = {
    "Championship": "/championship/",
    "Cup": "/cup/",
    "Grand Prix": "/grand-prix/",
    "Free games": "/free-games/",
    "Trophy list": "/trophies/",
}


def test_home_page_welcomes_and_links_every_section(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Tarokk Admin — Hungarian Royal Tarokk federation" in html
    for label, url in NAV.items():
        assert f'href="{url}">{label}</a>' in html


def test_base_template_uses_our_own_static_files_and_no_cdn(client):
    html = client.get("/").content.decode()
    assert "/static/vendor/bootstrap/bootstrap.min.css" in html
    assert "/static/vendor/bootstrap/bootstrap.bundle.min.js" in html
    assert "/static/vendor/htmx/htmx.min.js" in html
    assert "https://" not in html
    assert "//cdn" not in html


@pytest.mark.parametrize("url", NAV.values())
def test_section_pages_exist_and_mark_their_nav_link_active(client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert f'active" aria-current="page" href="{url}"' in response.content.decode()


def test_anonymous_visitor_sees_log_in_not_log_out(client):
    html = client.get("/").content.decode()
    assert reverse("login") in html
    assert reverse("logout") not in html


def test_demo_account_logs_in_through_the_form_and_out_with_a_post(client):
    from django.core.management import call_command

    call_command("seed_demo", stdout=None)
    response = client.post(
        reverse("login"), {"username": "referee", "password": DEMO_PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"] == "/referee/"  # staff land on their work page
    html = client.get("/").content.decode()
    assert "Signed in as referee" in html
    assert f'action="{reverse("logout")}" method="post"' in html

    assert client.get(reverse("logout")).status_code == 405  # GET must not log out
    assert client.post(reverse("logout")).status_code == 302
    assert "Signed in as" not in client.get("/").content.decode()


def test_wrong_password_shows_the_form_again_with_an_error(client):
    response = client.post(reverse("login"), {"username": "nobody", "password": "x"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


def test_hungarian_is_served_when_the_browser_asks_for_it(client):
    html = client.get("/", headers={"accept-language": "hu"}).content.decode()
    assert '<html lang="hu">' in html
    assert "Bajnokság" in html
    assert "Kupa" in html


def test_language_switcher_stores_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "hu", "next": "/cup/"})
    assert response.status_code == 302
    assert response["Location"] == "/cup/"
    assert "Bajnokság" in client.get("/cup/").content.decode()
