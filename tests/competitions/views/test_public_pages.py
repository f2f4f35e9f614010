"""Public pages: championship table with filters, sorting and exports; team,
match, Grand Prix, free games and home pages; a fixed number of SQL queries whatever
the data size; non-public matches hidden (R15); the officials' Grand Prix pages."""

from __future__ import annotations

import datetime as dt

import pytest

from competitions.models import Competition, GrandPrixEntry, JuryApproval, Match
from competitions.services.matches import match_complete
from competitions.tables import ChampionshipTable
from scoring.services.hands import hand_save
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, league
from tests.factories import (
    CompetitionFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    ready_match,
    sheet,
    team_with_roster,
    trophy_award,
)
from tests.tables import export_cells, table_cells

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_cache():
    """The standings cache outlives a test's rolled-back rows (Redis in CI)."""
    from django.core.cache import cache

    cache.clear()


PAGE_QUERIES = 12


def played_match(**kwargs):
    official = UserFactory(roles=[Role.OFFICIAL])
    match = ready_match(**kwargs)
    for number in range(1, 9):
        hand_save(match=match, number=number, record=sheet(number), user=official)
    match_complete(match=match, user=official)
    return match


# --- Championship ---------------------------------------------------------------------


def test_championship_address_leads_to_the_current_season(client):
    SeasonFactory(year=2026)
    response = client.get("/championship/")
    assert response.status_code == 302
    assert response["Location"] == "/championship/2026/"


def test_championship_page_shows_rank_team_points_and_the_tie_break_in_words(client):
    league(4, 1)
    html = client.get("/championship/2026/").content.decode()
    rows = table_cells(html)
    assert len(rows) == 4
    assert [row["rank"] for row in rows] == ["1", "2", "3", "4"]
    assert "Matches (of 52)" in html
    assert rows[0]["matches"] == "1 / 52"


def test_unknown_season_is_a_404(client):
    assert client.get("/championship/1990/").status_code == 404


def test_championship_filters_by_club_and_matches_played(client):
    league(6, 2)
    rows = table_cells(client.get("/championship/2026/?club=Eger").content.decode())
    assert rows
    assert all(row["club"] == "Eger" for row in rows)
    html = client.get("/championship/2026/?min_matches=99").content.decode()
    assert table_cells(html) == []
    assert "No completed match counts for this table yet." in html


def test_a_bad_filter_value_is_shown_on_its_field_not_a_500(client):
    league(4, 1)
    response = client.get("/championship/2026/?min_matches=lots")
    assert response.status_code == 200
    assert "Enter a whole number." in response.content.decode()


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_exports_carry_the_rows_the_page_shows_filtered_and_sorted(client, fmt):
    league(6, 2)
    query = "?club=Pécs&sort=-best_match"
    page = table_cells(client.get(f"/championship/2026/{query}").content.decode())
    response = client.get(f"/championship/2026/{query}&_export={fmt}")
    assert response.status_code == 200
    body = export_cells(response, ChampionshipTable)
    assert list(body[0])[:5] == ["rank", "team", "club", "matches", "score"]
    assert [row["team"] for row in body] == [row["team"] for row in page]
    assert [str(row["score"]) for row in body] == [row["score"] for row in page]


def test_an_unknown_export_format_is_a_clear_400(client):
    league(4, 1)
    response = client.get("/championship/2026/?_export=pdf")
    assert response.status_code == 400
    assert "use csv or xlsx" in response.content.decode()


@pytest.mark.parametrize("size", [(4, 1), (20, 6)], ids=["small", "large"])
def test_public_pages_run_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, size
):
    season, teams = league(*size)
    match = played_match(
        competition=Competition.objects.get(season=season, kind="championship")
    )
    gp = CompetitionFactory(season=season, kind=Competition.Kind.GRAND_PRIX, name="GP")
    completed(gp, teams[0], teams[1], 50, 60)
    for url in (
        "/",
        "/championship/2026/",
        "/championship/2026/?_export=csv",
        f"/teams/{teams[0].pk}/",
        f"/matches/{match.pk}/",
        f"/grand-prix/{gp.pk}/",
        "/grand-prix/",
        "/free-games/2026/",
        "/api/championship/2026/",
        f"/api/grand-prix/{gp.pk}/",
    ):
        with django_assert_max_num_queries(PAGE_QUERIES):
            assert client.get(url).status_code == 200, url


# --- Team and match pages -------------------------------------------------------------


def test_team_page_shows_roster_matches_chart_and_trophies(client):
    match = played_match()
    team = match.team_a
    trophy_award(match, team, "golgotha")
    html = client.get(f"/teams/{team.pk}/").content.decode()
    assert "driver" in html
    assert "catcher" in html
    assert f"/matches/{match.pk}/" in html
    assert "<svg" in html  # server-side chart, no JS
    assert "<polyline" in html
    assert "Golgotha" in html
    assert '<script src="http' not in html


def test_match_page_shows_the_score_sheet_hand_by_hand_and_match_points(client):
    match = played_match()
    html = client.get(f"/matches/{match.pk}/").content.decode()
    for number in range(1, 9):
        assert f"Hand {number}" in html
    for word in ("Consolation", "Limit", "Score", "Match points (R11)"):
        assert word in html
    assert "made" in html or "failed" in html
    result = match.results.get(team=match.team_a)
    assert f">{result.points}<" in html


def test_r15_anonymous_visitors_never_see_a_non_public_match_without_approval(client):
    match = played_match()
    Match.objects.filter(pk=match.pk).update(public=False)
    JuryApproval.objects.filter(match=match).delete()
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    home = client.get("/").content.decode()
    assert f"/matches/{match.pk}/" not in home
    jury = UserFactory(roles=[Role.JURY])
    client.force_login(jury)
    assert client.get(f"/matches/{match.pk}/").status_code == 200


def test_r15_a_non_public_match_with_a_jury_approval_is_shown(client):
    match = played_match()
    Match.objects.filter(pk=match.pk).update(public=False)
    JuryApproval.objects.update_or_create(
        match=match,
        defaults={
            "approved_by": UserFactory(),
            "approved_at": dt.datetime(2026, 3, 1, tzinfo=dt.UTC),
        },
    )
    assert client.get(f"/matches/{match.pk}/").status_code == 200


def test_public_pages_never_show_e_mail_addresses(client):
    match = played_match()
    for url in ("/", f"/matches/{match.pk}/", f"/teams/{match.team_a_id}/"):
        html = client.get(url).content.decode()
        assert "@example.org" not in html, url


# --- Grand Prix, free games, home -----------------------------------------------------


def test_officials_create_a_grand_prix_pair_rounds_override_and_flag_it(client):
    season = SeasonFactory(year=2026)
    CompetitionFactory(season=season)
    teams = [team_with_roster(season, name=f"GP {i}") for i in range(4)]
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(
        "/officials/grand-prix/", {"season": season.pk, "name": "Tavaszi Grand Prix"}
    )
    event = Competition.objects.get(kind=Competition.Kind.GRAND_PRIX)
    assert response["Location"] == f"/officials/grand-prix/{event.pk}/"
    url = response["Location"]
    client.post(url, {"action": "entries", "teams": [t.pk for t in teams]})
    assert GrandPrixEntry.objects.filter(competition=event).count() == 4
    client.post(url, {"action": "round", "date": "2026-04-11"})
    first = list(event.matches.order_by("id"))
    assert [(m.team_a, m.team_b, m.round) for m in first] == [
        (teams[0], teams[1], 1),
        (teams[2], teams[3], 1),
    ]
    # Round 2 waits for round 1 and says so.
    response = client.post(url, {"action": "round", "date": "2026-04-11"})
    assert "once every match of round 1 is completed" in response.content.decode()
    # Override: a rematch-free swap is accepted.
    response = client.post(
        f"/officials/grand-prix/matches/{first[0].pk}/",
        {"team_a": teams[0].pk, "team_b": teams[2].pk},
    )
    assert "One of the teams already plays another match" in response.content.decode()
    client.post(url, {"action": "flag", "counts": "1"})
    event.refresh_from_db()
    assert event.counts_for_championship
    assert all(m.counts_for_championship for m in event.matches.all())


def test_grand_prix_pages_are_for_officials_only(client):
    assert client.get("/officials/grand-prix/").status_code == 302
    client.force_login(UserFactory(roles=[Role.REFEREE]))
    assert client.get("/officials/grand-prix/").status_code == 403


def test_grand_prix_page_shows_raw_totals_and_rounds(client):
    season = SeasonFactory(year=2026)
    gp = CompetitionFactory(season=season, kind=Competition.Kind.GRAND_PRIX, name="GP")
    a, b = TeamFactory(name="A"), TeamFactory(name="B")
    completed(gp, a, b, 100, 90)
    html = client.get(f"/grand-prix/{gp.pk}/").content.decode()
    first = table_cells(html)[0]
    assert [first[name] for name in ("rank", "team", "club", "matches", "score")] == [
        "1",
        "A",
        "Budapest",
        "1",
        "800",
    ]
    assert "Total (raw, 24 hands)" in html


def test_home_page_shows_leaders_latest_results_and_next_matches(client):
    season, teams = league(4, 1)
    champ = Competition.objects.get(season=season, kind="championship")
    Match.objects.create(
        competition=champ,
        team_a=teams[0],
        team_b=teams[1],
        date=dt.date(2026, 12, 20),
        venue="Szeged",
    )
    html = client.get("/").content.decode()
    assert "Championship leaders" in html
    assert "Latest results" in html
    assert "Szeged" in html
