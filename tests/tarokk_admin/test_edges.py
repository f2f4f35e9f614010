"""Bad input at the edges gets a clear 4xx or a clean refusal, never a 500: an
over-long login username, export formats that are not offered, hostile admin
addresses, and spreadsheet formulas in exported cells."""

from __future__ import annotations

import io

import openpyxl
import pytest
from axes.models import AccessAttempt
from django.contrib import admin
from django.db import models
from django.test import Client

from competitions.models import Match
from competitions.tables import ChampionshipTable
from tarokk_admin.core.tables import spreadsheet_safe
from tests.competitions.kit import completed
from tests.factories import (
    CompetitionFactory,
    PlayerFactory,
    SeasonFactory,
    UserFactory,
    team_with_roster,
)
from tests.tables import export_cells
from tests.trophies.kit import awards_for
from trophies.tables import TrophyRankingTable

pytestmark = pytest.mark.django_db

# --- Login --------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
def test_a_256_character_username_is_refused_on_the_field(url):
    """django-axes stores at most 255 characters of a failed username: PostgreSQL
    refused the row and the login page answered 500."""
    client = Client(raise_request_exception=False)
    response = client.post(url, {"username": "é" * 256, "password": "x"})
    assert response.status_code == 200
    assert "A username has at most 150 characters; this one has 256." in (
        response.content.decode()
    )
    assert not AccessAttempt.objects.exists()


def test_a_150_character_username_is_still_tried_and_counted():
    Client().post("/accounts/login/", {"username": "k" * 150, "password": "x"})
    assert AccessAttempt.objects.get().username == "k" * 150


# --- Exports ------------------------------------------------------------------------


@pytest.fixture
def tables():
    """A season with a championship table, a player with trophies; the team named
    like a spreadsheet formula."""
    season = SeasonFactory(year=2026)
    champ = CompetitionFactory(season=season)
    formula = team_with_roster(season, name='=HYPERLINK("http://x.example","win")')
    other = team_with_roster(season, name="@SUM(A1)")
    completed(champ, formula, other, 60, 52)
    player = PlayerFactory(name="-2+3 Kovács")
    awards_for(player, "golgotha")
    return {"player": player}


EXPORTING_PAGES = [
    "/championship/2026/",
    "/free-games/2026/",
    "/trophies/",
    "/players/{player}/",
]


@pytest.mark.parametrize("fmt", ["xls", "yaml", "ods", "json", "latex", "tsv", ""])
@pytest.mark.parametrize("page", EXPORTING_PAGES)
def test_only_csv_and_xlsx_are_exported_other_formats_are_a_clear_400(
    tables, page, fmt
):
    client = Client(raise_request_exception=False)
    response = client.get(
        page.format(**{"player": tables["player"].pk}), {"_export": fmt}
    )
    assert response.status_code == 400
    assert "use csv or xlsx" in response.content.decode()


def test_grand_prix_refuses_other_formats_too(client):
    season = SeasonFactory(year=2026)
    event = CompetitionFactory(season=season, kind="grand_prix", name="GP")
    response = client.get(f"/grand-prix/{event.pk}/", {"_export": "ods"})
    assert response.status_code == 400


def _no_formula(response, fmt: str):
    if fmt == "xlsx":
        sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
        assert all(cell.data_type != "f" for row in sheet.iter_rows() for cell in row)
    return response


@pytest.mark.parametrize("fmt", ["csv", "xlsx"])
def test_exported_cells_are_never_formulas(client, tables, fmt):
    response = _no_formula(client.get(f"/championship/2026/?_export={fmt}"), fmt)
    table = export_cells(response, ChampionshipTable)
    teams = {row["team"] for row in table}
    assert teams == {'\'=HYPERLINK("http://x.example","win")', "'@SUM(A1)"}
    points = [row["score"] for row in table]
    assert sorted(str(p) for p in points) == ["52", "60"], "numbers stay numbers"
    response = _no_formula(client.get(f"/trophies/?_export={fmt}"), fmt)
    trophies = export_cells(response, TrophyRankingTable)
    assert "'-2+3 Kovács" in {row["name"] for row in trophies}


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1-1", "'+1-1"),
        ("-A1", "'-A1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-12", "-12"),
        ("+3.5", "+3.5"),
        ("Kovács", "Kovács"),
        (-12, -12),
        (None, None),
    ],
)
def test_spreadsheet_safe(value, safe):
    assert spreadsheet_safe(value) == safe


# --- The admin's addresses ----------------------------------------------------------


def hostile_addresses(model) -> list[str]:
    base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
    huge = "9" * 20
    first = model.objects.first()
    pk = first.pk if first else 1
    addresses = [
        f"{base}abc/change/", f"{base}{huge}/change/", f"{base}abc/delete/",
        f"{base}abc/history/", f"{base}{huge}/history/",
        f"{base}{pk}/history/abc/", f"{base}{pk}/history/{huge}/",
        f"{base}?o=abc", f"{base}?p=abc", f"{base}?id__exact=abc",
        f"{base}?id__exact={huge}", f"{base}?q=%00",
    ]  # fmt: skip
    for field in model._meta.fields:
        if isinstance(field, models.DateField):
            name = field.name
            addresses += [
                f"{base}?{name}__year=99999999999",
                f"{base}?{name}__year=2026&{name}__month=13",
                f"{base}?{name}__year=2026&{name}__month=1&{name}__day=99",
            ]
    return addresses


def test_no_admin_address_answers_500():
    """Every registered model (ours, auth's, axes'): a year past datetime's range,
    a history entry "abc", ids beyond any integer column."""
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    season = SeasonFactory(year=2025)
    teams = [team_with_roster(season) for _ in range(2)]
    completed(CompetitionFactory(season=season), *teams, 50, 40)
    answers = {}
    for model in admin.site._registry:
        for address in hostile_addresses(model):
            answers[address] = client.get(address).status_code
    assert {a: s for a, s in answers.items() if s >= 500} == {}
    assert answers["/admin/competitions/match/?date__year=99999999999"] == 302
    match = Match.objects.first()
    assert answers[f"/admin/competitions/match/{match.pk}/history/abc/"] == 404


def test_the_reported_admin_addresses_answer_4xx(client):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    response = client.get("/admin/competitions/match/?date__year=99999999999")
    assert response.status_code == 302
    assert response["Location"].endswith("?e=1")
    assert client.get("/admin/competitions/match/1/history/abc/").status_code == 404
