"""URL and form parameters that str.isdigit() would let through, and NUL bytes, get a
clear 400/404 instead of a 500 (issue standards: bad input never a traceback)."""

import pytest

from tests.factories import TeamFactory


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "statuses"),
    [
        ("/teams/{team}/?season=²", {404}),
        ("/grand-prix/?season=²", {404}),
        ("/api/cup/²/", {400, 404}),
        ("/api/trophies/?year=²", {400}),
        ("/api/trophies/?page=" + "9" * 40, {400}),
        ("/api/trophies/?q=%00", {400}),
        ("/api/players/²/trophies/", {400, 404}),
        ("/trophies/?q=%00", {200, 400}),
    ],
)
def test_bad_parameter_is_refused_clearly(client, url, statuses):
    team = TeamFactory()
    response = client.get(url.format(team=team.pk))
    assert response.status_code in statuses


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    ["/api/championship/2026/", "/api/grand-prix/?season=2026", "/api/cup/2026/",
     "/api/trophy-list/"],
)  # fmt: skip
def test_every_api_answers_a_post_with_a_json_405(client, url):
    response = client.post(url)
    assert response.status_code == 405
    assert "error" in response.json()


@pytest.mark.django_db
def test_cup_api_tells_a_malformed_year_from_a_missing_cup(client):
    assert client.get("/api/cup/abc/").status_code == 400
    assert client.get("/api/cup/1999/").status_code == 404
