"""The free-games pages (R15): the year's tables, their CSV/XLSX and the API; the
players' pages (record, confirm, claim their record) and the officials' desk (claims,
links, closing). Bounded queries; an unconfirmed sitting appears nowhere public."""

from __future__ import annotations

import datetime as dt
import json
import re

import pytest

from competitions.models import Player, PlayerClaim, VariantSitting
from competitions.services.free_games import free_games_close, free_games_competition
from competitions.services.sittings import sitting_void
from tarokk_admin.core.roles import Role
from tests.competitions.kit import completed, linked_player, sitting_of
from tests.factories import PlayerFactory, SeasonFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

YEAR = "/free-games/2026/"
API = "/api/free-games/2026/"
QUERIES = 14


@pytest.fixture
def year():
    """A season with a Royal free game, two Emperor sittings (one confirmed, one
    pending), a confirmed High Tarokk sitting and a void one."""
    season = SeasonFactory(year=2026)
    completed(
        free_games_competition(season),
        TeamFactory(name="Alfa"),
        TeamFactory(name="Béta"),
        90,
        80,
    )
    anna, bela, cili, dora = (
        linked_player(n) for n in ("Ács Anna", "Zala Béla", "Kiss Cili", "Rejtett Dóra")
    )
    sitting_of([(anna, 120), (bela, -20), (cili, -100)], confirm_by=bela.user)
    sitting_of([(dora, 999), (anna, 1), (bela, 2)])  # pending: counts nowhere
    sitting_of([(cili, 9), (anna, 1), (bela, 5)], variant="high", confirm_by=anna.user)
    void = sitting_of([(dora, 500), (anna, 1), (bela, 2)], confirm_by=anna.user)
    sitting_void(sitting=void, user=UserFactory(roles=[Role.OFFICIAL]), reason="twice")
    return season


def test_r15_the_year_page_shows_a_table_per_variant_and_the_royal_table(
    client, year, django_assert_max_num_queries
):
    with django_assert_max_num_queries(QUERIES):
        response = client.get(YEAR)
    html = response.content.decode()
    assert response.status_code == 200
    for title in ("Royal free games", "Emperor Tarokk", "High Tarokk"):
        assert f">{title}</h2>" in html
    assert "Rejtett Dóra" not in html  # pending and void sittings count nowhere
    cells = re.findall(r">\s*(-?\d+)\s*<", html)  # numbers shown, not in tokens
    assert "120" in cells
    assert "999" not in cells
    assert "500" not in cells
    assert "Leading: Ács Anna" in html
    assert "Winners of 2026" not in html


@pytest.mark.parametrize(
    ("table", "lines"),
    [
        ("royal", ["Rank,Team,Matches,Match points", "1,Alfa,1,90", "2,Béta,1,80"]),
        (
            "emperor",
            [
                "Rank,Player,Sittings,Points",
                "1,Ács Anna,1,120",
                "2,Zala Béla,1,-20",
                "3,Kiss Cili,1,-100",
            ],
        ),
    ],
)
def test_each_table_is_exported_on_its_own(client, year, table, lines):
    response = client.get(YEAR, {"_export": "csv", "table": table})
    assert response.status_code == 200
    assert response.content.decode("utf-8-sig").splitlines() == lines


def test_an_unknown_table_or_format_is_a_clear_400(client, year):
    response = client.get(YEAR, {"_export": "csv", "table": "tarot"})
    assert response.status_code == 400
    assert "Unknown table “tarot”: use one of royal, emperor, high." in (
        response.content.decode()
    )
    xlsx = client.get(YEAR, {"_export": "xlsx", "table": "high"})
    assert xlsx.status_code == 200
    assert xlsx["Content-Type"].startswith("application/vnd.openxmlformats")


def test_r15_the_api_gives_the_same_tables(client, year, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        response = client.get(API)
    data = json.loads(response.content)
    assert data["season"] == 2026
    assert data["closed"] is None
    assert [(t["key"], t["variant"], t["unit"]) for t in data["tables"]] == [
        ("royal", None, "match_points"),
        ("emperor", "emperor", "variant_points"),
        ("high", "high", "variant_points"),
    ]
    emperor = data["tables"][1]
    assert emperor["rows"][0] == {
        "rank": 1,
        "entrant": "player",
        "id": Player.objects.get(name="Ács Anna").pk,
        "name": "Ács Anna",
        "games": 1,
        "points": 120,
    }
    assert emperor["winners"] == []
    assert "Rejtett" not in response.content.decode()


def test_r15_after_closing_the_page_and_the_api_name_the_winners(client, year):
    VariantSitting.objects.filter(status="pending").update(status="void")
    free_games_close(
        season=year, user=UserFactory(roles=[Role.OFFICIAL]), today=dt.date(2027, 1, 2)
    )
    html = client.get(YEAR).content.decode()
    assert "Winners of 2026" in html
    assert "Emperor Tarokk</strong>: Ács Anna (120)" in html
    data = client.get(API).json()
    assert data["closed"] is not None
    assert data["tables"][0]["winners"] == [
        {
            "entrant": "team",
            "id": data["tables"][0]["rows"][0]["id"],
            "name": "Alfa",
            "points": 90,
        }
    ]


@pytest.mark.parametrize(
    ("year", "status"), [("1999", 404), ("abcd", 400), ("20266", 400)]
)
def test_the_api_answers_bad_years_in_json(client, year, status):
    response = client.get(f"/api/free-games/{year}/")
    assert response.status_code == status
    assert "error" in response.json()


# --- The players' pages ---------------------------------------------------------


def test_r15_a_player_records_a_sitting_from_their_account(client):
    SeasonFactory(year=2026)
    eva = linked_player("Kovács Éva", federation_number="H00001")
    bela, _cili = PlayerFactory(name="Nagy Béla"), PlayerFactory(name="Ács Cili")
    client.force_login(eva.user)
    page = client.get("/free-games/sittings/new/").content.decode()
    assert 'value="Kovács Éva (H00001)"' in page  # the recorder is the first player
    assert "Nagy Béla (" in page  # offered in the list
    response = client.post(
        "/free-games/sittings/new/",
        {
            "variant": "emperor",
            "date": "2026-05-02",
            "player_1": "Kovács Éva (H00001)",
            "points_1": "120",
            "player_2": bela.federation_number,
            "points_2": "-40",
            "player_3": "ács cili",
            "points_3": "-80",
        },
    )
    sitting = VariantSitting.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/free-games/sittings/{sitting.pk}/"
    assert sitting.status == "pending"
    assert sitting.recorded_by == eva.user
    assert sorted(sitting.results.values_list("points", flat=True)) == [-80, -40, 120]


@pytest.mark.parametrize(
    ("post", "field", "words"),
    [
        pytest.param({"player_2": "Senki Sem"}, "player_2", "No player", id="unknown"),
        pytest.param({"points_2": ""}, "points_2", "Enter Nagy Béla", id="no-points"),
        pytest.param(
            {"player_3": "", "points_3": ""}, "player_1", "3 to 5", id="two-players"
        ),
        pytest.param({"variant": "training"}, "name", "Name the game", id="no-name"),
        pytest.param({"date": "2999-01-01"}, "date", "future", id="future"),
    ],
)
def test_the_sitting_form_says_what_is_wrong_and_stores_nothing(
    client, post, field, words
):
    SeasonFactory(year=2026)
    eva = linked_player("Kovács Éva")
    PlayerFactory(name="Nagy Béla", federation_number="H77777")
    PlayerFactory(name="Ács Cili", federation_number="H88888")
    client.force_login(eva.user)
    data = {
        "variant": "emperor",
        "date": "2026-05-02",
        "player_1": eva.federation_number,
        "points_1": "1",
        "player_2": "H77777",
        "points_2": "2",
        "player_3": "H88888",
        "points_3": "3",
    }
    data.update(post)
    response = client.post("/free-games/sittings/new/", data)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert words in " ".join(errors[field] if field else errors["__all__"])
    assert not VariantSitting.objects.exists()


def test_an_unlinked_account_is_sent_to_claim_its_record(client):
    user = UserFactory()
    client.force_login(user)
    response = client.get("/free-games/sittings/new/")
    assert response["Location"] == "/free-games/account/"
    player = PlayerFactory(name="Kovács Éva")
    response = client.post("/free-games/account/", {"player": player.federation_number})
    assert response.status_code == 302
    claim = PlayerClaim.objects.get()
    assert (claim.user, claim.player, claim.status) == (user, player, "pending")
    assert (
        "an official will confirm it"
        in client.get("/free-games/account/").content.decode()
    )


def test_anonymous_visitors_are_sent_to_log_in(client):
    for url in (
        "/free-games/mine/",
        "/free-games/sittings/new/",
        "/free-games/account/",
    ):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/"), url


def test_r15_a_table_mate_confirms_from_my_free_games(
    client, django_assert_max_num_queries
):
    SeasonFactory(year=2026)
    eva, bela, cili = (
        linked_player(n) for n in ("Kovács Éva", "Nagy Béla", "Ács Cili")
    )
    sitting = sitting_of([(eva, 1), (bela, 2), (cili, 3)])
    client.force_login(bela.user)
    with django_assert_max_num_queries(QUERIES):
        page = client.get("/free-games/mine/").content.decode()
    assert "Waiting for my confirmation" in page
    assert f"/free-games/sittings/{sitting.pk}/confirm/" in page
    response = client.post(
        f"/free-games/sittings/{sitting.pk}/confirm/", {"next": "/free-games/mine/"}
    )
    assert response["Location"] == "/free-games/mine/"
    sitting.refresh_from_db()
    assert (sitting.status, sitting.confirmed_by) == ("confirmed", bela.user)


def test_the_recorder_cannot_confirm_and_is_told_why(client):
    SeasonFactory(year=2026)
    eva, bela, cili = (linked_player() for _ in range(3))
    sitting = sitting_of([(eva, 1), (bela, 2), (cili, 3)])
    client.force_login(eva.user)
    response = client.post(f"/free-games/sittings/{sitting.pk}/confirm/", follow=True)
    assert "not the player who recorded it" in response.content.decode()
    sitting.refresh_from_db()
    assert sitting.status == "pending"


# --- The officials' desk ----------------------------------------------------------

DESK = "/officials/free-games/"


@pytest.mark.parametrize("role", [None, Role.REFEREE, Role.JURY, Role.TEAM_CAPTAIN])
def test_the_desk_is_for_officials_only(client, role):
    client.force_login(UserFactory(roles=[role] if role else []))
    assert client.get(DESK).status_code == 403
    assert client.post(f"{DESK}2026/close/").status_code == 403


def test_the_desk_lists_pending_sittings_and_claims(
    client, year, django_assert_max_num_queries
):
    claim = PlayerClaim.objects.create(
        user=UserFactory(username="nora"), player=PlayerFactory()
    )
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    with django_assert_max_num_queries(QUERIES + 4):
        html = client.get(DESK).content.decode()
    pending = VariantSitting.objects.get(status="pending")
    assert f"/free-games/sittings/{pending.pk}/confirm/" in html
    assert f"/officials/free-games/claims/{claim.pk}/accept/" in html
    assert "<strong>nora</strong>" in html


def test_an_official_accepts_a_claim_and_links_an_account(client):
    official = UserFactory(roles=[Role.OFFICIAL])
    user, player = UserFactory(username="nora"), PlayerFactory()
    claim = PlayerClaim.objects.create(user=user, player=player)
    client.force_login(official)
    client.post(f"{DESK}claims/{claim.pk}/accept/")
    player.refresh_from_db()
    assert player.user == user
    other = PlayerFactory(federation_number="H55555")
    UserFactory(username="zoli")
    response = client.post(
        f"{DESK}accounts/link/", {"link-player": "H55555", "link-username": "zoli"}
    )
    assert response.status_code == 302
    other.refresh_from_db()
    assert other.user.username == "zoli"
    response = client.post(
        f"{DESK}accounts/link/", {"link-player": "H55555", "link-username": "nobody"}
    )
    assert response.status_code == 400
    assert "There is no account with the username" in response.content.decode()


def test_an_official_closes_a_year_only_when_it_is_over(client, year):
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))
    response = client.post(f"{DESK}2026/close/", follow=True)
    assert "can be closed when the year is over" in response.content.decode()


def test_the_date_field_is_iso_in_every_language(client):
    """A date input takes only YYYY-MM-DD: the Hungarian page must not fill in
    "2026.05.02." (Chromium would show an empty date)."""
    SeasonFactory(year=2026)
    eva = linked_player()
    sitting = sitting_of([(eva, 1), (linked_player(), 2), (linked_player(), 3)])
    client.force_login(eva.user)
    page = client.get(
        f"/free-games/sittings/{sitting.pk}/correct/", HTTP_ACCEPT_LANGUAGE="hu"
    ).content.decode()
    assert 'type="date" name="date" value="2026-05-02"' in page
    assert "A parti javítása" in page  # the page is in Hungarian


def test_every_problem_of_the_sitting_form_is_reported_at_once_first_focused(client):
    """Issue 20: four mistakes took three tries. Each problem is listed on top, at
    its field, and the first field at fault has the focus; nothing is stored."""
    SeasonFactory(year=2026)
    eva = linked_player("Kovács Éva")
    PlayerFactory(name="Nagy Béla", federation_number="H77777")
    PlayerFactory(name="Ács Cili", federation_number="H88888")
    client.force_login(eva.user)
    response = client.post(
        "/free-games/sittings/new/",
        {
            "variant": "training",  # named variants need a name: none given
            "date": "2999-01-01",  # in the future
            "event": "x" * 121,  # too long
            "player_1": "H77777",  # two players, and not the recorder
            "points_1": "5",
            "player_2": "H88888",
            "points_2": "-5",
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert set(errors) == {"name", "date", "event", "player_1"}
    assert "Name the game" in " ".join(errors["name"])
    assert "future" in " ".join(errors["date"])
    players = " ".join(errors["player_1"])
    assert "3 to 5" in players
    assert "add yourself" in players
    problems = response.context["problems"]
    assert len(problems) == 5
    html = response.content.decode()
    assert 'id="form-problems"' in html
    assert html.count("autofocus") == 1
    first = problems[0].anchor
    assert re.search(
        rf'<[^>]*id="{first}"[^>]*autofocus|autofocus[^>]*id="{first}"', html
    )
    assert not VariantSitting.objects.exists()


def test_the_year_asked_for_filters_everything_on_the_desk(client, year):
    """Issue 20: under ?year=2027 the desk listed 2026's sittings."""
    anna = linked_player("Ős Anna")
    bela = linked_player("Ős Béla")
    cili = linked_player("Ős Cili")
    old = sitting_of([(anna, 3), (bela, 2), (cili, -5)], date=dt.date(2025, 5, 2))
    new = VariantSitting.objects.filter(season=year)
    client.force_login(UserFactory(roles=[Role.OFFICIAL]))

    html = client.get(f"{DESK}?year=2025").content.decode()
    assert f"/free-games/sittings/{old.pk}/" in html
    for sitting in new:
        assert f"/free-games/sittings/{sitting.pk}/" not in html

    response = client.get(f"{DESK}?year=2027")
    html = response.content.decode()
    assert response.context["pending"] == []
    assert response.context["sittings"] == []
    assert "There is no 2027 season" in html
    for sitting in [old, *new]:
        assert f"/free-games/sittings/{sitting.pk}/" not in html

    html = client.get(DESK).content.decode()  # no year: the current season
    pending = new.get(status="pending")
    assert f"/free-games/sittings/{pending.pk}/confirm/" in html
