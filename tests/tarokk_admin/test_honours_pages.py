"""The roll of honour's pages (issues 22, 23): all years newest first, a year's
page and its A4 PDF, public and in both languages; the app's closed years from
the competitions' own records and the archive's from its honours, never both for
one year; the trophy cups reached that year; officials mark an honour presented
(history kept); a team's and a player's past placings. Each page within its
query bound."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from competitions.models import Honour, HonourPresentation
from competitions.selectors import honours as honours_selectors
from competitions.selectors.closings import Placing
from competitions.selectors.honours import honour_key
from tarokk_admin.core.roles import Role
from tests.factories import (
    MembershipFactory,
    PlayerFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
)
from trophies.models import TrophyCup

pytestmark = pytest.mark.django_db

CLOSED = timezone.make_aware(dt.datetime(2025, 12, 31, 18, 0))


def placing(competition, place, team="", players=(), event="", points=None):
    return Placing(competition, event, place, team, tuple(players), points, CLOSED)


@pytest.fixture
def app_year(monkeypatch):
    """2025 closed by the app (B1's closings): its own placings."""
    placings = [
        placing("championship", 1, "Kisfaludy Kör", points=40),
        placing("championship", 2, "Szegedi Skíz", points=36),
        placing("cup", 1, "Egri Dobó"),
        placing("cup", 2, "Kisfaludy Kör"),
        placing("cup", 3, "Győri Rába"),
        placing("cup", 3, "Pécsi Mecsek"),
        placing("grand_prix", 1, "Szegedi Skíz", event="Tavaszi Nagydíj"),
        placing("free_games", 1, players=["Kovács Éva"], event="Illustrated table"),
    ]
    monkeypatch.setattr(honours_selectors, "closed_years", lambda: [2025])
    monkeypatch.setattr(
        honours_selectors,
        "year_placings",
        lambda year: placings if year == 2025 else [],
    )
    return placings


def honour(year, competition, place, name, **fields):
    return Honour.objects.create(
        year=year,
        competition=competition,
        place=place,
        name=name,
        archive_key=honour_key(year, competition, fields.get("event", ""), place, name),
        **fields,
    )


def test_the_index_lists_every_year_newest_first_never_twice(client, app_year):
    honour(2012, "championship", 1, "Régi Pagát")
    honour(2025, "championship", 1, "Archive's champion of 2025")  # the app's stands
    page = client.get(reverse("honours")).text
    assert page.index("2025") < page.index("2012")
    assert "Kisfaludy Kör" in page
    assert "Régi Pagát" in page
    assert "Archive's champion of 2025" not in page


def test_a_year_of_the_app_shows_every_competition_and_the_cups_reached(
    client, app_year, django_assert_max_num_queries
):
    TrophyCup.objects.create(
        player=PlayerFactory(name="Nagy Béla"), threshold=250, date=dt.date(2025, 5, 1)
    )
    with django_assert_max_num_queries(8):
        response = client.get(reverse("honours_year", args=[2025]))
    page = response.text
    for words in (
        "Team championship",
        "Kisfaludy Kör",
        "Finalist",
        "Bronze",
        "Pécsi Mecsek",
        "Tavaszi Nagydíj",
        "Illustrated table",
        "Kovács Éva",
        "250 points cup",
        "Nagy Béla",
    ):
        assert words in page
    assert "Mark presented" not in page  # the public sees no buttons


def test_a_year_in_hungarian(client, app_year):
    client.cookies["django_language"] = "hu"
    page = client.get(reverse("honours_year", args=[2025])).text
    assert "Dicsőségtábla 2025" in page
    assert "Döntős" in page


def test_an_archive_year_and_the_index_keep_their_query_bounds(
    client, django_assert_max_num_queries
):
    for year in range(2011, 2026):
        honour(year, "championship", 1, f"Bajnok {year}")
        honour(year, "cup", 3, f"Bronz {year}")
    with django_assert_max_num_queries(6):
        assert client.get(reverse("honours")).status_code == 200
    with django_assert_max_num_queries(8):
        page = client.get(reverse("honours_year", args=[2013])).text
    assert "Bajnok 2013" in page
    assert "Bronz 2013" in page
    assert "Bajnok 2014" not in page


def test_a_year_without_honours_is_a_404(client):
    assert client.get(reverse("honours_year", args=[1999])).status_code == 404
    assert client.get(reverse("honours_pdf", args=[1999])).status_code == 404


def test_the_pdf_is_an_a4_document(client, app_year):
    response = client.get(reverse("honours_pdf", args=[2025]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert "2025.pdf" in response["Content-Disposition"]


def test_an_official_marks_an_honour_presented_and_takes_it_back(client, app_year):
    official = UserFactory(roles=[Role.OFFICIAL])
    client.force_login(official)
    key = honours_selectors.honour_key(2025, "cup", "", 1, "Egri Dobó")
    url = reverse("officials:honour_presented", args=[2025])
    assert "Mark presented" in client.get(reverse("honours_year", args=[2025])).text
    response = client.post(url, {"key": key, "presented": "1"})
    assert response.status_code == 302
    mark = HonourPresentation.objects.get()
    assert (mark.year, mark.key, mark.presented, mark.presented_by) == (
        2025,
        key,
        True,
        official,
    )
    assert (mark.competition, mark.label) == ("cup", "1. Egri Dobó")
    page = client.get(reverse("honours_year", args=[2025])).text
    assert "presented (" in page
    client.post(url, {"key": key, "presented": "0"})
    mark.refresh_from_db()
    assert mark.presented is False
    assert mark.history.count() == 2


def test_an_unknown_honour_or_a_visitor_is_refused(client, app_year):
    url = reverse("officials:honour_presented", args=[2025])
    assert client.post(url, {"key": "x"}).status_code in (302, 403)
    assert not HonourPresentation.objects.exists()
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(url, {"key": "nope"}, follow=True)
    assert "has no such honour" in response.text
    assert not HonourPresentation.objects.exists()
    assert client.get(url).status_code == 405


def test_a_team_page_shows_its_past_placings(client, app_year):
    team = TeamFactory(name="Kisfaludy Kör")
    honour(2013, "cup", 1, "Kisfaludy Kör")  # by its name, as written then
    honour(2014, "championship", 2, "Kisfaludy Kor", team=team)
    page = client.get(reverse("team", args=[team.pk])).text
    assert "Past placings" in page
    for words in ("2025", "2014", "2013", "Kisfaludy Kor"):
        assert words in page


def test_a_player_page_shows_placings_and_the_teams_played_for(client, app_year):
    eva = PlayerFactory(name="Kovács Éva")
    team = TeamFactory(name="Dunakeszi Pagát")
    MembershipFactory(player=eva, team=team, season=SeasonFactory(year=2024))
    honour(2014, "free_games", 1, "Kovács Éva", player=eva, event="Emperor table")
    page = client.get(reverse("trophies:player", args=[eva.pk])).text
    assert "Past placings" in page
    assert "Emperor table" in page
    assert "Illustrated table" in page
    assert "Dunakeszi Pagát" in page


def test_a_year_closed_by_the_app_is_on_the_roll_and_refused_by_the_import(client):
    """Through the real closings (R15): the championship closed for 2025 is the
    roll's 2025, the archive's row of 2025 is refused and never shown."""
    from competitions.services.archive_honours import honours_archive_check
    from competitions.services.closings import competition_close
    from tarokk_admin.core.sheets import sheet_read
    from tests.competitions.kit import completed
    from tests.factories import CompetitionFactory, team_with_roster

    season = SeasonFactory(year=2025)
    champ = CompetitionFactory(season=season)
    alfa, beta = (team_with_roster(season, name=n) for n in ("Alfa", "Béta"))
    completed(champ, alfa, beta, 60, 40, day=1)
    competition_close(competition=champ, user=UserFactory(roles=[Role.OFFICIAL]))
    honour(2025, "championship", 1, "Régi bajnok")  # stored before the closing
    page = client.get(reverse("honours_year", args=[2025])).text
    assert "Alfa" in page
    assert "Régi bajnok" not in page
    sheet = sheet_read(
        b"year,competition,place,team\n2025,championship,1,Alfa\n", source="h.csv"
    )
    outcome = honours_archive_check(sheet)
    assert [(p.line, p.column, p.code) for p in outcome.problems] == [
        (2, "year", "closed_year")
    ]
