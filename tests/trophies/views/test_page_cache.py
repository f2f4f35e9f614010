"""The trophy list's cached page: a new trophy, cup or points
change shows at once, each search has its own copy, the officials' button is never
cached across users, fewer queries on a warm cache (R14)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.factories import PlayerFactory
from tests.trophies.kit import awards_for, official
from trophies.models import TrophyTally
from trophies.services.trophy_cups import trophy_cups_recompute

pytestmark = pytest.mark.django_db

LIST = "/trophies/"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def test_r14_a_new_trophy_shows_on_the_cached_list_and_search(client):
    awards_for(PlayerFactory(name="Kovács Éva"), "royal")
    assert "Kovács Éva" in client.get(LIST).text
    assert "Szabó Ádám" not in client.get(LIST, {"q": "szabo"}).text
    awards_for(PlayerFactory(name="Szabó Ádám"), "golgotha", "spadille")
    assert "Szabó Ádám" in client.get(LIST).text
    assert "Szabó Ádám" in client.get(LIST, {"q": "szabo"}).text


def test_r14_points_kept_without_history_still_change_the_page(client):
    """The cup recompute corrects a player's kept points (a tally has no history
    row): the cached page sees the change through the tally's version."""
    player = PlayerFactory(name="Kovács Éva")
    awards_for(player, "royal")
    tally = TrophyTally.objects.get(player=player)
    TrophyTally.objects.filter(pk=tally.pk).update(points=tally.points + 1234)
    cache.clear()
    assert f">{tally.points + 1234}<" in client.get(LIST).text
    trophy_cups_recompute(player_ids=[player.pk])
    assert f">{tally.points}<" in client.get(LIST).text


def test_r14_each_search_has_its_own_cached_page(client):
    awards_for(PlayerFactory(name="Kovács Éva"), "royal")
    awards_for(PlayerFactory(name="Nagy Péter"), "royal")
    kovacs = client.get(LIST, {"q": "kovacs"}).text
    nagy = client.get(LIST, {"q": "nagy"}).text
    assert "Kovács Éva" in kovacs
    assert "Nagy Péter" not in kovacs
    assert "Nagy Péter" in nagy
    assert "Kovács Éva" not in nagy


def test_the_officials_button_is_not_cached_across_users(client):
    awards_for(PlayerFactory(), "royal")
    assert "Enter a variant-game trophy" not in client.get(LIST).text
    client.force_login(official())
    assert "Enter a variant-game trophy" in client.get(LIST).text
    client.logout()
    assert "Enter a variant-game trophy" not in client.get(LIST).text


def test_languages_do_not_share_the_cached_list(client, django_assert_num_queries):
    awards_for(PlayerFactory(), "royal")
    client.get(LIST, HTTP_ACCEPT_LANGUAGE="en")
    with django_assert_num_queries(1):
        client.get(LIST, HTTP_ACCEPT_LANGUAGE="en")
    with django_assert_num_queries(8):  # a body of its own: rendered again
        response = client.get(LIST, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.headers["Content-Language"] == "hu"


@pytest.mark.parametrize("players", [3, 30])
def test_list_page_runs_one_query_on_a_warm_cache(
    client, django_assert_max_num_queries, players
):
    for n in range(players):
        awards_for(PlayerFactory(name=f"Kovács {n}"), "royal", "golgotha")
    for params in ({}, {"q": "kovacs"}, {"year": "2026"}, {"trophy": "golgotha"}):
        with django_assert_max_num_queries(8):
            assert client.get(LIST, params).status_code == 200
        with django_assert_max_num_queries(1):
            assert client.get(LIST, params).status_code == 200
    # A filter the list cannot use shows its error and is never kept: rendered
    # each time, within the same bound.
    for _ in range(2):
        with django_assert_max_num_queries(8):
            response = client.get(LIST, {"trophy": "bogus"})
        assert response.status_code == 200
        assert "bogus" in response.text
