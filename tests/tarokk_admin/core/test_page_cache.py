"""The public pages' cached HTML (competitions/selectors/page_cache):
never stale after a hand, a completion, a correction, a void, a trophy or a re-flag;
a non-public match never reaches an anonymous visitor from the cache (R15); languages
never share a body; fewer queries on a warm cache."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.cache import cache

from competitions.models import Competition, MatchResult
from competitions.services.grand_prix import grand_prix_championship_flag
from competitions.services.matches import jury_approve, match_complete, match_void
from scoring.engine import score_hand_record
from scoring.models import Hand
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    ready_match,
    sheet,
    trophy_award,
)

pytestmark = pytest.mark.django_db

WARM_QUERIES = 2  # the season, team or match with its data mark (+ current season)


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()


def official():
    return UserFactory(roles=[Role.OFFICIAL])


def played(run_tasks, **kwargs):
    """A match of 8 hands completed through the services, its follow-up task run."""
    match = ready_match(**kwargs)
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=match.referee)
    with run_tasks(execute=True):
        match_complete(match=match, user=official())
    return match


def points_of(html: str, team_name: str) -> str:
    """The points cell of a team's row in the championship table."""
    row = re.search(
        rf"<tr[^>]*>(?:(?!</tr>).)*{re.escape(team_name)}.*?</tr>", html, re.S
    )
    assert row, team_name
    return row.group(0)


def test_r15_championship_table_shows_a_new_completed_match_at_once(
    client, django_capture_on_commit_callbacks
):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b = TeamFactory(name="Alpha"), TeamFactory(name="Bravo")
    completed(champ, a, b, 71, 29)
    assert ">71<" in points_of(client.get("/championship/2026/").text, "Alpha")
    # A new match completed through the services (its follow-up task run).
    match = played(django_capture_on_commit_callbacks, competition=champ)
    result = MatchResult.objects.get(match=match, team=match.team_a)
    html = client.get("/championship/2026/").text
    assert f">{result.points}<" in points_of(html, match.team_a.name)


def test_r15_championship_table_drops_a_voided_match(
    client, django_capture_on_commit_callbacks
):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b, c = TeamFactory(name="Alpha"), TeamFactory(name="Bravo"), TeamFactory()
    completed(champ, a, b, 71, 29)
    voided = completed(champ, a, c, 60, 40)
    assert ">131<" in points_of(client.get("/championship/2026/").text, "Alpha")
    with django_capture_on_commit_callbacks(execute=True):
        match_void(match=voided, user=official(), reason="wrong teams")
    assert ">71<" in points_of(client.get("/championship/2026/").text, "Alpha")


def test_r15_championship_table_follows_a_grand_prix_counted_by_a_bulk_update(client):
    """The Grand Prix flag re-flags its matches with a bulk update (no history rows):
    the competitions' part of the data mark still sees it."""
    season = SeasonFactory(year=2026)
    CompetitionFactory(season=season)
    gp = CompetitionFactory(season=season, kind=Competition.Kind.GRAND_PRIX)
    a, b = TeamFactory(name="Alpha"), TeamFactory(name="Bravo")
    completed(gp, a, b, 70, 30)
    assert "Alpha" not in client.get("/championship/2026/").text
    grand_prix_championship_flag(competition=gp, counts=True)
    assert ">70<" in points_of(client.get("/championship/2026/").text, "Alpha")


def test_r14_r15_team_page_shows_a_new_trophy_and_a_renamed_opponent(client):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    a, b = TeamFactory(name="Alpha"), TeamFactory(name="Bravo")
    match = completed(champ, a, b, 71, 29)
    page = f"/teams/{a.pk}/?season=2026"
    assert "Bravo" in client.get(page).text
    assert "Golgotha" not in client.get(page).text
    trophy_award(match, a, "golgotha")
    b.name = "Bravo Renamed"
    b.save()
    html = client.get(page).text
    assert "Bravo Renamed" in html
    assert "Golgotha" in html


def test_match_page_shows_a_hand_saved_while_in_play(client):
    match = ready_match()
    assert "Hand 1" not in client.get(f"/matches/{match.pk}/").text
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    html = client.get(f"/matches/{match.pk}/").text
    assert "Hand 1" in html
    # A new version of the same hand (same number, same count of hands).
    hand = Hand.objects.get(match=match, number=1)
    hand_save(match=match, number=1, record=sheet(7), user=match.referee, version=1)
    hand.refresh_from_db()
    html = client.get(f"/matches/{match.pk}/").text
    assert f'<td class="fw-bold">{hand.attack_score}</td>' in html


def test_r11_match_page_and_table_show_a_corrected_hand_after_completion(
    client, django_capture_on_commit_callbacks
):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    match = played(django_capture_on_commit_callbacks, competition=champ)
    before = MatchResult.objects.get(match=match, team=match.team_a)
    client.get(f"/matches/{match.pk}/")
    client.get("/championship/2026/")
    seed = next(
        s
        for s in range(20, 200)
        if score_hand_record(sheet(s))["attack"]["score"]
        != score_hand_record(sheet(1))["attack"]["score"]
    )
    with django_capture_on_commit_callbacks(execute=True):
        hand_save(
            match=match,
            number=1,
            record=sheet(seed),
            user=official(),
            version=1,
            reason="wrong contra",
        )
    after = MatchResult.objects.get(match=match, team=match.team_a)
    assert after.total != before.total
    html = client.get(f"/matches/{match.pk}/").text
    assert f"<td>{after.total}</td>" in html
    assert f">{after.points}<" in points_of(
        client.get("/championship/2026/").text, match.team_a.name
    )


def test_r15_anonymous_visitor_never_gets_a_non_public_match_from_the_cache(client):
    match = ready_match(public=False)  # no hand before the jury approves (R15)
    client.force_login(official())
    assert client.get(f"/matches/{match.pk}/").status_code == 200  # cached
    client.logout()
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    jury_approve(
        match=match,
        user=UserFactory(roles=[Role.JURY]),
        when=dt.datetime(match.date.year, 1, 2, tzinfo=dt.UTC),
    )
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 200
    assert "approved by the jury" in response.text


def test_navbar_login_state_is_not_cached_across_users(client):
    match = ready_match()
    user = official()
    client.force_login(user)
    assert user.username in client.get(f"/matches/{match.pk}/").text
    client.logout()
    assert user.username not in client.get(f"/matches/{match.pk}/").text


def test_languages_do_not_share_cached_html(
    client, django_assert_max_num_queries, django_assert_num_queries
):
    """The body holds translated text: a second language renders its own body (the
    cold path's queries run again), then has its own warm copy."""
    match = ready_match()
    url = f"/matches/{match.pk}/"
    client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    with django_assert_num_queries(1):  # the match with its data mark
        client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    with django_assert_num_queries(5):  # and the whole match, line-ups, hands, results
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.headers["Content-Language"] == "hu"
    with django_assert_num_queries(1):
        client.get(url, HTTP_ACCEPT_LANGUAGE="hu")


@pytest.mark.parametrize("n_matches", [2, 12])
def test_public_pages_run_fewer_queries_on_a_warm_cache(
    client, django_assert_max_num_queries, n_matches
):
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    teams = [TeamFactory() for _ in range(4)]
    for i in range(n_matches):
        completed(champ, teams[i % 4], teams[(i + 1) % 4], 50 + i, 50 - i, day=i + 1)
    match = ready_match(competition=champ)
    hand_save(match=match, number=1, record=sheet(1), user=match.referee)
    for url in (
        "/championship/2026/",
        f"/teams/{teams[0].pk}/",
        f"/matches/{match.pk}/",
    ):
        with django_assert_max_num_queries(12):  # cold: as before the cache
            assert client.get(url).status_code == 200
        with django_assert_max_num_queries(WARM_QUERIES):
            assert client.get(url).status_code == 200
